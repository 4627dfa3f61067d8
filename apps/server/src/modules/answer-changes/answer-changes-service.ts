import {
  answerChangeAuthorRole,
  clean,
  isChangeByOffice,
  questionnaireOwners,
  type AnswerMark,
  type AnswerMarkList,
  type ChangedAnswer,
  type Answers,
  type DocumentForAccess,
  type ProjectForAccess,
  type QuestionnaireDefinition,
  type Viewer,
} from '@notadoo/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { requireReadableDocument } from '../documents/document-access';
import type { DocumentRow } from '../projects/project-data';
import type { UserWithOffice } from '../users/user-data';
import { addToSpell, clearMarks, findAnswersAtVersion, listMarks, markOfficeChanges } from './answer-changes-data';

/**
 * The office's changes to a client's questionnaire (who changed which answer,
 * when), recorded in the transaction of the save that makes them. The
 * summary mail that follows is `answer-change-summaries.ts`'s.
 */

/**
 * The stored answers a save at `expectedVersion` replaces, read before the
 * update: the document as loaded when it is that version (almost always),
 * else read again in the transaction (empty when the save is stale and will
 * be refused anyway).
 */
export async function answersReplacedBy(
  tx: Db,
  definition: QuestionnaireDefinition,
  document: DocumentRow,
  expectedVersion: number,
): Promise<Answers> {
  const stored = document.version === expectedVersion ? document.answers : await findAnswersAtVersion(tx, document.id, expectedVersion);
  return clean(definition, stored ?? {});
}

export interface SavedChange {
  definition: QuestionnaireDefinition;
  documentId: number;
  /** Its owner or shared role, which say whose answers these are (`questionnaireOwners`). */
  document: DocumentForAccess;
  /** What the save changed (`listChangedAnswers`), worked out once for the marks and the history. */
  changes: readonly ChangedAnswer[];
  /** Whether the questionnaire had marks as the save updated it (`updateAnswersAtVersion`): none, none to clear. */
  hasMarks: boolean;
  editor: UserWithOffice;
  viewer: Viewer;
  project: ProjectForAccess;
  at: Date;
}

/**
 * After a save: the office's changes are marked and added to the clients'
 * pending summary; anyone else's change to a marked answer makes it theirs
 * again (the mark goes).
 */
export async function recordAnswerChanges(tx: Db, change: SavedChange): Promise<void> {
  const { changes } = change;
  if (changes.length === 0) return;
  const fields = changes.map((c) => c.field);
  const owners = questionnaireOwners(change.project, change.document).map((person) => ({ userId: person.user?.id ?? null }));
  if (!isChangeByOffice(change.viewer, change.project, owners)) {
    // Most questionnaires have no mark: the DELETE would find nothing, and a round trip is saved.
    if (change.hasMarks) await clearMarks(tx, change.documentId, fields);
    return;
  }
  const author = {
    userId: change.editor.id,
    role: answerChangeAuthorRole(change.viewer, change.project),
    name: `${change.editor.firstName} ${change.editor.lastName}`.trim(),
  };
  await markOfficeChanges(tx, { documentId: change.documentId, fields, author, at: change.at });
  const recipientIds = owners.flatMap((owner) => (owner.userId === null ? [] : [owner.userId]));
  // Invited people without an account get no mail (their address was typed by someone else); they see the marks once they join.
  if (recipientIds.length > 0) await addToSpell(tx, { documentId: change.documentId, recipientIds, changes, at: change.at });
}

/** `GET /document/{id}/answer-marks`: the marks of a questionnaire, to whoever may read it. */
export async function listAnswerMarks(ctx: AppContext, user: UserWithOffice, documentId: number): Promise<AnswerMarkList> {
  await requireReadableDocument(ctx, user, documentId);
  const rows = await listMarks(ctx.db, documentId);
  return rows.map((row): AnswerMark => ({
    field: row.field,
    changedAt: row.changedAt.toISOString(),
    role: row.authorRole,
    name: row.authorName,
  }));
}
