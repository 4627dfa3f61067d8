import {
  ANSWER_CHANGE_MAX_DELAY_MS,
  ANSWER_CHANGE_QUIET_MS,
  describeAnswerChanges,
  getDefinition,
  questionnaireOwners,
} from '@notadoo/domain';
import type { AppContext } from '../../context';
import { queueMail } from '../../mail/outbox-data';
import { periodicTask, type PeriodicTask } from '../../periodic-task';
import { toDocumentForAccess } from '../projects/project-presenter';
import { findActiveAccounts, findDueSpells, findProjectPeople, findQuestionnaireForSummary, takeSpell } from './answer-changes-data';
import { answerChangesMail } from './answer-changes-mail';

/**
 * The summary mails of the office's changes: a questionnaire's spell of
 * changes is mailed once the office has left it alone for a quiet period (or
 * has edited it for the longest delay). A spell is taken by deleting its row
 * in the transaction that queues its mails, so several processes send it once.
 */

/** How often a process looks for spells that are due. */
export const ANSWER_CHANGE_SUMMARY_INTERVAL_MS = 60_000;
const PAGE = 100;

async function sendSummary(ctx: AppContext, documentId: number, due: { quietBefore: Date; startedBefore: Date }): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const spell = await takeSpell(tx, documentId, due);
    if (!spell) return 0;
    const questionnaire = await findQuestionnaireForSummary(tx, documentId);
    const definition = questionnaire && getDefinition(questionnaire.docType);
    if (!questionnaire || !definition) return 0;
    const lines = describeAnswerChanges(definition, spell.changes);
    if (lines.length === 0) return 0;
    // Only people the questionnaire belonged to at the change and still does: answers never reach anyone else.
    const people = await findProjectPeople(tx, questionnaire.projectId);
    const owners = new Set(
      questionnaireOwners({ participants: people }, toDocumentForAccess(questionnaire)).map((owner) => owner.user?.id),
    );
    const recipients = await findActiveAccounts(
      tx,
      spell.recipientIds.filter((id) => owners.has(id)),
    );
    for (const recipient of recipients) {
      await queueMail(
        tx,
        answerChangesMail({
          to: recipient.email,
          firstName: recipient.firstName,
          questionnaireTitle: definition.title,
          projectName: questionnaire.projectName,
          lines,
          link: `${ctx.config.publicUrl}/project/${questionnaire.projectId}/dashboard`,
        }),
      );
    }
    return recipients.length;
  });
}

/** Queues the summaries due now; answers how many mails were queued. */
export async function sendDueAnswerChangeSummaries(ctx: AppContext): Promise<number> {
  const now = ctx.now().getTime();
  const due = { quietBefore: new Date(now - ANSWER_CHANGE_QUIET_MS), startedBefore: new Date(now - ANSWER_CHANGE_MAX_DELAY_MS) };
  let queued = 0;
  let after = 0;
  for (;;) {
    const ids = await findDueSpells(ctx.db, { ...due, afterDocumentId: after, limit: PAGE });
    for (const id of ids) queued += await sendSummary(ctx, id, due);
    if (ids.length < PAGE) break;
    after = ids.at(-1)!;
  }
  if (queued > 0) ctx.outbox.wake();
  return queued;
}

export interface AnswerChangeSummaryTask extends PeriodicTask {
  /** One pass now (what each tick does); tests call it on their clock. */
  runOnce(): Promise<number>;
}

export function createAnswerChangeSummaryTask(ctx: AppContext): AnswerChangeSummaryTask {
  const repeated = periodicTask(
    () => sendDueAnswerChangeSummaries(ctx),
    ANSWER_CHANGE_SUMMARY_INTERVAL_MS,
    (error) => ctx.log.warn({ err: error }, 'Résumés des modifications de réponses impossibles ; nouvel essai plus tard.'),
  );
  return { ...repeated, runOnce: () => sendDueAnswerChangeSummaries(ctx) };
}
