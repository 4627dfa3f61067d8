import { z } from 'zod';
import { toCsv } from '../admin/csv';
import { indexDefinition } from '../questionnaires/engine/definition-index';
import type { QuestionnaireDefinition } from '../questionnaires/engine/definition';
import { describeAnswer, type Answers } from '../questionnaires/engine/kinds';
import { positiveId } from '../schemas/common';
import { SUBMITTED_STATUS } from '../projects/status';

/**
 * Each person's data in their own hands: a copy of what
 * the product holds about them (GDPR art. 15, 20), the erasure of their
 * account (art. 17) within what the notary's own duty to keep a file allows
 * (30 years after the service, CNIL deliberation 2014-016), and the purge of
 * files abandoned before they reached an office.
 */

/** A ready export may be downloaded this long (the mail says until when). */
export const DATA_EXPORT_LINK_DAYS = 7;
/** Files left "Sans suite" or drafts untouched this long are purged (PURGE_AFTER_MONTHS overrides it). */
export const DEFAULT_PURGE_AFTER_MONTHS = 24;
/** The people of a file are warned this many days before its purge. */
export const PURGE_WARNING_DAYS = 30;
/** "Sans suite": the office closed the file without a deed. */
export const NO_FOLLOW_UP_STATUS = 7;

/**
 * A deleted account's address: unique (the row stays), free of the person,
 * and in the `.invalid` top-level domain (RFC 2606), which no mail reaches.
 * The outbox drops any mail to it, so a file an office keeps mails nobody for
 * the person who left (status changes, reminders).
 */
export const DELETED_ACCOUNT_EMAIL_DOMAIN = 'compte-supprime.invalid';

export function deletedAccountEmail(userId: number): string {
  return `compte-${userId}@${DELETED_ACCOUNT_EMAIL_DOMAIN}`;
}

export function isDeletedAccountEmail(address: string): boolean {
  return address.toLowerCase().endsWith(`@${DELETED_ACCOUNT_EMAIL_DOMAIN}`);
}

/** A file never sent to an office: its creator's own, deleted with the account. */
export function isDraftStatus(status: number): boolean {
  return status < SUBMITTED_STATUS;
}

/** A file the purge may remove once untouched for the configured time: a draft, or one the office left "Sans suite". */
export function isPurgeableStatus(status: number): boolean {
  return isDraftStatus(status) || status === NO_FOLLOW_UP_STATUS;
}

export const DATA_EXPORT_STATES = ['pending', 'running', 'ready', 'failed', 'expired'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

export const PERSONAL_DATA_MESSAGES = {
  exportUnderWay: 'Une copie de vos données est déjà en préparation : vous serez prévenu(e) par e-mail dès qu’elle sera prête.',
  exportNotFound: 'Cette copie de vos données est introuvable.',
  exportNotReady: 'Cette copie de vos données n’est pas encore prête.',
  exportExpired: 'Le lien de cette copie a expiré : merci d’en demander une nouvelle.',
  invalidExportId: 'Identifiant de copie invalide.',
  badLink: 'Ce lien de téléchargement est invalide ou a expiré. Merci de relancer le téléchargement depuis la page « Mes données ».',
  passwordRequired: 'Merci de saisir votre mot de passe pour confirmer la suppression.',
  passwordWrong: 'Le mot de passe saisi est incorrect.',
  confirmationRequired: 'Merci de confirmer la suppression de votre compte.',
  adminCannotDelete:
    'Un compte administrateur ne peut pas être supprimé depuis le profil : demandez à un autre administrateur de retirer vos droits d’abord.',
  accountDeleted: 'Votre compte a été supprimé.',
  accountWasDeleted: 'Ce compte a été supprimé par son titulaire : il ne peut plus être modifié ni réactivé.',
} as const;
const M = PERSONAL_DATA_MESSAGES;

/** What the "Mes données" page shows of one export. */
export const dataExportViewSchema = z.object({
  id: z.number().int(),
  state: z.enum(DATA_EXPORT_STATES),
  /** 0 to 100. */
  progress: z.number().int().min(0).max(100),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Set once ready: the download opens until then. */
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type DataExportView = z.infer<typeof dataExportViewSchema>;

export const dataExportParamsSchema = z.object({ id: positiveId(M.invalidExportId) });
export const dataExportLinkParamsSchema = z.object({ id: positiveId(M.invalidExportId), token: z.string().min(1).max(2048) });

/** The office a sent file stays with, and how the person reaches it. */
export const keptFileOfficeSchema = z.object({
  id: z.number().int(),
  city: z.string(),
  postalCode: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

/** What a deletion of the account would do, for the confirmation dialog. */
export const accountDeletionPlanSchema = z.object({
  /** Files never sent (status below 3) the person created: deleted with the account, pieces and all. */
  deletedFiles: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.number().int(), otherPeople: z.number().int() })),
  /** Drafts someone else created: the person leaves them, with the documents that are theirs. */
  leftFiles: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.number().int() })),
  /** Files sent to an office: they stay there (its legal duty to keep them), the person's name in them too. */
  keptFiles: z.array(
    z.object({ id: z.number().int(), name: z.string(), status: z.number().int(), office: keptFileOfficeSchema.nullable() }),
  ),
});
export type AccountDeletionPlan = z.infer<typeof accountDeletionPlanSchema>;

