import type { ThreadRef } from '@notadoo/domain';
import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/rows';
import {
  messageAttachments,
  messageMailBatches,
  messages,
  messageThreadReads,
  messageThreads,
  pieceRequests,
  users,
} from '../../db/schema';
import { USER_COLUMNS, type UserRow } from '../users/user-data';

/**
 * SQL of the messages of a file (issue 28), tables of migration
 * 0230_file_messages.sql and 0240_message_attachments.sql. The keyset pages,
 * the messages read with their piece and the unread counts are hand-written
 * statements (they read better as SQL than as builder chains, and the page's
 * plan is benched); the rest goes through the declared tables.
 */

const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const asDateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : asDate(value));

export interface ThreadRow {
  id: number;
  kind: ThreadRef['kind'];
  participantId: number | null;
}

const THREAD_COLUMNS = { id: messageThreads.id, kind: messageThreads.kind, participantId: messageThreads.participantId };

function threadCondition(thread: ThreadRef): SQL | undefined {
  return thread.kind === 'private'
    ? // A private thread without its person is found by nobody (as `participant_id = NULL` would).
      and(
        eq(messageThreads.kind, 'private'),
        thread.participantId === null ? sql`false` : eq(messageThreads.participantId, thread.participantId),
      )
    : eq(messageThreads.kind, thread.kind);
}

export async function findThread(db: Db, projectId: number, thread: ThreadRef): Promise<ThreadRow | undefined> {
  const [row] = await db
    .select(THREAD_COLUMNS)
    .from(messageThreads)
    .where(and(eq(messageThreads.projectId, projectId), threadCondition(thread)));
  return row;
}

/** The thread's row, created on first use; two first messages at once make one row (the unique indexes). */
export async function findOrCreateThread(db: Db, projectId: number, thread: ThreadRef, at: Date): Promise<ThreadRow> {
  const found = await findThread(db, projectId, thread);
  if (found) return found;
  // The conflict targets are the partial unique indexes message_threads_private and message_threads_shared.
  const conflict =
    thread.kind === 'private'
      ? {
          target: messageThreads.participantId,
          where: sql`${sql.identifier('kind')} = 'private' AND ${sql.identifier('participant_id')} IS NOT NULL`,
        }
      : { target: [messageThreads.projectId, messageThreads.kind], where: sql`${sql.identifier('kind')} <> 'private'` };
  await db
    .insert(messageThreads)
    .values({ projectId, kind: thread.kind, participantId: thread.participantId, createdAt: at })
    .onConflictDoNothing(conflict);
  return (await findThread(db, projectId, thread))!;
}

/**
 * Parts a participation from its private thread, as a removal does: the
 * thread stays in the file's records, and the participation starts a new one.
 * For a person invited at an address that is then changed (they never had an
 * account): what the office wrote to the first address is not for whoever
 * accepts the second.
 */
export async function detachPrivateThread(db: Db, participantId: number): Promise<void> {
  await db
    .update(messageThreads)
    .set({ participantId: null })
    .where(and(eq(messageThreads.kind, 'private'), eq(messageThreads.participantId, participantId)));
}

export async function listProjectThreads(db: Db, projectId: number): Promise<Array<ThreadRow & { lastMessageAt: Date | null }>> {
  const lastMessageAt = sql<Date | null>`(SELECT ${messages.createdAt} FROM ${messages} WHERE ${messages.threadId} = ${messageThreads.id}
    ORDER BY ${messages.createdAt} DESC, ${messages.id} DESC LIMIT 1)`.mapWith(asDateOrNull);
  return db
    .select({ ...THREAD_COLUMNS, lastMessageAt })
    .from(messageThreads)
    .where(eq(messageThreads.projectId, projectId))
    .orderBy(asc(messageThreads.id));
}

export interface MessageRow {
  id: number;
  threadId: number;
  projectId: number;
  authorUserId: number | null;
  authorName: string;
  authorSide: 'office' | 'person';
  body: string;
  withdrawnAt: Date | null;
  pieceRequestId: number | null;
  pieceLabel: string | null;
  createdAt: Date;
  otherSideReadAt: Date | null;
}

interface RawMessage {
  id: number;
  thread_id: number;
  project_id: number;
  author_user_id: number | null;
  author_name: string;
  author_side: 'office' | 'person';
  body: string;
  withdrawn_at: unknown;
  piece_request_id: number | null;
  piece_label: string | null;
  created_at: unknown;
  other_side_read_at: unknown;
}

