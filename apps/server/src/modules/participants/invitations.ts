import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { invitations, participants } from '../../db/schema';

export const INVITATION_LIFETIME_MS = 30 * 24 * 3600_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createInvitation(db: Db, participantId: number, email: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(invitations).values({
    participantId,
    email: email.toLowerCase(),
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
  });
  return token;
}

/**
 * Uses an invitation sent to `email`: links its participant to the user.
 * Answers whether it was valid (unused, unexpired, for that address).
 */
export async function acceptInvitation(db: Db, token: string, email: string, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .update(invitations)
    .set({ usedAt: now })
    .where(
      and(
        eq(invitations.tokenHash, hashToken(token)),
        eq(invitations.email, email.toLowerCase()),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({ participantId: invitations.participantId });
  if (!row) return false;
  await db.update(participants).set({ userId }).where(and(eq(participants.id, row.participantId), isNull(participants.userId)));
  return true;
}

/**
 * Links every participant added with this (confirmed) address and no account
 * yet, so an invited person who signs up or in without the link still finds
 * their projects.
 */
export async function linkParticipantsByEmail(db: Db, userId: number, email: string): Promise<void> {
  await db
    .update(participants)
    .set({ userId })
    .where(and(sql`lower(${participants.email}) = ${email.toLowerCase()}`, isNull(participants.userId)));
}
