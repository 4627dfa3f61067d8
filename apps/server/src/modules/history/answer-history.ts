import {
  historyAnswerChanges,
  questionnaireOwners,
  type ChangedAnswer,
  type DocumentForAccess,
  type ProjectForAccess,
  type QuestionnaireDefinition,
} from '@notadoo/domain';
import type { Db } from '../../db/database';
import { recordHistoryEvent, type HistoryActor } from './history-recorder';

/**
 * A questionnaire save in the history: the fields it changed, old → new, in
 * words, sensitive values masked. Nothing when the save changed nothing (an
 * autosave of the same answers). Its subjects are the questionnaire's owners
 * (a shared one's every holder), who may read it.
 */
export async function recordAnswersHistory(
  tx: Db,
  save: {
    definition: QuestionnaireDefinition;
    projectId: number;
    documentId: number;
    document: DocumentForAccess;
    project: ProjectForAccess;
    changes: readonly ChangedAnswer[];
    actor: HistoryActor;
    at: Date;
  },
): Promise<void> {
  if (save.changes.length === 0) return;
  await recordHistoryEvent(tx, save.at, {
    kind: 'answers_changed',
    projectId: save.projectId,
    actor: save.actor,
    subjectParticipantIds: questionnaireOwners(save.project, save.document).map((owner) => owner.id),
    details: {
      documentId: save.documentId,
      questionnaire: save.definition.title,
      changes: historyAnswerChanges(save.definition, save.changes).map((c) => ({ ...c })),
    },
  });
}
