import { z } from 'zod';

/**
 * Transfer of a project's files to the office's drafting software through its
 * local bridge (core spec sections 2, 4, 7, 8 and 9): constants, messages and
 * the rules the modal follows, written once for the web and the server.
 */

/** Spec section 9: first 30 results shown; modal reset 400 ms; success close delay 2500 ms. */
export const TRANSFER_RESULTS_SHOWN = 30;
export const TRANSFER_RESET_DELAY_MS = 400;
export const TRANSFER_SUCCESS_CLOSE_DELAY_MS = 2500;

/** Names of the bridge's headers (the spec names only "a service key and the user id"; see docs/decisions.md). */
export const BRIDGE_HEADERS = { serviceKey: 'X-Service-Key', userId: 'X-User-Id' } as const;

export const TRANSFER_MESSAGES = {
  button: 'Transférer les fichiers',
  /** Beside the disabled button when the bridge on this computer does not answer its version call. */
  bridgeUnreachable: 'Logiciel de rédaction injoignable sur ce poste',
  bridgeRetry: 'Réessayer',
  modalTitle: 'Transférer les fichiers vers mon dossier',
  noFiles: "Il n'y a aucun document à transférer pour ce dossier pour l'instant.",
  generating: 'Génération des document du projet en cours. Merci de patienter...',
  searchLabel: 'Nom du dossier',
  searchButton: 'Rechercher',
  searchRequired: 'Merci de saisir le nom du dossier à rechercher.',
  noResults: 'Aucun dossier ne correspond à cette recherche.',
  choosePlaceholder: 'Choisissez le dossier',
  confirm: (count: number) => `Êtes-vous sûr(e) de vouloir transférer ${count} fichier(s) vers votre logiciel de rédaction d'actes ?`,
  sending: 'Envoi des fichiers en cours...',
  retry: 'Relancer le transfert',
  authorize: "Veuillez autoriser l'accès dans la fenêtre qui vient de s'ouvrir et essayer à nouveau.",
  searchFailed:
    "Une erreur est survenue lors de l'envoi de la requête à votre logiciel de rédaction d'actes . Veuillez nous excuser pour la gêne occasionnée.",
  sendFailed:
    "Une erreur est survenue lors de l'envoi des fichiers vers votre logiciel de rédaction d'actes . Veuillez nous excuser pour la gêne occasionnée.",
  /** The spec says only "a success message shows". */
  succeeded: (count: number) => `${count} fichier(s) transféré(s) avec succès vers votre logiciel de rédaction d'actes.`,
  generationFailed: "Les documents du dossier n'ont pas pu être préparés. Merci de réessayer dans un instant.",
  notConfigured: "Le transfert vers le logiciel de rédaction d'actes n'est pas configuré sur ce serveur.",
  reserved: "Erreur : le transfert vers le logiciel de rédaction d'actes est réservé aux offices notariaux.",
  documentNotInProject: 'Ce document ne fait pas partie de ce dossier.',
} as const;

/** A file offered for transfer (spec section 3, "File list entry"). */
export interface TransferFileEntry {
  type: 'pdf' | 'file';
  docId: number;
  /** Index in the drawer, for type file. */
  position?: number;
  /** The name the notary sees and the bridge stores (NomFichier). */
  filename: string;
  /** Stored name on our side (generated PDF, or the uploaded file with its prefix). */
  file: string;
}

/** A case file of the drafting software (spec section 3, "Search result"). */
export interface CaseFileResult {
  id: string;
  intitule: string;
  identifiantMetier: string;
}

/** The search text as sent: a slash would split the bridge's path, so slashes are stripped (spec section 2). */
export function cleanSearchText(text: string): string {
  return text.replace(/\//g, '').trim();
}

/** The results the dropdown shows: reversed, the first 30 (spec sections 2 and 9). */
export function shownSearchResults<T>(results: readonly T[]): T[] {
  return [...results].reverse().slice(0, TRANSFER_RESULTS_SHOWN);
}

/** A stable key of a file entry (a drawer holds several files). */
export function transferFileKey(entry: Pick<TransferFileEntry, 'type' | 'docId' | 'position'>): string {
  return `${entry.type}:${entry.docId}:${entry.position ?? 0}`;
}

// ------------------------------------------------------------ record of a transfer

export const TRANSFER_OUTCOMES = ['succeeded', 'failed', 'interrupted'] as const;
export type TransferOutcome = (typeof TRANSFER_OUTCOMES)[number];

export const TRANSFER_OUTCOME_LABELS: Record<TransferOutcome, string> = {
  succeeded: 'Réussi',
  failed: 'Échec',
  interrupted: 'Interrompu',
};

const MAX_FILES = 200;

const bridgeText = (max: number) => z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1).max(max));

/** `POST /project/{id}/transfers`: what the web reports once a transfer ends. */
export const recordTransferSchema = z
  .object({
    dossier: z.object({
      id: bridgeText(255),
      intitule: bridgeText(500),
      identifiantMetier: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().max(255)),
    }),
    files: z
      .array(
        z.object({
          type: z.enum(['pdf', 'file']),
          docId: z.number().int().min(1).max(2_147_483_647),
          position: z.number().int().min(0).max(10_000).optional(),
          filename: z.string().trim().min(1).max(255),
        }),
      )
      .min(1)
      .max(MAX_FILES),
    sent: z.number().int().min(0),
    outcome: z.enum(TRANSFER_OUTCOMES),
  })
  .refine((t) => t.sent <= t.files.length && (t.outcome !== 'succeeded' || t.sent === t.files.length), {
    path: ['sent'],
    message: 'Le nombre de fichiers envoyés ne correspond pas au résultat du transfert.',
  });
export type RecordTransferInput = z.output<typeof recordTransferSchema>;

/** A recorded transfer as the API answers it. */
export interface TransferRecord {
  id: number;
  created_at: string;
  author: { id: number | null; name: string };
  dossier: CaseFileResult;
  files: Array<{ type: 'pdf' | 'file'; docId: number; position?: number; filename: string }>;
  sent: number;
  outcome: TransferOutcome;
}

export interface TransferPage {
  items: TransferRecord[];
  total: number;
  page: number;
  pageSize: number;
}
