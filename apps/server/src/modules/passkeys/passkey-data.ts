import { and, asc, count, eq, gt, isNull, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { userPasskeys, webauthnChallenges } from '../../db/schema';

export type PasskeyRow = typeof userPasskeys.$inferSelect;
export type ChallengePurpose = (typeof webauthnChallenges.$inferInsert)['purpose'];

export async function listPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(userPasskeys).where(eq(userPasskeys.userId, userId)).orderBy(asc(userPasskeys.id));
}

export async function countPasskeys(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, userId));
  return Number(row?.n ?? 0);
}

/** When the account's oldest passkey was added: the trusted devices' cookies name the factors they were earned with. */
export async function oldestPasskeyAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(userPasskeys.createdAt) })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId));
  const at = row?.at ?? null;
  return at === null ? null : new Date(at);
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(userPasskeys).where(eq(userPasskeys.credentialId, credentialId));
  return row;
}

/** Answers undefined when the credential is already registered (to this account or another). */
export async function insertPasskey(db: Db, passkey: typeof userPasskeys.$inferInsert): Promise<PasskeyRow | undefined> {
  const [row] = await db.insert(userPasskeys).values(passkey).onConflictDoNothing({ target: userPasskeys.credentialId }).returning();
  return row;
}

export async function deletePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.userId, userId), eq(userPasskeys.id, id)))
    .returning({ id: userPasskeys.id });
  return rows.length > 0;
}

export async function deletePasskeysOf(db: Db, userId: number): Promise<number> {
  const rows = await db.delete(userPasskeys).where(eq(userPasskeys.userId, userId)).returning({ id: userPasskeys.id });
  return rows.length;
}

/**
 * Moves the signature counter in one statement, only from the value the
 * assertion was checked against: of two uses racing with one counter, one wins.
 */
export async function claimPasskeyUse(db: Db, id: number, checkedCounter: number, newCounter: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(userPasskeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(userPasskeys.id, id), eq(userPasskeys.counter, checkedCounter)))
    .returning({ id: userPasskeys.id });
  return rows.length > 0;
}

/** A new challenge; the expired ones go at the same time (the index on expires_at keeps it cheap). */
export async function saveChallenge(
  db: Db,
  challenge: { challenge: string; purpose: ChallengePurpose; userId: number | null; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values(challenge);
}

/** Takes a challenge once (DELETE … RETURNING): only for its purpose and account, and before it expires. */
export async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return rows.length > 0;
}

/**
 * Adding or removing a passkey changes what the session shows (the stronger
 * password gate no longer holds a staff account with one): the account's
 * revision moves (its trigger adds one), so `/users/me` is not served from a stale tag.
 */
export async function touchUserRevision(db: Db, userId: number): Promise<void> {
  await db.execute(sql`UPDATE users SET revision = revision WHERE id = ${userId}`);
}
