import {
  canReadThread,
  canViewPiecesOf,
  checkWithdrawMessage,
  CONVERSATION_PERMISSION_MESSAGES,
  CONVERSATION_SCHEMA_MESSAGES,
  hasOfficePowers,
  isSameThread,
  MESSAGE_PAGE_SIZE,
  messageSide,
  parseThreadKey,
  threadKey,
  threadTitle,
  visibleThreads,
  WITHDRAWN_MESSAGE_TEXT,
  type MessagePage,
  type MessageView,
  type ProjectForAccess,
  type SendMessageInput,
  type ThreadList,
  type ThreadRef,
  type UnreadFiles,
  type PieceRequestView,
  type Viewer,
  canOpenProject,
  displayFileName,
  UNREAD_FILES_PAGE_SIZE,
  sendMessageFieldsSchema,
  PROJECT_FILE_MAX_BYTES,
  PROJECT_FILE_MESSAGES,
  MESSAGE_FILE_MESSAGES,
  MESSAGE_MAX_FILES,
} from '@notadoo/domain';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import { IMAGE_TYPES } from '../../files/content-sniffing';
import { checkProjectFileContent } from '../../files/project-file-content';
import { checkOriginalName, PROJECT_FILE_CONTENT_TYPES, storedNameFor } from '../../files/project-files';
import { removeUnlistedFiles } from '../../files/storage/file-storage';
import { projectFileKey } from '../../files/storage/storage-keys';
import { discardUpload, receiveUpload, temporaryUploadsDir, type StoredUpload } from '../../files/upload';
import { parseWith } from '../../http/parse';
import type { Db } from '../../db/database';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error';
import type { LoadedProject } from '../projects/project-data';
import { toProjectForAccess, toProjectSummary, toViewer } from '../projects/project-presenter';
import { loadProjectsForSummary } from '../projects/project-summary-data';
import { requireOpenProject } from '../projects/project-guard';
import type { UserRow, UserWithOffice } from '../users/user-data';
import {
  countUnread,
  countUnreadOfProjects,
  deleteAttachments,
  findAttachment,
  findAttachments,
  findMessage,
  findMessagePage,
  findAccountsToTell,
  findOrCreateThread,
  findPieceAnswers,
  findPieceRequestOwner,
  findUnreadFilesPage,
  findPresentUsers,
  findThread,
  insertAttachments,
  insertMessage,
  listProjectThreads,
  markThreadRead,
  openMailBatch,
  touchPresence,
  withdrawMessage,
  type AttachmentRow,
  type MessageRow,
  type PageCursor,
  type ThreadRow,
} from './message-data';

/** Messages within this long of the first make one mail (per recipient and file). */
export const MESSAGE_MAIL_BATCH_MS = 60_000;
/** A reader whose page marked the thread read (or beat) this recently is on the page: no mail. */
export const MESSAGE_PRESENCE_MS = 45_000;

const M = {
  ...CONVERSATION_PERMISSION_MESSAGES,
  ...CONVERSATION_SCHEMA_MESSAGES,
  pieceNotInFile: "Cette pièce n'existe pas ou ne fait pas partie de ce dossier.",
  pieceRefused: "Vous n'avez pas accès à cette pièce.",
  notInThread: "Ce message n'appartient pas à cette conversation.",
};

interface Opened {
  loaded: LoadedProject;
  viewer: Viewer;
  access: ProjectForAccess;
  thread: ThreadRef;
}

/** The project opened to the user and the thread of `key`, which they must be allowed to read (403 otherwise). */
async function requireThread(ctx: AppContext, user: UserWithOffice, projectId: number, key: string): Promise<Opened> {
  const { loaded, viewer, access } = await requireOpenProject(ctx, user, projectId);
  const thread = parseThreadKey(key);
  if (!thread) throw badRequest(M.invalidThread);
  if (access.notary_office === null) throw new AppError('CONFLICT', M.noOffice);
  if (!canReadThread(viewer, access, thread)) throw forbidden(M.threadRefused);
  return { loaded, viewer, access, thread };
}

