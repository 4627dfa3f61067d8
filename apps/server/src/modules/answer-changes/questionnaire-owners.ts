import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { documents, participants } from '../../db/schema';

/** A person a questionnaire belongs to; `userId` is their account, null when invited without one. */
export interface QuestionnaireOwner {
  participantId: number;
  userId: number | null;
}

/**
 * The people a questionnaire belongs to: the clients whose answers they are,
 * who see the office's changes and are mailed their summary. A person's own
 * questionnaire answers its participant (none when unassigned); a shared one
 * answers the people of its role who share it as the domain's
 * `canViewSharedQuestionnaire` says: a confirmed role, or nobody else in it.
 * So a "seller" planted by a buyer is not mailed the sellers' answers.
 */
export async function findQuestionnaireOwners(db: Db, documentId: number): Promise<QuestionnaireOwner[]> {
  const aloneInRole = sql`NOT EXISTS (
    SELECT 1 FROM participants others
    WHERE others.project_id = ${participants.projectId} AND others.role = ${participants.role}
      AND others.user_id IS DISTINCT FROM ${participants.userId})`;
  return db
    .select({ participantId: participants.id, userId: participants.userId })
    .from(documents)
    .innerJoin(
      participants,
      or(
        eq(participants.id, documents.participantId),
        and(
          eq(participants.projectId, documents.projectId),
          eq(participants.role, documents.sharedRole),
          or(eq(participants.roleConfirmed, true), aloneInRole),
        ),
      ),
    )
    .where(eq(documents.id, documentId));
}
