import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { documents, participants } from '../../db/schema';

/** The SQL of a file's people (their invitations are in invitation-data.ts; their reads are the file's, in projects/project-data.ts). */

export type NewParticipantRow = typeof participants.$inferInsert;

/** What a person's questionnaires depend on among the file's documents: the file's single ones, and the person's own. */
export interface QuestionnairesHeld {
  hasSuccession: boolean;
  hasBalance: boolean;
  /** The doc types of the questionnaires the person already has. */
  own: string[];
}

export async function insertParticipant(db: Db, row: NewParticipantRow): Promise<number> {
  const [inserted] = await db.insert(participants).values(row).returning({ id: participants.id });
  return inserted!.id;
}

/** The file of a participation; undefined when there is no such person. */
export async function findParticipantProjectId(db: Db, participantId: number): Promise<number | undefined> {
  const [row] = await db.select({ projectId: participants.projectId }).from(participants).where(eq(participants.id, participantId));
  return row?.projectId;
}

/** Changes a person's own columns (names, e-mail, role, its confirmation). */
export async function updateParticipantRow(
  db: Db,
  participantId: number,
  changes: Partial<Pick<NewParticipantRow, 'firstName' | 'lastName' | 'email' | 'role' | 'roleConfirmed'>>,
): Promise<void> {
  await db.update(participants).set(changes).where(eq(participants.id, participantId));
}

/** Removes a person of the file (their piece requests go with them, ON DELETE CASCADE; their documents stay, unassigned). */
export async function deleteParticipant(db: Db, projectId: number, participantId: number): Promise<void> {
  await db.delete(participants).where(and(eq(participants.id, participantId), eq(participants.projectId, projectId)));
}

/** The questionnaires of the file that decide which ones `participantId` still needs, in one aggregate. */
export async function findQuestionnairesHeld(db: Db, projectId: number, participantId: number): Promise<QuestionnairesHeld> {
  const [row] = await db
    .select({
      hasSuccession: sql<boolean | null>`bool_or(${documents.docType} = 'document_successions')`,
      hasBalance: sql<boolean | null>`bool_or(${documents.docType} = 'document_heritage_balances')`,
      own: sql<string[] | null>`array_agg(${documents.docType}) FILTER (WHERE ${documents.participantId} = ${participantId})`,
    })
    .from(documents)
    .where(eq(documents.projectId, projectId));
  return { hasSuccession: row?.hasSuccession ?? false, hasBalance: row?.hasBalance ?? false, own: row?.own ?? [] };
}
