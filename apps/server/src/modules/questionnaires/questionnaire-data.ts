import type { Answers } from '@notadoo/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedRawStatement, type RawColumns } from '../../db/prepared-statements';
import { documents } from '../../db/schema';
import type { DocumentRow } from '../projects/project-data';

export async function findDocumentById(db: Db, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
}

type SavedAnswersRow = { id: number; project_id: number; version: number; progress: number; has_marks: boolean };
const SAVED_ANSWERS_COLUMNS: RawColumns<SavedAnswersRow> = { id: true, project_id: true, version: true, progress: true, has_marks: true };

/** What a save answers: the row's new version and progress, and whether the office's marks were on it. */
export interface SavedAnswers {
  id: number;
  projectId: number;
  version: number;
  progress: number;
  /** The questionnaire had marks (answer_marks) when the update ran: a client's save has some to clear. */
  hasMarks: boolean;
}

/**
 * Stores new answers only if the questionnaire is still at `expectedVersion`,
 * bumping the version in the same statement: of two saves based on the same
 * version exactly one matches (PostgreSQL re-checks the WHERE clause of the
 * second once the first commits). Undefined when nothing matched.
 *
 * The same statement first locks the file's row (`lockProjectPeople`'s lock,
 * one round trip fewer): the document is joined to a `FOR UPDATE` subquery of
 * its file, and an UPDATE locks a row only once its plan has produced it,
 * which a join does only after reading both sides, so the file is locked
 * before the document, the order of every write to a file's people and
 * documents (decision 0090). A save that matches no document may not lock
 * the file: it writes nothing.
 *
 * It answers whether the questionnaire has marks, read in the statement's
 * snapshot: marks are only written by a save, after it updated this row, so
 * when this update matches its expected version no save that marked it is
 * unseen (one still running holds the row; one committed since the snapshot
 * moved the version on). A client's save then skips the marks' DELETE when
 * there are none, which is almost always.
 *
 * A named prepared statement: built again for each transaction's handle, so
 * the server's CPU is the same as unnamed, but PostgreSQL parses and plans it
 * once per connection (about 0.2 ms of its CPU per save, decision 0090).
 */
export async function updateAnswersAtVersion(
  db: Db,
  change: { id: number; projectId: number; expectedVersion: number; answers: Answers; progress: number; at: Date },
): Promise<SavedAnswers | undefined> {
  // Not the answers back: the caller has just sent them, and they are the largest column to parse.
  const values = {
    answers: JSON.stringify(change.answers),
    progress: change.progress,
    at: change.at.toISOString(),
    projectId: change.projectId,
    id: change.id,
    expectedVersion: change.expectedVersion,
  };
  const [row] = await preparedRawStatement<SavedAnswersRow>(db, 'save_answers', SAVED_ANSWERS_COLUMNS, () => {
    const value = (name: keyof typeof values) => sql.placeholder(name);
    return sql`UPDATE documents d
      SET answers = ${value('answers')}::jsonb, progress = ${value('progress')}::int, version = d.version + 1,
          updated_at = ${value('at')}::timestamptz
      FROM (SELECT p.id FROM projects p WHERE p.id = ${value('projectId')}::int FOR UPDATE) locked
      WHERE d.id = ${value('id')}::int AND d.project_id = locked.id AND d.kind = 'questionnaire'
        AND d.version = ${value('expectedVersion')}::int
      RETURNING d.id, d.project_id, d.version, d.progress,
        EXISTS (SELECT 1 FROM answer_marks m WHERE m.document_id = d.id) AS has_marks`;
  }).execute(values);
  return row && { id: row.id, projectId: row.project_id, version: row.version, progress: row.progress, hasMarks: row.has_marks };
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
