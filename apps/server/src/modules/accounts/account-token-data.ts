import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { accountTokens } from '../../db/schema';

/** The SQL of an account's single-use tokens (password reset, address confirmation): only their hashes are stored. */

export type TokenPurpose = 'reset_password' | 'confirm_email';

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  reset_password: 60 * 60 * 1000,
  confirm_email: 48 * 60 * 60 * 1000,
};

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a single-use token; only its hash is stored. */
export async function createAccountToken(db: Db, userId: number, purpose: TokenPurpose, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * Marks the token used and answers its user id, in one statement so that two
 * concurrent uses cannot both succeed. Unknown, used or expired: undefined.
 */
export async function consumeAccountToken(db: Db, token: string, purpose: TokenPurpose, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ userId: accountTokens.userId });
  return row?.userId;
}

/** The user a token was issued to, used or not (to answer a second click on a confirmation link). */
export async function findAccountTokenOwner(db: Db, token: string, purpose: TokenPurpose): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)));
  return row?.userId;
}

/**
 * Spends every token of `purpose` of the user not used yet: once the
 * password is set, through a reset link or the profile, no reset link mailed
 * before may set it again.
 */
export async function revokeAccountTokens(db: Db, userId: number, purpose: TokenPurpose, now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}
