import { z } from 'zod';
import { positiveId } from '../schemas/common';
import { DIAGNOSTIC_FINDINGS, DIAGNOSTIC_KINDS } from './diagnostic-validity';
import { parseFrenchDate } from './french-date';
import { CORRECTION_REASONS, PIECE_ACTIONS, PIECE_REQUEST_ORIGINS, PIECE_STATES, REVIEW_TEXT_MAX_LENGTH } from './piece-states';

/**
 * Payloads of the future pieces calls and the read model of a file's pieces.
 * Dates are JJ/MM/AAAA text, as everywhere else in the product.
 */

/** At most this many pieces accepted in one click. */
export const BATCH_ACCEPT_MAX = 100;

export const PIECE_SCHEMA_MESSAGES = {
  invalidPieceId: 'Identifiant de pièce invalide.',
  invalidAction: 'Merci de choisir une action valide : accepter, à corriger, refuser ou dispenser.',
  reasonRequired: 'Merci de choisir le motif de la correction : illisible, incomplet, périmé ou mauvais document.',
  refusalTextRequired: 'Merci d’expliquer pourquoi la pièce est refusée.',
  textTooLong: `Le commentaire ne doit pas dépasser ${REVIEW_TEXT_MAX_LENGTH} caractères.`,
  textInvisibleCharacters: 'Ce commentaire contient des caractères invisibles ou de contrôle : merci de le saisir à nouveau.',
  batchEmpty: 'Merci de choisir au moins une pièce.',
  batchTooLarge: `Vous ne pouvez pas accepter plus de ${BATCH_ACCEPT_MAX} pièces à la fois.`,
  batchDuplicates: 'Une même pièce ne peut figurer deux fois dans la liste.',
  dateFormat: 'La date doit être au format JJ/MM/AAAA.',
  dateDoesNotExist: 'Cette date n’existe pas.',
  invalidDiagnostic: 'Merci de choisir un diagnostic valide.',
  invalidFinding: 'Merci d’indiquer si le rapport constate la présence ou l’absence.',
} as const;
const M = PIECE_SCHEMA_MESSAGES;

/** A day typed JJ/MM/AAAA that exists; kept as the trimmed text. */
export const frenchDateSchema = z
  .string({ error: M.dateFormat })
  .trim()
  .regex(/^\d{2}\/\d{2}\/\d{4}$/, M.dateFormat)
  .refine((text) => parseFrenchDate(text) !== null, M.dateDoesNotExist);

// Line breaks and tabs are fine in a comment; other control and format characters are not.
const INVISIBLE_IN_TEXT = /[\p{Cf}\p{Cs}\u2028\u2029]|(?![\n\r\t])\p{Cc}/u;

const reviewText = z
  .string()
  .trim()
  .max(REVIEW_TEXT_MAX_LENGTH, M.textTooLong)
  .refine((text) => !INVISIBLE_IN_TEXT.test(text), M.textInvisibleCharacters);

/** An empty comment is no comment. */
const optionalReviewText = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), reviewText.optional());

/** The office's review of one piece: `POST /piece/{id}/review`. */
export const pieceReviewSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('accept') }),
    z.object({
      action: z.literal('to_correct'),
      reason: z.enum(CORRECTION_REASONS, { error: M.reasonRequired }),
      text: optionalReviewText,
    }),
    z.object({
      action: z.literal('refuse'),
      text: z.string({ error: M.refusalTextRequired }).trim().min(1, M.refusalTextRequired).pipe(reviewText),
    }),
    z.object({ action: z.literal('waive'), text: optionalReviewText }),
    z.object({ action: z.literal('unwaive') }),
  ],
  { error: M.invalidAction },
);
export type PieceReviewPayload = z.input<typeof pieceReviewSchema>;
export type PieceReview = z.output<typeof pieceReviewSchema>;

/** Accepting several received pieces at once: `POST /project/{id}/pieces/accept`. */
export const batchAcceptSchema = z.object({
  ids: z
    .array(positiveId(M.invalidPieceId), { error: M.batchEmpty })
    .min(1, M.batchEmpty)
    .max(BATCH_ACCEPT_MAX, M.batchTooLarge)
    .refine((ids) => new Set(ids).size === ids.length, M.batchDuplicates),
});
export type BatchAcceptPayload = z.input<typeof batchAcceptSchema>;

/** The date (and, for lead and asbestos, the finding) of a diagnostic report sent as a piece's version. */
export const diagnosticReportSchema = z.object({
  kind: z.enum(DIAGNOSTIC_KINDS, { error: M.invalidDiagnostic }),
  reportDate: frenchDateSchema,
  finding: z.enum(DIAGNOSTIC_FINDINGS, { error: M.invalidFinding }).optional(),
});
export type DiagnosticReportPayload = z.input<typeof diagnosticReportSchema>;

