import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { documents, participants, projects } from '../../db/schema';

/** The SQL of a file's documents: questionnaires and drawers of files (their reads are the file's, in projects/project-data.ts). */

export type NewDocumentRow = Pick<typeof documents.$inferInsert, 'projectId' | 'participantId' | 'kind' | 'docType'>;

export async function insertDocument(db: Db, row: NewDocumentRow): Promise<void> {
  await db.insert(documents).values(row);
}

/** The questionnaires `docTypes` of a person of the file, in one statement. */
export async function insertQuestionnaires(db: Db, projectId: number, participantId: number, docTypes: readonly string[]): Promise<void> {
  if (docTypes.length === 0) return;
  await db.insert(documents).values(docTypes.map((docType) => ({ projectId, participantId, kind: 'questionnaire' as const, docType })));
}

/** Lists a stored file at the end of a drawer. */
export async function appendDrawerFile(db: Db, documentId: number, storedName: string): Promise<void> {
  await db
    .update(documents)
    .set({ files: sql`array_append(${documents.files}, ${storedName})`, updatedAt: new Date() })
    .where(eq(documents.id, documentId));
}

/** Takes a stored file off a drawer's list (the storage's copy is the caller's to remove once this is committed). */
export async function removeDrawerFile(db: Db, documentId: number, storedName: string): Promise<void> {
  await db
    .update(documents)
    .set({ files: sql`array_remove(${documents.files}, ${storedName})`, updatedAt: new Date() })
    .where(eq(documents.id, documentId));
}

export async function deleteDocument(db: Db, documentId: number): Promise<void> {
  await db.delete(documents).where(eq(documents.id, documentId));
}

/** Gives the document to a person of its file, or to none. */
export async function setDocumentOwner(db: Db, documentId: number, participantId: number | null): Promise<void> {
  await db.update(documents).set({ participantId, updatedAt: new Date() }).where(eq(documents.id, documentId));
}

/** The non-archived files the user takes part in (once per participation: a file may come twice). */
export async function findOpenProjectIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ projectId: participants.projectId })
    .from(participants)
    .innerJoin(projects, eq(projects.id, participants.projectId))
    .where(and(eq(participants.userId, userId), eq(projects.isArchived, false)));
  return rows.map((r) => r.projectId);
}
