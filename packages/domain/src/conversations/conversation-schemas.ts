import { z } from 'zod';
import { positiveId } from '../schemas/common';
import { THREAD_KINDS } from './thread-permissions';
import { parseThreadKey } from './thread-keys';

/** A message's text: a long question fits, a pasted document does not. */
export const MESSAGE_MAX_LENGTH = 5000;
/** One page of a thread. */
export const MESSAGE_PAGE_SIZE = 30;
export const MESSAGE_PAGE_MAX = 100;
/** The trace a withdrawn message leaves. */
export const WITHDRAWN_MESSAGE_TEXT = 'Message retiré';

export const CONVERSATION_SCHEMA_MESSAGES = {
  invalidThread: 'Conversation inconnue.',
  textRequired: 'Merci de saisir un message.',
  textTooLong: `Le message ne doit pas dépasser ${MESSAGE_MAX_LENGTH} caractères.`,
  invisibleCharacters: 'Ce message contient des caractères invisibles ou de contrôle : merci de le saisir à nouveau.',
  invalidMessageId: 'Identifiant de message invalide.',
  invalidAttachmentId: 'Identifiant de pièce jointe invalide.',
  invalidCursor: 'Position de page invalide : merci de recharger la conversation.',
  invalidLimit: `Le nombre de messages par page doit être compris entre 1 et ${MESSAGE_PAGE_MAX}.`,
  invalidPiece: 'Identifiant de pièce invalide.',
} as const;
const M = CONVERSATION_SCHEMA_MESSAGES;

// Line breaks and tabs are fine in a message; other control and format characters are not (bidi tricks, NUL).
const INVISIBLE_IN_TEXT = /[\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069]|(?![\n\r\t])\p{Cc}/u;

export const threadParamsSchema = z.object({
  id: positiveId('Identifiant de dossier invalide.'),
  thread: z.string({ error: M.invalidThread }).refine((key) => parseThreadKey(key) !== null, M.invalidThread),
});

export const messageIdParamsSchema = z.object({ id: positiveId(M.invalidMessageId) });
export const messageAttachmentParamsSchema = z.object({
  id: positiveId(M.invalidMessageId),
  attachmentId: positiveId(M.invalidAttachmentId),
});

export const messageTextSchema = z
  .string({ error: M.textRequired })
  .trim()
  .min(1, M.textRequired)
  .max(MESSAGE_MAX_LENGTH, M.textTooLong)
  .refine((text) => !INVISIBLE_IN_TEXT.test(text), M.invisibleCharacters);

export const sendMessageSchema = z.object({
  text: messageTextSchema,
  /** The piece request this message answers: it then shows under that piece. */
  pieceRequestId: positiveId(M.invalidPiece).optional(),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** The text fields of a message sent with files (multipart). */
export const sendMessageFieldsSchema = z.object({ text: messageTextSchema, pieceRequestId: positiveId(M.invalidPiece).optional() });

export const markReadSchema = z.object({ upTo: positiveId(M.invalidMessageId) });

export const messagePageQuerySchema = z.object({
  before: z.string({ error: M.invalidCursor }).max(200, M.invalidCursor).optional(),
  limit: z.coerce
    .number({ error: M.invalidLimit })
    .int(M.invalidLimit)
    .min(1, M.invalidLimit)
    .max(MESSAGE_PAGE_MAX, M.invalidLimit)
    .optional(),
});

const threadKindSchema = z.enum(THREAD_KINDS);

export const messageAttachmentViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** In bytes; null for a file sent before sizes were kept. */
  size: z.number().nullable(),
});
export type MessageAttachmentView = z.infer<typeof messageAttachmentViewSchema>;

export const messageViewSchema = z.object({
  id: z.number(),
  threadKey: z.string(),
  author: z.object({ name: z.string(), side: z.enum(['office', 'person']), isMe: z.boolean() }),
  text: z.string(),
  withdrawn: z.boolean(),
  createdAt: z.string(),
  /** When the other side (the office for a person's message, a person for the office's) first read it. */
  readByOtherSideAt: z.string().nullable(),
  pieceRequest: z.object({ id: z.number(), label: z.string() }).nullable(),
  /** The files sent with the message (same checks as every upload), in their order, each downloaded by `GET /message/{id}/attachments/{attachmentId}`; none once withdrawn. */
  attachments: z.array(messageAttachmentViewSchema),
});
export type MessageView = z.infer<typeof messageViewSchema>;

export const messagePageSchema = z.object({
  messages: z.array(messageViewSchema),
  /** Older messages: pass it as `before`; null at the start of the thread. */
  before: z.string().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const threadSummarySchema = z.object({
  key: z.string(),
  kind: threadKindSchema,
  participantId: z.number().nullable(),
  title: z.string(),
  unread: z.number(),
  lastMessageAt: z.string().nullable(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const threadListSchema = z.object({ threads: z.array(threadSummarySchema), unread: z.number() });
export type ThreadList = z.infer<typeof threadListSchema>;

/** At most this many files asked at once (a dashboard page is 24). */
export const UNREAD_FILES_MAX = 100;

export const unreadFilesQuerySchema = z.object({
  ids: z
    .string({ error: 'Merci de préciser les dossiers.' })
    .max(1200, `Pas plus de ${UNREAD_FILES_MAX} dossiers à la fois.`)
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, 'Liste de dossiers invalide : des identifiants séparés par des virgules sont attendus.')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine(
      (ids) => ids.length <= UNREAD_FILES_MAX && ids.every((id) => id < 2 ** 31),
      `Pas plus de ${UNREAD_FILES_MAX} dossiers à la fois.`,
    ),
});

export const unreadFilesSchema = z.object({ files: z.array(z.object({ projectId: z.number(), unread: z.number() })) });
export type UnreadFiles = z.infer<typeof unreadFilesSchema>;

/** `GET /messages/unread-files`: the dashboard's "messages non lus d'abord". */
export const UNREAD_FILES_PAGE_SIZE = 24;
export const unreadFilesPageQuerySchema = z.object({
  after: z.string({ error: M.invalidCursor }).max(200, M.invalidCursor).optional(),
  limit: z.coerce
    .number({ error: M.invalidLimit })
    .int(M.invalidLimit)
    .min(1, M.invalidLimit)
    .max(MESSAGE_PAGE_MAX, M.invalidLimit)
    .optional(),
});