/** The planned signing date of the file; empty or null clears it. */
export const signingDateSchema = z.object({
  signingDate: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.union([z.null(), frenchDateSchema])),
});
export type SigningDatePayload = z.input<typeof signingDateSchema>;

/** The office reminds one person of the file, or (without `participantId`) everyone who still owes pieces: `POST /project/{id}/pieces/remind`. */
export const remindNowSchema = z.object({
  participantId: positiveId('Identifiant de personne invalide.').optional(),
});
export type RemindNowPayload = z.input<typeof remindNowSchema>;

/** Who was reminded, and who was not because a reminder already went to them today. */
export const remindNowResultSchema = z.object({
  sent: z.array(z.object({ participantId: z.number().int(), name: z.string() })),
  alreadyRemindedToday: z.array(z.object({ participantId: z.number().int(), name: z.string() })),
});
export type RemindNowResult = z.infer<typeof remindNowResultSchema>;

// ---------------------------------------------------------------- read model

const personRef = z.object({
  /** The participant who acted, when it is one of the file (the office's members are users). */
  participantId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  name: z.string(),
});

const validitySchema = z.union([
  z.object({ unlimited: z.literal(true) }),
  z.object({ unlimited: z.literal(false), validUntil: z.string() }),
]);

/** One file sent for a request: who sent which file when, and its report date if it is a diagnostic. */
export const pieceVersionSchema = z.object({
  id: z.number().int(),
  /** The name as displayed (without the stored 9-character prefix). */
  fileName: z.string(),
  /**
   * Where the file lies: its drawer (null once the drawer was removed) and its
   * stored name in the drawer's `files`, which gives the index `get_file` reads
   * (the web previews it; the file may have been removed from the drawer since).
   */
  documentId: z.number().int().nullable(),
  storedName: z.string(),
  fileType: z.string(),
  fileTypeTitle: z.string(),
  sentBy: personRef,
  /** ISO 8601. */
  sentAt: z.string(),
  diagnostic: z
    .object({
      kind: z.enum(DIAGNOSTIC_KINDS),
      reportDate: z.string().nullable(),
      finding: z.enum(DIAGNOSTIC_FINDINGS).nullable(),
      /** Null until the report date is set. */
      validity: validitySchema.nullable(),
    })
    .nullable(),
});

/** One move of the request: a review by the office, or a waiver and its undoing. */
export const pieceReviewEntrySchema = z.object({
  by: personRef,
  /** ISO 8601. */
  at: z.string(),
  action: z.enum(PIECE_ACTIONS),
  reason: z.enum(CORRECTION_REASONS).nullable(),
  text: z.string().nullable(),
});

export const pieceRequestViewSchema = z.object({
  id: z.number().int(),
  pieceId: z.string(),
  label: z.string(),
  origin: z.enum(PIECE_REQUEST_ORIGINS),
  /** Whose it is. */
  participantId: z.number().int(),
  participantName: z.string(),
  state: z.enum(PIECE_STATES),
  stateLabel: z.string(),
  /** Received, but the answers no longer call for it ("Plus requise"). */
  noLongerRequired: z.boolean(),
  /** "demandé car : ..."; null for the office's own requests and the pieces sent unasked. */
  reasonText: z.string().nullable(),
  fileTypes: z.array(z.string()),
  /** ISO 8601: the last time the request changed (what reminders count from). */
  updatedAt: z.string(),
  versions: z.array(pieceVersionSchema),
  reviews: z.array(pieceReviewEntrySchema),
  /** Issue 28: the messages sent in answer to this piece, those of threads the viewer reads. */
  answers: z
    .array(
      z.object({
        messageId: z.number().int(),
        threadKey: z.string(),
        authorName: z.string(),
        side: z.enum(['office', 'person']),
        text: z.string(),
        withdrawn: z.boolean(),
        createdAt: z.string(),
      }),
    )
    .optional(),
});
export type PieceRequestView = z.infer<typeof pieceRequestViewSchema>;

/** `GET /project/{id}/pieces`. */
export const projectPiecesSchema = z.object({
  projectId: z.number().int(),
  signingDate: z.string().nullable(),
  requests: z.array(pieceRequestViewSchema),
  diagnosticWarnings: z.array(z.object({ kind: z.enum(DIAGNOSTIC_KINDS), validUntil: z.string(), message: z.string() })),
});
export type ProjectPieces = z.infer<typeof projectPiecesSchema>;