export const accountDeletionSchema = z.object({
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(255, M.passwordWrong),
  confirm: z.literal(true, { error: M.confirmationRequired }),
});
export type AccountDeletionPayload = z.infer<typeof accountDeletionSchema>;

export const accountDeletionResultSchema = z.object({
  message: z.string(),
  deletedFiles: z.number().int(),
  leftFiles: z.number().int(),
  keptFiles: z.number().int(),
});
export type AccountDeletionResult = z.infer<typeof accountDeletionResultSchema>;

/** `POST /users/me/data-exports/{id}/link`: the copy's download address. */
export const dataExportLinkSchema = z.object({ url: z.string().describe('Adresse du téléchargement, valable 5 minutes') });
export type DataExportLink = z.infer<typeof dataExportLinkSchema>;

/** The sentence of the dialog (and of the answer) saying why sent files stay. */
export const KEPT_FILES_REASON =
  'Les dossiers déjà transmis à un office notarial restent conservés par cet office : la loi lui impose de garder les pièces d’un dossier pendant 30 ans après le service rendu (délibération CNIL n° 2014-016). Votre nom y reste, dans la liste des personnes comme dans l’historique du dossier, qui enregistre aussi la suppression de votre compte. Pour toute demande les concernant, adressez-vous directement à l’office.';

/**
 * A questionnaire's answers as CSV rows for a spreadsheet, in the
 * definition's order: step, question, field, answer as the screens say it
 * ("Oui", a choice's label). Fields never answered are left out; an answer
 * whose field the definition no longer knows is kept under its own name, so
 * the copy holds everything that was saved.
 */
export function questionnaireAnswersCsv(definition: QuestionnaireDefinition | undefined, answers: Answers): string {
  const rows: Array<[string, string, string, string]> = [];
  const known = new Set<string>();
  for (const entry of definition ? indexDefinition(definition).fields : []) {
    known.add(entry.field.name);
    if (!Object.hasOwn(answers, entry.field.name)) continue;
    const value = answers[entry.field.name];
    rows.push([entry.step.title, entry.question.label, entry.field.label ?? entry.field.name, describeAnswer(entry.field.kind, value)]);
  }
  for (const [name, value] of Object.entries(answers)) {
    if (!known.has(name) && name !== 'id' && name !== 'version')
      rows.push(['', '', name, value === null || value === undefined ? '' : String(value)]);
  }
  return toCsv(['Étape', 'Question', 'Champ', 'Réponse'], rows);
}