function personName(loaded: LoadedProject, participantId: number | null): string | null {
  const p = loaded.participants.find((x) => x.id === participantId);
  return p ? `${p.firstName} ${p.lastName}`.trim() : null;
}

// ---------------------------------------------------------------- reading

export async function listThreads(ctx: AppContext, user: UserWithOffice, projectId: number): Promise<ThreadList> {
  return describeThreads(ctx.db, user, await requireOpenProject(ctx, user, projectId));
}

/** The threads of a file opened to the user, with their unread counts. */
async function describeThreads(
  db: Db,
  user: UserWithOffice,
  { loaded, viewer, access }: Pick<Opened, 'loaded' | 'viewer' | 'access'>,
): Promise<ThreadList> {
  const projectId = loaded.project.id;
  if (access.notary_office === null) return { threads: [], unread: 0 };
  const refs = visibleThreads(viewer, access);
  const rows = await listProjectThreads(db, projectId);
  const rowOf = (ref: ThreadRef) => rows.find((r) => isSameThread(ref, r));
  const unread = await countUnread(
    db,
    user.id,
    refs.map(rowOf).flatMap((r) => (r ? [r.id] : [])),
  );
  const isPerson = !hasOfficePowers(viewer, access);
  const threads = refs.map((ref) => {
    const row = rowOf(ref);
    return {
      key: threadKey(ref),
      kind: ref.kind,
      participantId: ref.participantId,
      title: threadTitle(ref, personName(loaded, ref.participantId), isPerson),
      unread: row ? (unread.get(row.id) ?? 0) : 0,
      lastMessageAt: row?.lastMessageAt?.toISOString() ?? null,
    };
  });
  return { threads, unread: threads.reduce((n, t) => n + t.unread, 0) };
}

function toMessageView(row: MessageRow, key: string, viewer: Viewer, attachments: readonly AttachmentRow[]): MessageView {
  const withdrawn = row.withdrawnAt !== null;
  return {
    id: row.id,
    threadKey: key,
    author: { name: row.authorName, side: row.authorSide, isMe: row.authorUserId === viewer.id },
    text: withdrawn ? WITHDRAWN_MESSAGE_TEXT : row.body,
    withdrawn,
    createdAt: row.createdAt.toISOString(),
    readByOtherSideAt: row.otherSideReadAt?.toISOString() ?? null,
    pieceRequest: row.pieceRequestId !== null && row.pieceLabel !== null ? { id: row.pieceRequestId, label: row.pieceLabel } : null,
    attachments: withdrawn ? [] : attachments.map((a) => ({ id: a.id, name: displayFileName(a.storedName), size: a.size })),
  };
}

// The cursor is opaque to clients: base64url of [created_at, id].
function encodeCursor(row: MessageRow): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}
function decodeCursor(text: string): PageCursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof createdAt === 'string' &&
      !Number.isNaN(Date.parse(createdAt)) &&
      Number.isInteger(id) &&
      (id as number) > 0 &&
      (id as number) < 2 ** 31
    ) {
      return { createdAt: new Date(createdAt).toISOString(), id: id as number };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw badRequest(M.invalidCursor);
}

export async function getMessagePage(
  ctx: AppContext,
  user: UserWithOffice,
  projectId: number,
  key: string,
  query: { before?: string; limit?: number },
): Promise<MessagePage> {
  const { viewer, thread } = await requireThread(ctx, user, projectId, key);
  const before = query.before === undefined ? undefined : decodeCursor(query.before);
  const row = await findThread(ctx.db, projectId, thread);
  if (!row) return { messages: [], before: null };
  const page = await findMessagePage(ctx.db, row.id, before, query.limit ?? MESSAGE_PAGE_SIZE);
  const last = page.rows.at(-1);
  const attachments = await findAttachments(
    ctx.db,
    page.rows.map((r) => r.id),
  );
  return {
    messages: page.rows.map((r) => toMessageView(r, key, viewer, attachments.get(r.id) ?? [])),
    before: page.more && last ? encodeCursor(last) : null,
  };
}

