import { describeAnswer } from '../questionnaires/engine/kinds';
import type { QuestionnaireDefinition } from '../questionnaires/engine/definition';
import type { ChangedAnswer } from '../questionnaires/answer-changes';
import { indexDefinition } from '../questionnaires/engine/definition-index';
import {
  HISTORY_EVENT_LABELS,
  type HistoryAnswerChange,
  type HistoryDetails,
  type HistoryEventKind,
  type HistoryJson,
} from './history-events';
import { isSensitiveName, maskSensitiveText, MASK } from './history-masking';

/** Long answers are cut in the history (the questionnaire keeps them whole). */
export const HISTORY_ANSWER_MAX = 300;

function cut(text: string): string {
  return text.length > HISTORY_ANSWER_MAX ? `${text.slice(0, HISTORY_ANSWER_MAX - 1)}…` : text;
}

/**
 * The answers a save changed, as the history keeps them: the wording the
 * person saw, values in words, sensitive fields masked whole and
 * IBAN-looking text masked anywhere.
 */
export function historyAnswerChanges(definition: QuestionnaireDefinition, changes: readonly ChangedAnswer[]): HistoryAnswerChange[] {
  const index = indexDefinition(definition);
  return changes.map((change) => {
    const entry = index.fieldsByName.get(change.field);
    const words = (value: ChangedAnswer['before']) =>
      entry ? describeAnswer(entry.field.kind, value) : value === undefined ? '' : String(value);
    const label = entry ? (entry.field.label ? `${entry.question.label} — ${entry.field.label}` : entry.question.label) : change.field;
    const sensitive = isSensitiveName(change.field);
    const shown = (value: ChangedAnswer['before']) => {
      const text = words(value);
      if (text === '') return '';
      return sensitive ? MASK : cut(maskSensitiveText(text));
    };
    return { field: change.field, label: cut(label), before: shown(change.before), after: shown(change.after) };
  });
}

function text(details: HistoryDetails, key: string): string {
  const value: HistoryJson | undefined = details[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function quoted(value: string): string {
  return value === '' ? '(sans réponse)' : `« ${value} »`;
}

/** One French sentence saying what happened, for the tab, the CSV and the PDF. */
export function describeHistoryEntry(kind: HistoryEventKind, details: HistoryDetails): string {
  switch (kind) {
    case 'project_created':
      return `Dossier « ${text(details, 'name')} » créé`;
    case 'answers_changed': {
      const changes = Array.isArray(details.changes) ? details.changes : [];
      const lines = changes.flatMap((change) => {
        if (change === null || typeof change !== 'object' || Array.isArray(change)) return [];
        const c = change;
        return [`${text(c, 'label')} : ${quoted(text(c, 'before'))} → ${quoted(text(c, 'after'))}`];
      });
      return `${text(details, 'questionnaire')} — ${lines.join(' ; ')}`;
    }
    case 'piece_sent':
      return `« ${text(details, 'file')} » envoyé dans « ${text(details, 'fileType')} »${details.piece ? ` pour la pièce « ${text(details, 'piece')} »` : ''}`;
    case 'file_removed':
      return `« ${text(details, 'file')} » retiré de « ${text(details, 'fileType')} »`;
    case 'piece_reviewed':
      return `« ${text(details, 'piece')} » : ${text(details, 'action')}${details.reason ? ` (${text(details, 'reason')})` : ''}`;
    case 'file_downloaded':
      return `« ${text(details, 'file')} » (${text(details, 'fileType')}) téléchargé`;
    case 'pdf_downloaded':
      return `PDF du questionnaire « ${text(details, 'questionnaire')} » téléchargé`;
    case 'person_added':
      return `${text(details, 'name')} ajouté(e) comme ${text(details, 'role')}`;
    case 'person_edited':
      return `${text(details, 'name')} : ${text(details, 'change')}`;
    case 'person_moved':
      return `${text(details, 'name')} déplacé(e) de ${text(details, 'from')} vers ${text(details, 'to')}`;
    case 'person_removed':
      return `${text(details, 'name')} (${text(details, 'role')}) retiré(e) du dossier`;
    case 'status_changed':
      return `Statut « ${text(details, 'from')} » → « ${text(details, 'to')} »`;
    case 'office_changed':
      return `Office ${details.from ? `de ${text(details, 'from')} ` : ''}→ office de ${text(details, 'to')}`;
    case 'transfer':
      return `${text(details, 'sent')} / ${text(details, 'files')} fichier(s) vers le dossier « ${text(details, 'dossier')} » du logiciel de rédaction (${text(details, 'outcome')})`;
    case 'account_deleted':
      // The name is the one recorded at the deletion (the account row is emptied; the office's file keeps it).
      return details.name
        ? `${text(details, 'name')} a supprimé son compte ; le dossier reste conservé par l’office`
        : 'Compte supprimé par son titulaire';
    case 'purge_warned':
      return `Dossier inactif : ${text(details, 'people')} personne(s) prévenue(s) de sa suppression le ${text(details, 'purgeOn')}`;
    case 'sign_in':
      return details.method === 'passkey' ? 'Connexion avec une clé d’accès' : HISTORY_EVENT_LABELS[kind];
    case 'archived':
    case 'restored':
      return HISTORY_EVENT_LABELS[kind];
  }
}