function toMessageRow(r: RawMessage): MessageRow {
  return {
    id: r.id,
    threadId: r.thread_id,
    projectId: r.project_id,
    authorUserId: r.author_user_id,
    authorName: r.author_name,
    authorSide: r.author_side,
    body: r.body,
    withdrawnAt: asDateOrNull(r.withdrawn_at),
    pieceRequestId: r.piece_request_id,
    pieceLabel: r.piece_label ?? null,
    createdAt: asDate(r.created_at),
    otherSideReadAt: asDateOrNull(r.other_side_read_at),
  };
}

const MESSAGE_COLUMNS = sql`m.id, m.thread_id, m.project_id, m.author_user_id, m.author_name, m.author_side, m.body, m.withdrawn_at,
  m.piece_request_id, pr.label AS piece_label, m.created_at, m.other_side_read_at`;

export interface NewMessage {
  threadId: number;
  projectId: number;
  authorUserId: number;
  authorName: string;
  authorSide: 'office' | 'person';
  body: string;
  pieceRequestId: number | null;
  at: Date;
}

export async function insertMessage(db: Db, m: NewMessage): Promise<number> {
  const [row] = await db
    .insert(messages)
    .values({
      threadId: m.threadId,
      projectId: m.projectId,
      authorUserId: m.authorUserId,
      authorName: m.authorName,
      authorSide: m.authorSide,
      body: m.body,
      pieceRequestId: m.pieceRequestId,
      createdAt: m.at,
    })
    .returning({ id: messages.id });
  return row!.id;
}

/** A file of a message (migration 0240_message_attachments.sql): `storedName` is its name in the storage, under the file's prefix. */
export interface AttachmentRow {
  id: number;
  messageId: number;
  position: number;
  storedName: string;
  size: number | null;
}

const ATTACHMENT_COLUMNS = {
  id: messageAttachments.id,
  messageId: messageAttachments.messageId,
  position: messageAttachments.position,
  storedName: messageAttachments.storedName,
  size: messageAttachments.sizeBytes,
};

/** Writes the files of a new message, in their order (inside the transaction that writes the message). */
export async function insertAttachments(
  db: Db,
  messageId: number,
  files: ReadonlyArray<{ storedName: string; size: number }>,
): Promise<void> {
  if (files.length === 0) return;
  await db
    .insert(messageAttachments)
    .values(files.map((file, position) => ({ messageId, position, storedName: file.storedName, sizeBytes: file.size })));
}

/** The files of each of `messageIds`, in their order. */
export async function findAttachments(db: Db, messageIds: readonly number[]): Promise<Map<number, AttachmentRow[]>> {
  const byMessage = new Map<number, AttachmentRow[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select(ATTACHMENT_COLUMNS)
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, [...messageIds]))
    .orderBy(asc(messageAttachments.messageId), asc(messageAttachments.position));
  for (const row of rows) byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), row]);
  return byMessage;
}

/** The file `attachmentId` of the message `messageId`, if it is one of its files. */
export async function findAttachment(db: Db, messageId: number, attachmentId: number): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select(ATTACHMENT_COLUMNS)
    .from(messageAttachments)
    .where(and(eq(messageAttachments.id, attachmentId), eq(messageAttachments.messageId, messageId)));
  return row;
}

/** Forgets the files of a withdrawn message; answers their stored names, for the storage to drop once this is committed. */
export async function deleteAttachments(db: Db, messageId: number): Promise<string[]> {
  const rows = await db
    .delete(messageAttachments)
    .where(eq(messageAttachments.messageId, messageId))
    .returning({ storedName: messageAttachments.storedName });
  return rows.map((r) => r.storedName);
}

export async function findMessage(db: Db, id: number): Promise<(MessageRow & { thread: ThreadRow }) | undefined> {
  const [row] = await rowsOf<RawMessage & { kind: ThreadRef['kind']; participant_id: number | null }>(
    db,
    sql`SELECT ${MESSAGE_COLUMNS}, t.kind, t.participant_id FROM messages m JOIN message_threads t ON t.id = m.thread_id
        LEFT JOIN piece_requests pr ON pr.id = m.piece_request_id WHERE m.id = ${id}`,
  );
  return row && { ...toMessageRow(row), thread: { id: row.thread_id, kind: row.kind, participantId: row.participant_id } };
}

export interface PageCursor {
  createdAt: string;
  id: number;
}