/**
 * The unread counts of the files `ids` for the dashboard's cards: only files
 * the viewer opens, and in them only the threads they read (others are left
 * out without a word: a card of a file one cannot open shows no count).
 */
export async function countUnreadByFile(ctx: AppContext, user: UserWithOffice, ids: readonly number[]): Promise<UnreadFiles> {
  const viewer = toViewer(user);
  // Two statements for the whole page, whatever its size: the files (as the dashboard reads them) and the unread of their threads.
  const [files, counts] = await Promise.all([loadProjectsForSummary(ctx.db, ids), countUnreadOfProjects(ctx.db, user.id, ids)]);
  const threadsOf = new Map<number, typeof counts>();
  for (const row of counts) threadsOf.set(row.projectId, [...(threadsOf.get(row.projectId) ?? []), row]);
  const unread: UnreadFiles['files'] = [];
  for (const file of files) {
    const access = toProjectForAccess(file);
    if (access.notary_office === null || !canOpenProject(viewer, access)) continue;
    const refs = visibleThreads(viewer, access);
    const n = (threadsOf.get(file.project.id) ?? [])
      .filter((row) => refs.some((ref) => isSameThread(ref, row)))
      .reduce((sum, row) => sum + row.unread, 0);
    if (n > 0) unread.push({ projectId: file.project.id, unread: n });
  }
  return { files: unread };
}

/**
 * The dashboard's "messages non lus d'abord": the files with unread messages
 * for the viewer, newest unread first, as dashboard cards with their count,
 * one page at a time (`next`: the cursor of the following page). Admins are
 * counted on the files they take part in or whose office they belong to:
 * every file of the platform would be no one's inbox.
 */
export async function listUnreadFiles(ctx: AppContext, user: UserWithOffice, query: { after?: string; limit?: number }) {
  const viewer = toViewer(user);
  const limit = query.limit ?? UNREAD_FILES_PAGE_SIZE;
  const after = query.after === undefined ? undefined : decodeFilesCursor(query.after);
  const page = await findUnreadFilesPage(ctx.db, { userId: user.id, officeId: user.office?.id ?? null, after, limit });
  const loaded = new Map(
    (
      await loadProjectsForSummary(
        ctx.db,
        page.map((p) => p.projectId),
      )
    ).map((p) => [p.project.id, p]),
  );
  const projects = page.flatMap((row) => {
    const file = loaded.get(row.projectId);
    if (!file) return [];
    const access = toProjectForAccess(file);
    if (!canOpenProject(viewer, access)) return [];
    return [{ project: toProjectSummary(file, viewer, access), unread: row.unread }];
  });
  const last = page.at(-1);
  return {
    files: projects,
    next:
      page.length === limit && last ? Buffer.from(JSON.stringify([last.lastAt.toISOString(), last.projectId])).toString('base64url') : null,
  };
}

function decodeFilesCursor(text: string): { at: string; projectId: number } {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && !Number.isNaN(Date.parse(at)) && Number.isInteger(id) && (id as number) > 0 && (id as number) < 2 ** 31)
      return { at: new Date(at).toISOString(), projectId: id as number };
  } catch {
    // Falls through to the refusal below.
  }
  throw badRequest(M.invalidCursor);
}

// ---------------------------------------------------------------- writing

/** A piece request of this file whose owner's pieces the viewer may see: the message then shows under that piece. */
async function checkPieceAnswer(db: Db, opened: Opened, pieceRequestId: number): Promise<void> {
  const request = await findPieceRequestOwner(db, pieceRequestId);
  if (!request || request.projectId !== opened.loaded.project.id) throw badRequest(M.pieceNotInFile);
  const owner = opened.access.participants.find((p) => p.id === request.participantId);
  if (!owner || !canViewPiecesOf(opened.viewer, opened.access, owner)) throw forbidden(M.pieceRefused);
}

