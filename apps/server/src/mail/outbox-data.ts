import { and, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { isDeletedAccountEmail } from '@notadoo/domain';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { mailOutbox } from '../db/schema';
import type { MailMessage } from './mailer';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type OutboxStatus = OutboxRow['status'];

/** The database clock: every server process on one database agrees on it. */
const dbNow = sql`now()`;
const dbNowPlus = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`;

/**
 * Writes a mail to the outbox. Pass the transaction of the change that causes
 * the mail, so both are saved or neither; the worker sends it after commit.
 */
export async function queueMail(db: Db, message: MailMessage): Promise<void> {
  // Issue 26: a deleted account keeps a placeholder address that no mail may go to.
  if (isDeletedAccountEmail(message.to)) return;
  await db.insert(mailOutbox).values({
    recipient: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    link: message.link ?? null,
    replyTo: message.replyTo ?? null,
  });
}

/**
 * Claims the oldest due mail for `leaseMs`: one statement, rows locked by
 * another worker skipped, so two processes never claim the same mail. A
 * claim whose lease ran out (its worker died) is due again. Counts the attempt.
 * Only mails due by `dueBy` (the start of the worker's pass) are claimed, so
 * a pass tries each mail once however short the retry delay.
 */
export async function claimDueMail(db: Db, lockToken: string, leaseMs: number, dueBy: string): Promise<OutboxRow | undefined> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.nextAttemptAt, sql`${dueBy}::timestamptz`),
        or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, dbNow)),
      ),
    )
    .orderBy(mailOutbox.nextAttemptAt, mailOutbox.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(mailOutbox)
    .set({
      lockedUntil: dbNowPlus(leaseMs),
      lockToken,
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastAttemptAt: dbNow,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return row;
}

/** The database clock, as ISO text (timestamps compared across processes all come from it). */
export async function databaseNow(db: Db): Promise<string> {
  const [row] = await rowsOf<{ now: string }>(db, sql`SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS now`);
  return row!.now;
}

/** Answers false when the claim was lost (lease ran out and another worker took the mail). */
export async function markMailSent(db: Db, id: number, lockToken: string): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: dbNow, lockedUntil: null, lockToken: null, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.lockToken, lockToken)))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/**
 * Records a failed attempt: a permanent refusal, or a transient error once
 * the retry window has passed, ends the mail as failed; otherwise it is due
 * again after `retryInMs`.
 */
export async function recordMailFailure(
  db: Db,
  id: number,
  lockToken: string,
  failure: { error: string; permanent: boolean; retryInMs: number; retryWindowMs: number },
): Promise<OutboxStatus | undefined> {
  const error = failure.error.slice(0, 1000);
  const giveUp = failure.permanent
    ? sql`true`
    : sql`${mailOutbox.queuedAt} + ${failure.retryWindowMs} * interval '1 millisecond' <= ${dbNowPlus(failure.retryInMs)}`;
  const [row] = await db
    .update(mailOutbox)
    .set({
      status: sql`CASE WHEN ${giveUp} THEN 'failed' ELSE 'pending' END`,
      failedAt: sql`CASE WHEN ${giveUp} THEN now() END`,
      nextAttemptAt: dbNowPlus(failure.retryInMs),
      lastError: error,
      lockedUntil: null,
      lockToken: null,
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.lockToken, lockToken)))
    .returning({ status: mailOutbox.status });
  return row?.status;
}

export interface OutboxPage {
  items: OutboxRow[];
  total: number;
}

/** Newest first, paged in SQL. */
export async function listOutboxMails(db: Db, status: OutboxStatus, page: number, perPage: number): Promise<OutboxPage> {
  const items = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.status, status))
    .orderBy(desc(mailOutbox.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, status));
  return { items, total: Number(total?.n ?? 0) };
}

/**
 * Puts a failed mail back in the queue with a fresh retry window; answers
 * the row, or undefined when there is no failed mail with this id.
 */
export async function requeueFailedMail(db: Db, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, queuedAt: dbNow, nextAttemptAt: dbNow, failedAt: null, lockedUntil: null, lockToken: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning();
  return row;
}

/**
 * Deletes up to `batch` mails sent more than `olderThanMs` ago, oldest first;
 * answers how many went. Their bodies hold sign-in links and personal data
 * that nobody needs once the mail is delivered, and the table must not grow
 * with every mail ever sent. Failed mails stay for the admin.
 */
export async function purgeSentMails(db: Db, olderThanMs: number, batch: number): Promise<number> {
  const old = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'sent'),
        lte(mailOutbox.sentAt, sql`now() - ${Math.max(0, Math.round(olderThanMs))} * interval '1 millisecond'`),
      ),
    )
    .orderBy(mailOutbox.id)
    .limit(batch);
  const rows = await db.delete(mailOutbox).where(inArray(mailOutbox.id, old)).returning({ id: mailOutbox.id });
  return rows.length;
}

export async function findOutboxMail(db: Db, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}
