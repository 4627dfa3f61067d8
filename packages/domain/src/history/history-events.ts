import { z } from 'zod';

/**
 * The history of a file, kept as evidence of who did what: every event, append-only, with who
 * (an account, or the system), when, from which address and browser, and
 * what. The kinds and their French labels are data, read by the server
 * (recording, CSV, PDF) and the web (the "Historique" tab and its filters).
 */
export const HISTORY_EVENT_KINDS = [
  'project_created',
  'answers_changed',
  'piece_sent',
  'file_removed',
  'piece_reviewed',
  'file_downloaded',
  'pdf_downloaded',
  'person_added',
  'person_edited',
  'person_moved',
  'person_removed',
  'status_changed',
  'office_changed',
  'transfer',
  'archived',
  'restored',
  'sign_in',
  'account_deleted',
  'purge_warned',
] as const;
export type HistoryEventKind = (typeof HISTORY_EVENT_KINDS)[number];

export const HISTORY_EVENT_LABELS: Record<HistoryEventKind, string> = {
  project_created: 'Dossier créé',
  answers_changed: 'Réponses modifiées',
  piece_sent: 'Pièce envoyée',
  file_removed: 'Fichier supprimé',
  piece_reviewed: 'Pièce vérifiée',
  file_downloaded: 'Fichier téléchargé',
  pdf_downloaded: 'PDF téléchargé',
  person_added: 'Personne ajoutée',
  person_edited: 'Personne modifiée',
  person_moved: 'Personne déplacée',
  person_removed: 'Personne retirée',
  status_changed: 'Statut modifié',
  office_changed: "Changement d'office",
  transfer: 'Transfert au logiciel de rédaction',
  archived: 'Dossier archivé',
  restored: 'Dossier restauré',
  sign_in: 'Connexion',
  account_deleted: 'Compte supprimé',
  purge_warned: 'Avertissement avant suppression',
};

/** File names of the downloads, the server's and the browser's: "historique-dossier-12.csv". */
export function historyFileName(projectId: number, extension: 'csv' | 'pdf'): string {
  return `historique-dossier-${projectId}.${extension}`;
}

/** The actor's name when no account acted (a periodic pass, a migration). */
export const SYSTEM_ACTOR_NAME = 'système';

/** Details are plain JSON: what the chain hashes and the screens describe. */
export type HistoryJson = string | number | boolean | null | HistoryJson[] | { [key: string]: HistoryJson };
export type HistoryDetails = { [key: string]: HistoryJson };

/** One answer a save changed, as the history keeps it (values already masked where sensitive). */
export interface HistoryAnswerChange {
  field: string;
  /** "Question — champ", the wording the person saw. */
  label: string;
  before: string;
  after: string;
}

/** What the chain covers of an entry: everything but its own hash. */
export interface HistoryEntryContent {
  /** `project:{id}` for a file's events, `user:{id}` for an account's sign-ins. */
  chain: string;
  /** 1, 2, 3… within the chain. */
  seq: number;
  projectId: number | null;
  /** ISO 8601, to the millisecond. */
  at: string;
  actorUserId: number | null;
  actorName: string;
  ip: string | null;
  userAgent: string | null;
  kind: HistoryEventKind;
  /** The participations the event is about (whose answers, whose pieces): what a participant may read. */
  subjectParticipantIds: number[];
  details: HistoryDetails;
}

export function projectChain(projectId: number): string {
  return `project:${projectId}`;
}

export function userChain(userId: number): string {
  return `user:${userId}`;
}

// ---------------------------------------------------------------- the wire

export const HISTORY_PAGE_MAX = 500;
export const HISTORY_PAGE_DEFAULT = 50;

const dayField = z
  .string({ error: 'Date invalide : attendu AAAA-MM-JJ.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date invalide : attendu AAAA-MM-JJ.')
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'Cette date n’existe pas.',
  );

/** Filters of the tab, the CSV and the PDF (`?kinds=a,b&actor=12&from=2026-11-01&to=2026-11-30`). */
export const historyFilterSchema = z.object({
  kinds: z
    .string()
    .max(1000, 'Trop de types d’événement.')
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const list = value.split(',');
      for (const kind of list) {
        if (!(HISTORY_EVENT_KINDS as readonly string[]).includes(kind)) {
          ctx.addIssue({ code: 'custom', message: `Type d’événement inconnu : « ${kind.slice(0, 40)} ».` });
          return z.NEVER;
        }
      }
      return [...new Set(list)] as HistoryEventKind[];
    }),
  actor: z
    .union([
      z.literal('system'),
      z.coerce
        .number({ error: 'Personne invalide.' })
        .int('Personne invalide.')
        .min(1, 'Personne invalide.')
        .max(2_147_483_647, 'Personne invalide.'),
    ])
    .optional(),
  from: dayField.optional(),
  to: dayField.optional(),
});
export type HistoryFilter = z.output<typeof historyFilterSchema>;

export const historyPageQuerySchema = historyFilterSchema.extend({
  limit: z.coerce
    .number({ error: 'Taille de page invalide.' })
    .int('Taille de page invalide.')
    .min(1, 'Taille de page invalide.')
    .max(HISTORY_PAGE_MAX, `${HISTORY_PAGE_MAX} événements par page au plus.`)
    .default(HISTORY_PAGE_DEFAULT),
  cursor: z
    .string()
    .max(100, 'Curseur invalide.')
    .regex(/^[0-9]+$/, 'Curseur invalide.')
    .optional(),
});

export const historyEntrySchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  at: z.string().describe('Instant ISO 8601'),
  kind: z.enum(HISTORY_EVENT_KINDS),
  label: z.string().describe('Le type d’événement en français'),
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  summary: z.string().describe('Ce qui s’est passé, en français'),
  details: z.record(z.string(), z.unknown()),
});
export type HistoryEntryView = z.infer<typeof historyEntrySchema>;

export const historyPageSchema = z.object({
  entries: historyEntrySchema.array(),
  nextCursor: z.string().nullable().describe('À repasser en `cursor` pour la page suivante (plus ancienne) ; null à la fin'),
  /** On the first page only: who acted, for the "Personne" filter. */
  actors: z.array(z.object({ id: z.number().int().nullable(), name: z.string() })).nullable(),
  scope: z.enum(['all', 'own']).describe('all : tout le dossier ; own : les événements sur vos réponses et vos pièces'),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const historyVerificationSchema = z.object({
  projectId: z.number().int(),
  ok: z.boolean(),
  checked: z.number().int().describe('Entrées vérifiées'),
  firstBroken: z
    .object({ id: z.number().int().nullable(), seq: z.number().int(), reason: z.string() })
    .nullable()
    .describe('La première entrée dont la chaîne est rompue'),
});
export type HistoryVerification = z.infer<typeof historyVerificationSchema>;