/** A file of a new message, already in the storage under the file's prefix. */
export interface MessageAttachment {
  storedName: string;
  size: number;
}

/** Writes the message and its files in one transaction: either all of it is kept or none. */
export async function sendMessage(
  ctx: AppContext,
  user: UserWithOffice,
  projectId: number,
  key: string,
  input: SendMessageInput,
  attachments: readonly MessageAttachment[] = [],
): Promise<MessageView> {
  const opened = await requireThread(ctx, user, projectId, key);
  if (input.pieceRequestId !== undefined) await checkPieceAnswer(ctx.db, opened, input.pieceRequestId);
  const at = ctx.now();
  const side = messageSide(opened.viewer, opened.access);
  const id = await ctx.db.transaction(async (tx) => {
    const threadRow = await findOrCreateThread(tx, projectId, opened.thread, at);
    const messageId = await insertMessage(tx, {
      threadId: threadRow.id,
      projectId,
      authorUserId: user.id,
      authorName: `${user.firstName} ${user.lastName}`.trim(),
      authorSide: side,
      body: input.text,
      pieceRequestId: input.pieceRequestId ?? null,
      at,
    });
    await insertAttachments(tx, messageId, attachments);
    await markThreadRead(tx, { threadId: threadRow.id, userId: user.id, upTo: messageId, side, at });
    await notifyRecipients(tx, opened, threadRow, user, side, at);
    return messageId;
  });
  const stored = (await findMessage(ctx.db, id))!;
  return toMessageView(stored, key, opened.viewer, (await findAttachments(ctx.db, [id])).get(id) ?? []);
}

/**
 * Opens (or joins) a mail batch for everyone the thread concerns who is not
 * on its page now: the persons of the file with an account who read it, and
 * the members of the chosen office for a person's message (the office's own
 * thread, and its own side's messages, mail no member: they are at work in the file). Admins hear nothing unless they take part.
 */
async function notifyRecipients(
  db: Db,
  opened: Opened,
  thread: ThreadRow,
  author: UserWithOffice,
  side: 'office' | 'person',
  at: Date,
): Promise<void> {
  if (opened.thread.kind === 'office') return;
  const present = await findPresentUsers(db, thread.id, new Date(at.getTime() - MESSAGE_PRESENCE_MS));
  const participantIds = opened.loaded.participants.flatMap((p) => (p.userId !== null ? [p.userId] : []));
  const officeId = opened.loaded.project.notaryOfficeId;
  const accounts = await findAccountsToTell(db, participantIds, officeId);
  for (const account of accounts) {
    if (account.id === author.id || !account.isActive || present.has(account.id)) continue;
    const viewer = viewerOfAccount(account);
    if (!canReadThread(viewer, opened.access, opened.thread)) continue;
    // The office does not mail itself about its own side's messages.
    if (side === 'office' && hasOfficePowers(viewer, opened.access)) continue;
    await openMailBatch(db, {
      recipientKey: `u${account.id}`,
      userId: account.id,
      projectId: opened.loaded.project.id,
      at,
      delayMs: MESSAGE_MAIL_BATCH_MS,
    });
  }
}

/** A stored account as the permission rules see it. */
export function viewerOfAccount(account: UserRow): Viewer {
  return {
    id: account.id,
    roles: account.roles,
    isPro: account.isPro,
    isNotary: account.isNotary,
    needsRoleChange: account.needsRoleChange,
    notary_office: account.notaryOfficeId === null ? null : { id: account.notaryOfficeId },
  };
}

