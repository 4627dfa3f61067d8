import {
  sharedQuestionnaireFor,
  type ParticipantRole,
  type ProjectSubtype,
  type ProjectType,
  type SharedQuestionnaireRole,
} from '@notadoo/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { documents, participants, projects } from '../../db/schema';

/**
 * Locks the file's row for the rest of the transaction: adding, moving and
 * removing people, and deleting a shared questionnaire, run one after the
 * other per file, so "is anyone left in the role?" and "does the role have its
 * questionnaire?" are answered on committed people, never orphaning nor
 * duplicating a shared questionnaire. A questionnaire save takes the same
 * lock within its update, before its document (`updateAnswersAtVersion`).
 */
export async function lockProjectPeople(db: Db, projectId: number): Promise<void> {
  await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
}

/** Creates the role's shared questionnaire if the file has none (the unique partial index settles races). True when created. */
export async function ensureSharedQuestionnaire(
  db: Db,
  project: { id: number; type: ProjectType; subtype: ProjectSubtype },
  role: ParticipantRole,
): Promise<boolean> {
  const docType = sharedQuestionnaireFor(project, role);
  if (!docType) return false;
  const created = await db
    .insert(documents)
    .values({ projectId: project.id, kind: 'questionnaire', docType, sharedRole: role as SharedQuestionnaireRole })
    .onConflictDoNothing({ target: [documents.projectId, documents.sharedRole], where: sql`shared_role IS NOT NULL` })
    .returning({ id: documents.id });
  return created.length > 0;
}

/**
 * When nobody holds the role any more, its shared questionnaire goes if it
 * is still empty (it would only be transferred blank); with answers it stays,
 * for the office, and passes to whoever takes the role next.
 */
export async function releaseSharedQuestionnaire(db: Db, projectId: number, role: ParticipantRole): Promise<void> {
  await db
    .delete(documents)
    .where(
      and(
        eq(documents.projectId, projectId),
        sql`${documents.sharedRole} = ${role}`,
        sql`${documents.answers} = '{}'::jsonb`,
        sql`NOT EXISTS (SELECT 1 FROM participants pa WHERE pa.project_id = ${projectId} AND pa.role = ${role})`,
      ),
    );
}

/** Whether someone still holds the role the shared questionnaire is for. */
export async function hasRoleHolders(db: Db, projectId: number, role: ParticipantRole): Promise<boolean> {
  const rows = await db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.projectId, projectId), eq(participants.role, role)))
    .limit(1);
  return rows.length > 0;
}