/** One page of a thread, newest first, from the index messages_thread_page: `limit + 1` rows tell whether older ones remain. */
export async function findMessagePage(
  db: Db,
  threadId: number,
  before: PageCursor | undefined,
  limit: number,
): Promise<{ rows: MessageRow[]; more: boolean }> {
  const rows = await rowsOf<RawMessage>(db, messagePageQuery(threadId, before, limit));
  return { rows: rows.slice(0, limit).map(toMessageRow), more: rows.length > limit };
}

/** The page query, unexecuted: the bench prints its plan. */
export function messagePageQuery(threadId: number, before: PageCursor | undefined, limit: number): SQL {
  const after = before ? sql`AND (m.created_at, m.id) < (${before.createdAt}::timestamptz, ${before.id})` : sql``;
  return sql`SELECT ${MESSAGE_COLUMNS} FROM messages m LEFT JOIN piece_requests pr ON pr.id = m.piece_request_id
        WHERE m.thread_id = ${threadId} ${after} ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit + 1}`;
}

/** Empties the text: only the trace "Message retiré" remains. Returns false when it was withdrawn meanwhile. */
export async function withdrawMessage(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ body: '', withdrawnAt: at })
    .where(and(eq(messages.id, id), isNull(messages.withdrawnAt)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

/**
 * Moves the reader's place forward to the message `upTo` of the thread (never
 * back), records them as present, and stamps the read receipt on the other
 * side's messages up to there. Returns false when `upTo` is not a message of the thread.
 */
export async function markThreadRead(
  db: Db,
  input: { threadId: number; userId: number; upTo: number; side: 'office' | 'person'; at: Date },
): Promise<boolean> {
  const [target] = await db
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.id, input.upTo), eq(messages.threadId, input.threadId)));
  if (!target) return false;
  const upToAt = target.createdAt;
  // The place moves forward only: kept when the one given is not after it, in the thread's (created_at, id) order.
  const forward = sql`(excluded.read_up_to_at, excluded.read_up_to_id) > (${messageThreadReads.readUpToAt}, ${messageThreadReads.readUpToId})`;
  await db
    .insert(messageThreadReads)
    .values({ threadId: input.threadId, userId: input.userId, readUpToAt: upToAt, readUpToId: input.upTo, seenAt: input.at })
    .onConflictDoUpdate({
      target: [messageThreadReads.threadId, messageThreadReads.userId],
      set: {
        seenAt: sql`excluded.seen_at`,
        readUpToAt: sql`CASE WHEN ${forward} THEN excluded.read_up_to_at ELSE ${messageThreadReads.readUpToAt} END`,
        readUpToId: sql`CASE WHEN ${forward} THEN excluded.read_up_to_id ELSE ${messageThreadReads.readUpToId} END`,
      },
    });
  await db
    .update(messages)
    .set({ otherSideReadAt: input.at })
    .where(
      and(
        eq(messages.threadId, input.threadId),
        isNull(messages.otherSideReadAt),
        ne(messages.authorSide, input.side),
        sql`(${messages.createdAt}, ${messages.id}) <= (${upToAt.toISOString()}::timestamptz, ${input.upTo})`,
      ),
    );
  return true;
}

/** Records the reader as on the page of the thread (the heartbeat), without moving their place. */
export async function touchPresence(db: Db, threadId: number, userId: number, at: Date): Promise<void> {
  await db
    .insert(messageThreadReads)
    .values({ threadId, userId, readUpToAt: new Date(0), readUpToId: 0, seenAt: at })
    .onConflictDoUpdate({ target: [messageThreadReads.threadId, messageThreadReads.userId], set: { seenAt: sql`excluded.seen_at` } });
}

/** The users seen on the thread's page since `since`. */
export async function findPresentUsers(db: Db, threadId: number, since: Date): Promise<Set<number>> {
  const rows = await db
    .select({ userId: messageThreadReads.userId })
    .from(messageThreadReads)
    .where(and(eq(messageThreadReads.threadId, threadId), gte(messageThreadReads.seenAt, since)));
  return new Set(rows.map((r) => r.userId));
}

/** Unread messages of each of `threadIds` for the user: after their place, not their own, not withdrawn. */
export async function countUnread(db: Db, userId: number, threadIds: readonly number[]): Promise<Map<number, number>> {
  if (threadIds.length === 0) return new Map();
  const rows = await rowsOf<{ thread_id: number; n: number }>(
    db,
    sql`SELECT m.thread_id, count(*)::int AS n FROM messages m
        LEFT JOIN message_thread_reads r ON r.thread_id = m.thread_id AND r.user_id = ${userId}
        WHERE m.thread_id = ANY(${sql.raw(`ARRAY[${threadIds.map((id) => Number(id)).join(',')}]::int[]`)})
          AND (m.author_user_id IS NULL OR m.author_user_id <> ${userId}) AND m.withdrawn_at IS NULL
          AND (r.user_id IS NULL OR (m.created_at, m.id) > (r.read_up_to_at, r.read_up_to_id))
        GROUP BY m.thread_id`,
  );
  return new Map(rows.map((r) => [r.thread_id, r.n]));
}

