import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { documents, transfers } from '../../db/schema';

export type TransferRow = typeof transfers.$inferSelect;
type Db = AppContext['db'];

export async function insertTransfer(db: Db, row: typeof transfers.$inferInsert): Promise<TransferRow> {
  const [inserted] = await db.insert(transfers).values(row).returning();
  return inserted!;
}

/** One page of a project's transfers, newest first, and how many there are. */
export async function findTransfersOfProject(
  db: Db,
  projectId: number,
  page: number,
  pageSize: number,
): Promise<{ rows: TransferRow[]; total: number }> {
  const rows = await db
    .select()
    .from(transfers)
    .where(eq(transfers.projectId, projectId))
    .orderBy(desc(transfers.createdAt), desc(transfers.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [counted] = await db.select({ total: count() }).from(transfers).where(eq(transfers.projectId, projectId));
  return { rows, total: Number(counted?.total ?? 0) };
}

/** Which of these document ids belong to the project. */
export async function findDocumentIdsOfProject(db: Db, projectId: number, documentIds: number[]): Promise<Set<number>> {
  if (documentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.projectId, projectId), inArray(documents.id, documentIds)));
  return new Set(rows.map((r) => r.id));
}
