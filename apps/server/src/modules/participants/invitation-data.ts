import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { invitations, participants } from '../../db/schema';

/** The SQL of the invitations to a file, and of the people they link to an account: only a token's hash is stored. */

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
  await db
    .update(participants)
    .set({ userId })
    .where(and(eq(participants.id, row.participantId), isNull(participants.userId)));
  return true;
}

/** Unused invitations of a participant stop working: their e-mail changed (issue 9). */
export async function revokeInvitations(db: Db, participantId: number): Promise<void> {
  await db.delete(invitations).where(and(eq(invitations.participantId, participantId), isNull(invitations.usedAt)));
}

/**
 * At the first confirmation of a new account's address: links the people
 * added with this address before the account existed, so an invited person
 * who signed up without the link still finds the projects they were invited
 * to. An account that existed before is linked only through an invitation
 * link it accepts (issue 9).
 */
export async function linkParticipantsByEmail(db: Db, user: { id: number; createdAt: Date }, email: string): Promise<void> {
  await db
    .update(participants)
    .set({ userId: user.id })
    .where(
      and(
        sql`lower(${participants.email}) = ${email.toLowerCase()}`,
        isNull(participants.userId),
        lte(participants.createdAt, user.createdAt),
      ),
    );
}