export async function withdrawOwnMessage(ctx: AppContext, user: UserWithOffice, messageId: number): Promise<MessageView> {
  const message = await findMessage(ctx.db, messageId);
  if (!message) throw notFound("Ce message n'existe pas.");
  const { viewer, access } = await requireOpenProject(ctx, user, message.projectId);
  if (!canReadThread(viewer, access, message.thread)) throw forbidden(M.threadRefused);
  const check = checkWithdrawMessage(
    viewer,
    { authorUserId: message.authorUserId, createdAt: message.createdAt, withdrawn: message.withdrawnAt !== null },
    ctx.now(),
  );
  if (!check.ok) throw check.status === 403 ? forbidden(check.message) : new AppError('CONFLICT', check.message);
  // The files go with the text: withdrawn means gone, not hidden. Their rows go in the withdrawal's
  // transaction, their bytes once it is committed.
  const removed = await ctx.db.transaction(async (tx) =>
    (await withdrawMessage(tx, messageId, ctx.now())) ? deleteAttachments(tx, messageId) : null,
  );
  if (removed === null) throw new AppError('CONFLICT', M.alreadyWithdrawn);
  await removeUnlistedFiles(
    ctx.storage,
    removed.map((name) => projectFileKey(message.projectId, name)),
    ctx.log,
  );
  return toMessageView((await findMessage(ctx.db, messageId))!, threadKey(message.thread), viewer, []);
}

/** Marks the thread read up to `upTo` (a message of it) and the reader present; answers the thread list (unread counts). */
export async function markRead(
  ctx: AppContext,
  user: UserWithOffice,
  projectId: number,
  key: string,
  upTo: number | undefined,
): Promise<ThreadList> {
  const opened = await requireThread(ctx, user, projectId, key);
  const at = ctx.now();
  if (upTo === undefined) {
    const row = await findOrCreateThread(ctx.db, projectId, opened.thread, at);
    await touchPresence(ctx.db, row.id, user.id, at);
  } else {
    // Nothing is written for a message that is not of this thread.
    const row = await findThread(ctx.db, projectId, opened.thread);
    if (
      !row ||
      !(await markThreadRead(ctx.db, { threadId: row.id, userId: user.id, upTo, side: messageSide(opened.viewer, opened.access), at }))
    )
      throw badRequest(M.notInThread);
  }
  // The project is already loaded and the thread checked: the answer reuses them (this runs on every heartbeat).
  return describeThreads(ctx.db, user, opened);
}

/** For the Pièces tab: the answers to each piece the viewer may read (the threads' rules), by piece request. */
export async function readPieceAnswers(
  db: Db,
  projectId: number,
  viewer: Viewer,
  access: ProjectForAccess,
): Promise<Map<number, NonNullable<PieceRequestView['answers']>>> {
  const byPiece = new Map<number, NonNullable<PieceRequestView['answers']>>();
  for (const m of await findPieceAnswers(db, projectId)) {
    if (m.pieceRequestId === null || !canReadThread(viewer, access, m.thread)) continue;
    const list = byPiece.get(m.pieceRequestId) ?? [];
    list.push({
      messageId: m.id,
      threadKey: threadKey(m.thread),
      authorName: m.authorName,
      side: m.authorSide,
      text: m.withdrawnAt ? WITHDRAWN_MESSAGE_TEXT : m.body,
      withdrawn: m.withdrawnAt !== null,
      createdAt: m.createdAt.toISOString(),
    });
    byPiece.set(m.pieceRequestId, list);
  }
  return byPiece;
}

type UploadPart =
  { type: 'field'; fieldname: string; value: unknown } | { type: 'file'; fieldname: string; filename: string; file: Readable };

/** A file received and checked, still in the temporary folder. */
interface ReceivedFile {
  upload: StoredUpload;
  originalName: string;
}