/**
 * The unread messages of the user in every thread of the files `projectIds`
 * that has some (after their place, not their own, not withdrawn): one
 * statement for a whole dashboard page; the caller keeps the threads the
 * user reads.
 */
export async function countUnreadOfProjects(
  db: Db,
  userId: number,
  projectIds: readonly number[],
): Promise<Array<ThreadRow & { projectId: number; unread: number }>> {
  if (projectIds.length === 0) return [];
  const rows = await rowsOf<{ id: number; project_id: number; kind: ThreadRef['kind']; participant_id: number | null; n: number }>(
    db,
    sql`SELECT t.id, t.project_id, t.kind, t.participant_id, count(*)::int AS n FROM message_threads t
        JOIN messages m ON m.thread_id = t.id
        LEFT JOIN message_thread_reads r ON r.thread_id = t.id AND r.user_id = ${userId}
        WHERE t.project_id = ANY(${sql.raw(`ARRAY[${projectIds.map((id) => Number(id)).join(',')}]::int[]`)})
          AND (m.author_user_id IS NULL OR m.author_user_id <> ${userId}) AND m.withdrawn_at IS NULL
          AND (r.user_id IS NULL OR (m.created_at, m.id) > (r.read_up_to_at, r.read_up_to_id))
        GROUP BY t.id`,
  );
  return rows.map((r) => ({ id: r.id, projectId: r.project_id, kind: r.kind, participantId: r.participant_id, unread: r.n }));
}

/** The file and the person of a piece request, for a message that answers it. */
export async function findPieceRequestOwner(
  db: Db,
  pieceRequestId: number,
): Promise<{ projectId: number; participantId: number } | undefined> {
  const [row] = await db
    .select({ projectId: pieceRequests.projectId, participantId: pieceRequests.participantId })
    .from(pieceRequests)
    .where(eq(pieceRequests.id, pieceRequestId));
  return row;
}

// ---------------------------------------------------------------- mails

/** The accounts a message may be mailed to: those of `userIds`, and the members of the office `officeId`. */
export async function findAccountsToTell(db: Db, userIds: readonly number[], officeId: number | null): Promise<UserRow[]> {
  return db
    .select(USER_COLUMNS)
    .from(users)
    .where(or(inArray(users.id, [...userIds, 0]), officeId === null ? undefined : eq(users.notaryOfficeId, officeId)));
}

/** The account a batch of mails is for. */
export async function findAccount(db: Db, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select(USER_COLUMNS).from(users).where(eq(users.id, userId));
  return row;
}

/**
 * Opens (or joins) the recipient's batch for the file: the first message of
 * a quiet spell opens one due `delayMs` later, the next ones find it open and
 * do nothing. One statement, safe with several processes.
 */
export async function openMailBatch(
  db: Db,
  input: { recipientKey: string; userId: number | null; projectId: number; at: Date; delayMs: number },
): Promise<void> {
  await db
    .insert(messageMailBatches)
    .values({
      recipientKey: input.recipientKey,
      userId: input.userId,
      projectId: input.projectId,
      openedAt: input.at,
      dueAt: new Date(input.at.getTime() + input.delayMs),
    })
    // The partial unique index message_mail_batches_open: one open batch per recipient and file.
    .onConflictDoNothing({
      target: [messageMailBatches.recipientKey, messageMailBatches.projectId],
      where: sql`${sql.identifier('sent_at')} IS NULL`,
    });
}

export interface DueBatch {
  id: number;
  recipientKey: string;
  userId: number | null;
  projectId: number;
  openedAt: Date;
}

