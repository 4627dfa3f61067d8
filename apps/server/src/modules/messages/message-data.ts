import type { ThreadRef } from '@notadoo/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/rows';

/**
 * SQL of the messages of a file (issue 28), tables of migration
 * 0230_file_messages.sql and 0240_message_attachments.sql. Raw statements: the keyset pages and the unread
 * counts read better as SQL than as builder chains.
 */

const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const asDateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : asDate(value));

export interface ThreadRow {
  id: number;
  kind: ThreadRef['kind'];
  participantId: number | null;
}

function threadCondition(thread: ThreadRef): SQL {
  return thread.kind === 'private' ? sql`kind = 'private' AND participant_id = ${thread.participantId}` : sql`kind = ${thread.kind}`;
}

export async function findThread(db: Db, projectId: number, thread: ThreadRef): Promise<ThreadRow | undefined> {
  const [row] = await rowsOf<{ id: number; kind: ThreadRef['kind']; participant_id: number | null }>(
    db,
    sql`SELECT id, kind, participant_id FROM message_threads WHERE project_id = ${projectId} AND ${threadCondition(thread)}`,
  );
  return row && { id: row.id, kind: row.kind, participantId: row.participant_id };
}

/** The thread's row, created on first use; two first messages at once make one row (the unique indexes). */
export async function findOrCreateThread(db: Db, projectId: number, thread: ThreadRef, at: Date): Promise<ThreadRow> {
  const found = await findThread(db, projectId, thread);
  if (found) return found;
  const conflict = thread.kind === 'private' ? sql`(participant_id) WHERE kind = 'private' AND participant_id IS NOT NULL` : sql`(project_id, kind) WHERE kind <> 'private'`;
  await db.execute(
    sql`INSERT INTO message_threads (project_id, kind, participant_id, created_at) VALUES (${projectId}, ${thread.kind}, ${thread.participantId}, ${at.toISOString()}::timestamptz) ON CONFLICT ${conflict} DO NOTHING`,
  );
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
  await db.execute(sql`UPDATE message_threads SET participant_id = NULL WHERE kind = 'private' AND participant_id = ${participantId}`);
}