/**
 * A message with files (multipart: text, pieceRequestId, then up to
 * MESSAGE_MAX_FILES parts `file`; one is the former single-file form). Each
 * file goes through the checks of every project upload (type by content,
 * 20 Mo, whole PDF, a clean name) into the temporary folder; only when all
 * of them and the fields passed are they handed to the storage, beside the
 * file's other files; the message and its files are then written in one
 * transaction, and a failure anywhere removes what was stored: a refused
 * message leaves nothing. They are read only through the message, under
 * its thread's rules.
 */
export async function sendMessageWithFiles(
  ctx: AppContext,
  user: UserWithOffice,
  projectId: number,
  key: string,
  parts: AsyncIterable<UploadPart>,
): Promise<MessageView> {
  // Refused before a byte is stored when the thread is not the caller's.
  await requireThread(ctx, user, projectId, key);
  const fields: Record<string, unknown> = {};
  const received: ReceivedFile[] = [];
  const stored: MessageAttachment[] = [];
  try {
    try {
      for await (const part of parts) {
        if (part.type === 'field' && (part.fieldname === 'text' || part.fieldname === 'pieceRequestId'))
          fields[part.fieldname] = part.value;
        else if (part.type === 'file' && part.fieldname === 'file') {
          if (received.length >= MESSAGE_MAX_FILES) throw badRequest(MESSAGE_FILE_MESSAGES.tooMany);
          const originalName = checkOriginalName(part.filename);
          const upload = await receiveUpload(part.file, {
            dir: temporaryUploadsDir(ctx.config.dataDir),
            accepted: [...IMAGE_TYPES, 'pdf'],
            maxBytes: PROJECT_FILE_MAX_BYTES,
            refusedMessage: PROJECT_FILE_MESSAGES.wrongType,
          });
          received.push({ upload, originalName });
          await checkProjectFileContent(upload);
        } else if (part.type === 'file') part.file.resume();
      }
    } catch (error) {
      // The parser's own limit (a file part past MESSAGE_MAX_FILES + 1) says the same as ours.
      throw (error as { code?: string }).code === 'FST_FILES_LIMIT' ? badRequest(MESSAGE_FILE_MESSAGES.tooMany) : error;
    }
    const input = parseWith(sendMessageFieldsSchema, fields);
    if (received.length === 0) throw badRequest(MESSAGE_FILE_MESSAGES.fileRequired);
    while (received.length > 0) {
      const { upload, originalName } = received.shift()!; // putFile takes the temporary file away, stored or not
      const storedName = storedNameFor(originalName, upload.type);
      stored.push({ storedName, size: upload.size });
      await ctx.storage.putFile(projectFileKey(projectId, storedName), upload.path);
    }
    return await sendMessage(ctx, user, projectId, key, input, stored);
  } catch (error) {
    await removeUnlistedFiles(
      ctx.storage,
      stored.map((file) => projectFileKey(projectId, file.storedName)),
      ctx.log,
    );
    throw error;
  } finally {
    for (const file of received) await discardUpload(file.upload);
  }
}

/** A file of a message, to whoever reads its thread; none once the message is withdrawn. */
export async function openMessageAttachment(ctx: AppContext, user: UserWithOffice, messageId: number, attachmentId: number) {
  const message = await findMessage(ctx.db, messageId);
  if (!message) throw notFound("Ce message n'existe pas.");
  const { viewer, access } = await requireOpenProject(ctx, user, message.projectId);
  if (!canReadThread(viewer, access, message.thread)) throw forbidden(M.threadRefused);
  const attachment = message.withdrawnAt === null ? await findAttachment(ctx.db, messageId, attachmentId) : undefined;
  if (!attachment) throw notFound(MESSAGE_FILE_MESSAGES.noAttachment);
  const { stream, size } = await ctx.storage.open(projectFileKey(message.projectId, attachment.storedName));
  const extension = attachment.storedName.split('.').pop()?.toLowerCase() ?? '';
  return {
    stream,
    size,
    contentType: PROJECT_FILE_CONTENT_TYPES[extension] ?? 'application/octet-stream',
    filename: displayFileName(attachment.storedName),
  };
}