/** Claims the batches due by `now` (at most `limit`): marked sent in the transaction that queues their mails, skipped when another process holds them. */
export async function claimDueBatches(db: Db, now: Date, limit: number): Promise<DueBatch[]> {
  const due = db
    .select({ id: messageMailBatches.id })
    .from(messageMailBatches)
    .where(and(isNull(messageMailBatches.sentAt), lte(messageMailBatches.dueAt, now)))
    .orderBy(asc(messageMailBatches.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(messageMailBatches).set({ sentAt: now }).where(inArray(messageMailBatches.id, due)).returning({
    id: messageMailBatches.id,
    recipientKey: messageMailBatches.recipientKey,
    userId: messageMailBatches.userId,
    projectId: messageMailBatches.projectId,
    openedAt: messageMailBatches.openedAt,
  });
}

/** Messages of the file since `since` the user has not read in `threadIds` (by others, not withdrawn). */
export async function countUnreadSince(db: Db, userId: number | null, threadIds: readonly number[], since: Date): Promise<number> {
  if (threadIds.length === 0) return 0;
  const ids = sql.raw(`ARRAY[${threadIds.map((id) => Number(id)).join(',')}]::int[]`);
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM messages m
        LEFT JOIN message_thread_reads r ON r.thread_id = m.thread_id AND r.user_id = ${userId ?? 0}
        WHERE m.thread_id = ANY(${ids}) AND m.created_at >= ${since.toISOString()}::timestamptz AND m.withdrawn_at IS NULL
          AND (m.author_user_id IS NULL OR m.author_user_id <> ${userId ?? 0})
          AND (r.user_id IS NULL OR (m.created_at, m.id) > (r.read_up_to_at, r.read_up_to_id))`,
  );
  return rows[0]?.n ?? 0;
}

/** The messages of a file that answer a piece, with their thread, oldest first. */
export async function findPieceAnswers(db: Db, projectId: number): Promise<Array<MessageRow & { thread: ThreadRow }>> {
  const rows = await rowsOf<RawMessage & { kind: ThreadRef['kind']; participant_id: number | null }>(
    db,
    sql`SELECT ${MESSAGE_COLUMNS}, t.kind, t.participant_id FROM messages m JOIN message_threads t ON t.id = m.thread_id
        LEFT JOIN piece_requests pr ON pr.id = m.piece_request_id
        WHERE m.project_id = ${projectId} AND m.piece_request_id IS NOT NULL ORDER BY m.created_at, m.id`,
  );
  return rows.map((row) => ({ ...toMessageRow(row), thread: { id: row.thread_id, kind: row.kind, participantId: row.participant_id } }));
}

/**
 * The files where the user has unread messages, the newest unread message
 * first, one page (keyset on that message's time and the file's id). The
 * threads counted are a superset of those the user reads, taken in SQL from
 * what decides them (the office's files, the user's participations: the
 * everyone-thread and their own private threads); the caller keeps the
 * files the permission rules open. Per thread the unread messages are read
 * from messages_thread_page after the reader's place.
 */
export async function findUnreadFilesPage(
  db: Db,
  input: { userId: number; officeId: number | null; after: { at: string; projectId: number } | undefined; limit: number },
): Promise<Array<{ projectId: number; lastAt: Date; unread: number }>> {
  const after = input.after
    ? sql`HAVING (max(m.created_at), v.project_id) < (${input.after.at}::timestamptz, ${input.after.projectId}::int)`
    : sql``;
  const rows = await rowsOf<{ project_id: number; last_at: unknown; unread: number }>(
    db,
    sql`WITH mine AS (SELECT pa.id, pa.project_id FROM participants pa WHERE pa.user_id = ${input.userId}::int),
      vis AS (
        SELECT t.id, t.project_id FROM message_threads t JOIN projects p ON p.id = t.project_id
        WHERE NOT p.is_archived AND (
          (p.notary_office_id = ${input.officeId ?? 0}::int AND t.kind IN ('everyone', 'private', 'office'))
          OR (t.kind = 'everyone' AND t.project_id IN (SELECT project_id FROM mine))
          OR (t.kind = 'private' AND t.participant_id IN (SELECT id FROM mine))))
      SELECT v.project_id, max(m.created_at) AS last_at, count(*)::int AS unread
      FROM vis v JOIN messages m ON m.thread_id = v.id
      LEFT JOIN message_thread_reads r ON r.thread_id = v.id AND r.user_id = ${input.userId}::int
      WHERE (m.author_user_id IS NULL OR m.author_user_id <> ${input.userId}::int) AND m.withdrawn_at IS NULL
        AND (r.user_id IS NULL OR (m.created_at, m.id) > (r.read_up_to_at, r.read_up_to_id))
      GROUP BY v.project_id ${after}
      ORDER BY max(m.created_at) DESC, v.project_id DESC LIMIT ${input.limit}::int`,
  );
  return rows.map((r) => ({ projectId: r.project_id, lastAt: asDate(r.last_at), unread: r.unread }));
}