export async function listProjectThreads(db: Db, projectId: number): Promise<Array<ThreadRow & { lastMessageAt: Date | null }>> {
  const rows = await rowsOf<{ id: number; kind: ThreadRef['kind']; participant_id: number | null; last_at: unknown }>(
    db,
    sql`SELECT t.id, t.kind, t.participant_id,
          (SELECT m.created_at FROM messages m WHERE m.thread_id = t.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_at
        FROM message_threads t WHERE t.project_id = ${projectId} ORDER BY t.id`,
  );
  return rows.map((r) => ({ id: r.id, kind: r.kind, participantId: r.participant_id, lastMessageAt: asDateOrNull(r.last_at) }));
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
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO messages (thread_id, project_id, author_user_id, author_name, author_side, body, piece_request_id, created_at)
        VALUES (${m.threadId}, ${m.projectId}, ${m.authorUserId}, ${m.authorName}, ${m.authorSide}, ${m.body}, ${m.pieceRequestId}, ${m.at.toISOString()}::timestamptz)
        RETURNING id`,
  );
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

interface RawAttachment {
  id: number;
  message_id: number;
  position: number;
  stored_name: string;
  size_bytes: string | number | null;
}

const toAttachmentRow = (r: RawAttachment): AttachmentRow => ({ id: r.id, messageId: r.message_id, position: r.position, storedName: r.stored_name, size: r.size_bytes === null ? null : Number(r.size_bytes) });

/** Writes the files of a new message, in their order (inside the transaction that writes the message). */
export async function insertAttachments(db: Db, messageId: number, files: ReadonlyArray<{ storedName: string; size: number }>): Promise<void> {
  for (const [position, file] of files.entries()) {
    await db.execute(sql`INSERT INTO message_attachments (message_id, position, stored_name, size_bytes) VALUES (${messageId}, ${position}, ${file.storedName}, ${file.size})`);
  }
}

/** The files of each of `messageIds`, in their order. */
export async function findAttachments(db: Db, messageIds: readonly number[]): Promise<Map<number, AttachmentRow[]>> {
  const byMessage = new Map<number, AttachmentRow[]>();
  if (messageIds.length === 0) return byMessage;
  const ids = sql.raw(`ARRAY[${messageIds.map((id) => Number(id)).join(',')}]::int[]`);
  const rows = await rowsOf<RawAttachment>(db, sql`SELECT id, message_id, position, stored_name, size_bytes FROM message_attachments WHERE message_id = ANY(${ids}) ORDER BY message_id, position`);
  for (const row of rows.map(toAttachmentRow)) byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), row]);
  return byMessage;
}

/** The file `attachmentId` of the message `messageId`, if it is one of its files. */
export async function findAttachment(db: Db, messageId: number, attachmentId: number): Promise<AttachmentRow | undefined> {
  const [row] = await rowsOf<RawAttachment>(db, sql`SELECT id, message_id, position, stored_name, size_bytes FROM message_attachments WHERE id = ${attachmentId} AND message_id = ${messageId}`);
  return row && toAttachmentRow(row);
}

/** Forgets the files of a withdrawn message; answers their stored names, for the storage to drop once this is committed. */
export async function deleteAttachments(db: Db, messageId: number): Promise<string[]> {
  const rows = await rowsOf<{ stored_name: string }>(db, sql`DELETE FROM message_attachments WHERE message_id = ${messageId} RETURNING stored_name`);
  return rows.map((r) => r.stored_name);
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
export async function findMessagePage(db: Db, threadId: number, before: PageCursor | undefined, limit: number): Promise<{ rows: MessageRow[]; more: boolean }> {
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
  const rows = await rowsOf<{ id: number }>(db, sql`UPDATE messages SET body = '', withdrawn_at = ${at.toISOString()}::timestamptz WHERE id = ${id} AND withdrawn_at IS NULL RETURNING id`);
  return rows.length > 0;
}

/**
 * Moves the reader's place forward to the message `upTo` of the thread (never
 * back), records them as present, and stamps the read receipt on the other
 * side's messages up to there. Returns false when `upTo` is not a message of the thread.
 */
export async function markThreadRead(db: Db, input: { threadId: number; userId: number; upTo: number; side: 'office' | 'person'; at: Date }): Promise<boolean> {
  const [target] = await rowsOf<{ created_at: unknown }>(db, sql`SELECT created_at FROM messages WHERE id = ${input.upTo} AND thread_id = ${input.threadId}`);
  if (!target) return false;
  const upToAt = asDate(target.created_at).toISOString();
  const at = input.at.toISOString();
  await db.execute(sql`INSERT INTO message_thread_reads (thread_id, user_id, read_up_to_at, read_up_to_id, seen_at)
    VALUES (${input.threadId}, ${input.userId}, ${upToAt}::timestamptz, ${input.upTo}, ${at}::timestamptz)
    ON CONFLICT (thread_id, user_id) DO UPDATE SET seen_at = EXCLUDED.seen_at,
      read_up_to_at = CASE WHEN (EXCLUDED.read_up_to_at, EXCLUDED.read_up_to_id) > (message_thread_reads.read_up_to_at, message_thread_reads.read_up_to_id) THEN EXCLUDED.read_up_to_at ELSE message_thread_reads.read_up_to_at END,
      read_up_to_id = CASE WHEN (EXCLUDED.read_up_to_at, EXCLUDED.read_up_to_id) > (message_thread_reads.read_up_to_at, message_thread_reads.read_up_to_id) THEN EXCLUDED.read_up_to_id ELSE message_thread_reads.read_up_to_id END`);
  await db.execute(sql`UPDATE messages SET other_side_read_at = ${at}::timestamptz
    WHERE thread_id = ${input.threadId} AND other_side_read_at IS NULL AND author_side <> ${input.side}
      AND (created_at, id) <= (${upToAt}::timestamptz, ${input.upTo})`);
  return true;
}

/** Records the reader as on the page of the thread (the heartbeat), without moving their place. */
export async function touchPresence(db: Db, threadId: number, userId: number, at: Date): Promise<void> {
  await db.execute(sql`INSERT INTO message_thread_reads (thread_id, user_id, read_up_to_at, read_up_to_id, seen_at)
    VALUES (${threadId}, ${userId}, 'epoch'::timestamptz, 0, ${at.toISOString()}::timestamptz)
    ON CONFLICT (thread_id, user_id) DO UPDATE SET seen_at = EXCLUDED.seen_at`);
}

/** The users seen on the thread's page since `since`. */
export async function findPresentUsers(db: Db, threadId: number, since: Date): Promise<Set<number>> {
  const rows = await rowsOf<{ user_id: number }>(db, sql`SELECT user_id FROM message_thread_reads WHERE thread_id = ${threadId} AND seen_at >= ${since.toISOString()}::timestamptz`);
  return new Set(rows.map((r) => r.user_id));
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
export async function countUnreadOfProjects(db: Db, userId: number, projectIds: readonly number[]): Promise<Array<ThreadRow & { projectId: number; unread: number }>> {
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

// ---------------------------------------------------------------- mails

/**
 * Opens (or joins) the recipient's batch for the file: the first message of
 * a quiet spell opens one due `delayMs` later, the next ones find it open and
 * do nothing. One statement, safe with several processes.
 */
export async function openMailBatch(db: Db, input: { recipientKey: string; userId: number | null; projectId: number; at: Date; delayMs: number }): Promise<void> {
  await db.execute(sql`INSERT INTO message_mail_batches (recipient_key, user_id, project_id, opened_at, due_at)
    VALUES (${input.recipientKey}, ${input.userId}, ${input.projectId}, ${input.at.toISOString()}::timestamptz, ${new Date(input.at.getTime() + input.delayMs).toISOString()}::timestamptz)
    ON CONFLICT (recipient_key, project_id) WHERE sent_at IS NULL DO NOTHING`);
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
  const rows = await rowsOf<{ id: number; recipient_key: string; user_id: number | null; project_id: number; opened_at: unknown }>(
    db,
    sql`UPDATE message_mail_batches SET sent_at = ${now.toISOString()}::timestamptz
        WHERE id IN (SELECT id FROM message_mail_batches WHERE sent_at IS NULL AND due_at <= ${now.toISOString()}::timestamptz ORDER BY due_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, recipient_key, user_id, project_id, opened_at`,
  );
  return rows.map((r) => ({ id: r.id, recipientKey: r.recipient_key, userId: r.user_id, projectId: r.project_id, openedAt: asDate(r.opened_at) }));
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
  const after = input.after ? sql`HAVING (max(m.created_at), v.project_id) < (${input.after.at}::timestamptz, ${input.after.projectId}::int)` : sql``;
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
