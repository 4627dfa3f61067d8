import { z } from 'zod';
import { hasOfficePowers, type ProjectForAccess, type Viewer } from '../projects/permissions';
import type { QuestionnaireDefinition } from './engine/definition';
import { indexDefinition } from './engine/definition-index';
import { describeAnswer, type AnswerValue, type Answers } from './engine/kinds';

/**
 * When the office (a member of the chosen office, or an admin) changes the
 * answers of a questionnaire that belongs to clients, each answer it changed
 * is marked (who, when) and the clients are mailed a summary, once the office
 * has stopped editing for a while: one mail per questionnaire and quiet
 * spell, never one per keystroke.
 */

/** One field whose stored value a save changed (undefined: no answer). */
export interface ChangedAnswer {
  field: string;
  before: AnswerValue | undefined;
  after: AnswerValue | undefined;
}

/** The fields whose value differs between two cleaned answer sets, in the definition's order. */
export function listChangedAnswers(definition: QuestionnaireDefinition, before: Answers, after: Answers): ChangedAnswer[] {
  const changed: ChangedAnswer[] = [];
  for (const { field } of indexDefinition(definition).fields) {
    const was = Object.hasOwn(before, field.name) ? before[field.name] : undefined;
    const is = Object.hasOwn(after, field.name) ? after[field.name] : undefined;
    if (was !== is) changed.push({ field: field.name, before: was, after: is });
  }
  return changed;
}

/**
 * A change is the office's when its author has the office's powers on the
 * file and is not one of the people the questionnaire belongs to (a notary
 * filling in their own civil status as a seller is a client there). An
 * unassigned questionnaire belongs to no client: nothing to mark.
 */
export function isChangeByOffice(editor: Viewer, project: ProjectForAccess, owners: ReadonlyArray<{ userId: number | null }>): boolean {
  if (owners.length === 0 || !hasOfficePowers(editor, project)) return false;
  return !owners.some((owner) => owner.userId === editor.id);
}

/** Who changed an answer, as the mark says it. */
export type AnswerChangeAuthorRole = 'office' | 'admin';

/** The mark beside an answer the office changed (`GET /document/{id}/answer-marks`). */
export const answerMarkSchema = z.object({
  field: z.string(),
  changedAt: z.string().describe('Instant ISO 8601 de la modification'),
  role: z.enum(['office', 'admin']).describe("'office' : un membre de l'office choisi ; 'admin' : un administrateur"),
  name: z.string().describe("Nom de l'auteur de la modification"),
});
export type AnswerMark = z.infer<typeof answerMarkSchema>;

const markDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });
const markTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "Modifié par l'office notarial (Jeanne Martin) le 24/11/2026 à 14:05", in Paris time. */
export function describeAnswerMark(mark: Pick<AnswerMark, 'changedAt' | 'role' | 'name'>): string {
  const at = new Date(mark.changedAt);
  const when = `le ${markDate.format(at)} à ${markTime.format(at)}`;
  const who = mark.role === 'admin' ? 'un administrateur de la plateforme' : "l'office notarial";
  const name = mark.name.trim();
  return `Modifié par ${who}${name ? ` (${name})` : ''} ${when}`;
}

// ---------------------------------------------------------------- the summary mail

/** No office change for this long: the spell is over, the summary leaves. */
export const ANSWER_CHANGE_QUIET_MS = 15 * 60_000;
/** An office editing for hours still sends a summary at least this often. */
export const ANSWER_CHANGE_MAX_DELAY_MS = 60 * 60_000;

/** How a mark names the author of a change the office made: a member of the chosen office, or else an admin. */
export function answerChangeAuthorRole(editor: Viewer, project: ProjectForAccess): AnswerChangeAuthorRole {
  const member = editor.notary_office !== null && project.notary_office !== null && editor.notary_office.id === project.notary_office.id;
  return member ? 'office' : 'admin';
}

/** Whether the summary of a spell of changes is due (first and last office change of the spell). */
export function isAnswerChangeSummaryDue(spell: { firstChangeAt: Date; lastChangeAt: Date }, now: Date): boolean {
  return (
    now.getTime() - spell.lastChangeAt.getTime() >= ANSWER_CHANGE_QUIET_MS ||
    now.getTime() - spell.firstChangeAt.getTime() >= ANSWER_CHANGE_MAX_DELAY_MS
  );
}

/** One line of the summary: the question, what it said, what it says now (French, as a reader sees them; null: no answer). */
export interface AnswerChangeLine {
  label: string;
  before: string | null;
  after: string | null;
}

/** How the summary says "no answer". */
export const NO_ANSWER_TEXT = '(sans réponse)';
/** A long text area is quoted only up to here in a mail. */
const QUOTED_ANSWER_LENGTH = 300;

function quote(text: string): string | null {
  if (text === '') return null;
  const characters = Array.from(text);
  return characters.length <= QUOTED_ANSWER_LENGTH ? text : `${characters.slice(0, QUOTED_ANSWER_LENGTH).join('')}…`;
}

/**
 * The lines of the summary of a spell: one per field still different from
 * what it was before the spell (a change undone is no change), in the
 * definition's order. Fields unknown to the definition are skipped.
 */
export function describeAnswerChanges(definition: QuestionnaireDefinition, changes: readonly ChangedAnswer[]): AnswerChangeLine[] {
  const byField = new Map(changes.map((change) => [change.field, change]));
  const lines: AnswerChangeLine[] = [];
  for (const entry of indexDefinition(definition).fields) {
    const change = byField.get(entry.field.name);
    if (!change || change.before === change.after) continue;
    lines.push({
      label: entry.field.label ? `${entry.question.label} — ${entry.field.label}` : entry.question.label,
      before: quote(describeAnswer(entry.field.kind, change.before)),
      after: quote(describeAnswer(entry.field.kind, change.after)),
    });
  }
  return lines;
}
