import { and, count, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { accountEvents, userBackupCodes, userSecondFactors } from '../../db/schema';

export type AccountEventKind = (typeof accountEvents.$inferInsert)['kind'];

export interface SecondFactorRow {
  userId: number;
  totpSecret: string;
  lastStep: number;
  confirmedAt: Date | null;
}

export async function findSecondFactor(db: Db, userId: number): Promise<SecondFactorRow | undefined> {
  const [row] = await db
    .select({
      userId: userSecondFactors.userId,
      totpSecret: userSecondFactors.totpSecret,
      lastStep: userSecondFactors.lastStep,
      confirmedAt: userSecondFactors.confirmedAt,
    })
    .from(userSecondFactors)
    .where(eq(userSecondFactors.userId, userId));
  return row;
}

export async function hasConfirmedSecondFactor(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userSecondFactors.userId })
    .from(userSecondFactors)
    .where(and(eq(userSecondFactors.userId, userId), isNotNull(userSecondFactors.confirmedAt)));
  return row !== undefined;
}

/** A new pending secret replaces an earlier pending one; a confirmed factor is never overwritten here. */
export async function savePendingSecret(db: Db, userId: number, encrypted: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(userSecondFactors)
    .values({ userId, totpSecret: encrypted, createdAt: now })
    .onConflictDoUpdate({
      target: userSecondFactors.userId,
      set: { totpSecret: encrypted, lastStep: 0, createdAt: now },
      setWhere: isNull(userSecondFactors.confirmedAt),
    })
    .returning({ userId: userSecondFactors.userId });
  return rows.length > 0;
}

/**
 * Takes a time step for the account in one statement: only a step later than
 * the last accepted one moves it, so of two requests carrying the same code
 * (or two processes) one wins. `confirming` accepts the pending secret's first code and confirms it.
 */
export async function claimTotpStep(db: Db, userId: number, step: number, now: Date, confirming = false): Promise<boolean> {
  const rows = await db
    .update(userSecondFactors)
    .set(confirming ? { lastStep: step, confirmedAt: now } : { lastStep: step })
    .where(
      and(
        eq(userSecondFactors.userId, userId),
        lt(userSecondFactors.lastStep, step),
        confirming ? isNull(userSecondFactors.confirmedAt) : isNotNull(userSecondFactors.confirmedAt),
      ),
    )
    .returning({ userId: userSecondFactors.userId });
  return rows.length > 0;
}

export async function replaceBackupCodes(db: Db, userId: number, hashes: readonly string[]): Promise<void> {
  await db.delete(userBackupCodes).where(eq(userBackupCodes.userId, userId));
  await db.insert(userBackupCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends a backup code in one statement: two uses of one code cannot both pass. */
export async function consumeBackupCode(db: Db, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(userBackupCodes)
    .set({ usedAt: now })
    .where(and(eq(userBackupCodes.userId, userId), eq(userBackupCodes.codeHash, codeHash), isNull(userBackupCodes.usedAt)))
    .returning({ id: userBackupCodes.id });
  return rows.length > 0;
}

export async function countUnusedBackupCodes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userBackupCodes)
    .where(and(eq(userBackupCodes.userId, userId), isNull(userBackupCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Removes the factor and its backup codes (the person's own removal, or an admin's reset). */
export async function deleteSecondFactor(db: Db, userId: number): Promise<boolean> {
  await db.delete(userBackupCodes).where(eq(userBackupCodes.userId, userId));
  const rows = await db
    .delete(userSecondFactors)
    .where(eq(userSecondFactors.userId, userId))
    .returning({ userId: userSecondFactors.userId });
  return rows.length > 0;
}

export async function recordAccountEvent(
  db: Db,
  event: { userId: number; actorId: number | null; kind: AccountEventKind; at: Date },
): Promise<void> {
  await db.insert(accountEvents).values({ userId: event.userId, actorId: event.actorId, kind: event.kind, createdAt: event.at });
}

export async function listAccountEvents(db: Db, userId: number, limit = 20) {
  return db
    .select({ kind: accountEvents.kind, actorId: accountEvents.actorId, createdAt: accountEvents.createdAt })
    .from(accountEvents)
    .where(eq(accountEvents.userId, userId))
    .orderBy(accountEvents.createdAt, accountEvents.id)
    .limit(limit);
}
