import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { documents, participants } from '../../db/schema';

/** A person a questionnaire belongs to; `userId` is their account, null when invited without one. */
export interface QuestionnaireOwner {
  participantId: number;
  userId: number | null;
}

/**
 * The people a questionnaire belongs to: the clients whose answers they are,
 * who see the office's changes and are mailed their summary. Today the one
 * participant the document is assigned to (none when unassigned); a
 * questionnaire shared by several people answers them all here.
 */
export async function findQuestionnaireOwners(db: Db, documentId: number): Promise<QuestionnaireOwner[]> {
  return db
    .select({ participantId: participants.id, userId: participants.userId })
    .from(documents)
    .innerJoin(participants, eq(participants.id, documents.participantId))
    .where(eq(documents.id, documentId));
}
