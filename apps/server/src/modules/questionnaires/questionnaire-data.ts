import type { Answers } from '@notadoo/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { documents } from '../../db/schema';
import type { DocumentRow } from '../projects/project-data';

export async function findDocumentById(db: Db, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
}

/**
 * Stores new answers only if the questionnaire is still at `expectedVersion`,
 * bumping the version in the same statement: of two saves based on the same
 * version exactly one matches (PostgreSQL re-checks the WHERE clause of the
 * second once the first commits). Undefined when nothing matched.
 */
export async function updateAnswersAtVersion(
  db: Db,
  change: { id: number; expectedVersion: number; answers: Answers; progress: number; at: Date },
): Promise<Pick<DocumentRow, 'id' | 'projectId' | 'version' | 'progress'> | undefined> {
  // Not the answers back: the caller has just sent them, and they are the largest column to parse.
  const [row] = await db
    .update(documents)
    .set({ answers: change.answers, progress: change.progress, version: sql`${documents.version} + 1`, updatedAt: change.at })
    .where(and(eq(documents.id, change.id), eq(documents.kind, 'questionnaire'), eq(documents.version, change.expectedVersion)))
    .returning({ id: documents.id, projectId: documents.projectId, version: documents.version, progress: documents.progress });
  return row;
}

/** Records the generated PDF of `version`; false when the answers changed meanwhile (the PDF is already stale). */
export async function recordGeneratedPdf(db: Db, id: number, version: number, file: string): Promise<boolean> {
  const rows = await db
    .update(documents)
    .set({ file })
    .where(and(eq(documents.id, id), eq(documents.version, version)))
    .returning({ id: documents.id });
  return rows.length > 0;
}
