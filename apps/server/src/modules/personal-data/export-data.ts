import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { dataExports } from '../../db/schema';

export type DataExportRow = typeof dataExports.$inferSelect;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The person's copies, newest first (the page shows the last few). */
export async function listDataExports(db: Db, userId: number, limit: number): Promise<DataExportRow[]> {
  return db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.id)).limit(limit);
}

export async function findDataExport(db: Db, id: number): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

/** A new pending copy; undefined when one is already under way for the person (unique partial index). */
export async function insertDataExport(db: Db, userId: number, now: Date): Promise<DataExportRow | undefined> {
  const [row] = await db
    .insert(dataExports)
    .values({ userId, createdAt: now })
    .onConflictDoNothing({ target: dataExports.userId, where: sql`state IN ('pending', 'running')` })
    .returning();
  return row;
}

/**
 * Claims the oldest copy to build for `leaseMs`: a pending one, or one whose
 * worker's lease ran out (its process died). One statement, rows locked by
 * another process skipped: two processes never build the same copy at once.
 */
export async function claimDataExport(db: Db, lockToken: string, now: Date, leaseMs: number): Promise<DataExportRow | undefined> {
  const due = db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(or(eq(dataExports.state, 'pending'), and(eq(dataExports.state, 'running'), lte(dataExports.lockedUntil, at(now)))))
    .orderBy(dataExports.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(dataExports)
    .set({
      state: 'running',
      lockToken,
      lockedUntil: new Date(now.getTime() + leaseMs),
      attempts: sql`${dataExports.attempts} + 1`,
      progress: 0,
    })
    .where(inArray(dataExports.id, due))
    .returning();
  return row;
}

/** Progress and a renewed lease; false when the claim was lost (another process took the copy over). */
export async function recordExportProgress(db: Db, id: number, lockToken: string, progress: number, lockedUntil: Date): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ progress, lockedUntil })
    .where(and(eq(dataExports.id, id), eq(dataExports.lockToken, lockToken), eq(dataExports.state, 'running')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

export async function markExportReady(
  db: Db,
  id: number,
  lockToken: string,
  done: { storedName: string; sizeBytes: number; finishedAt: Date; expiresAt: Date },
): Promise<DataExportRow | undefined> {
  const [row] = await db
    .update(dataExports)
    .set({ state: 'ready', progress: 100, ...done, lockToken: null, lockedUntil: null, lastError: null })
    .where(and(eq(dataExports.id, id), eq(dataExports.lockToken, lockToken), eq(dataExports.state, 'running')))
    .returning();
  return row;
}

/** A failed attempt: pending again (after the lease) until `maxAttempts`, then failed for good. */
export async function recordExportFailure(
  db: Db,
  id: number,
  lockToken: string,
  error: string,
  maxAttempts: number,
  now: Date,
): Promise<void> {
  await db
    .update(dataExports)
    .set({
      state: sql`CASE WHEN ${dataExports.attempts} >= ${maxAttempts} THEN 'failed' ELSE 'pending' END`,
      finishedAt: sql`CASE WHEN ${dataExports.attempts} >= ${maxAttempts} THEN ${at(now)} END`,
      lastError: error.slice(0, 1000),
      lockToken: null,
      lockedUntil: null,
    })
    .where(and(eq(dataExports.id, id), eq(dataExports.lockToken, lockToken)));
}

/** Ready copies past their expiry become expired; answers what to remove from the storage. */
export async function expireDataExports(db: Db, now: Date, limit: number): Promise<Array<{ userId: number; storedName: string | null }>> {
  return rowsOf(
    db,
    sql`
    WITH due AS (
      SELECT id, stored_name FROM data_exports WHERE state = 'ready' AND expires_at <= ${at(now)} ORDER BY expires_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
    )
    UPDATE data_exports e SET state = 'expired', stored_name = NULL FROM due WHERE e.id = due.id
    RETURNING e.user_id AS "userId", due.stored_name AS "storedName"`,
  );
}

/** Every copy of a person, removed with their account; answers the stored names. */
export async function deleteDataExportsOf(db: Db, userId: number): Promise<Array<string | null>> {
  const rows = await db.delete(dataExports).where(eq(dataExports.userId, userId)).returning({ storedName: dataExports.storedName });
  return rows.map((r) => r.storedName);
}
