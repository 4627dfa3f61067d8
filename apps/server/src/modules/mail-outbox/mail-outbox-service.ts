import { MESSAGES, type OutboxMail, type OutboxMailStatus, type OutboxPage } from '@notadoo/domain';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/app-error';
import { findOutboxMail, listOutboxMails, requeueFailedMail, type OutboxRow } from '../../mail/outbox-data';

function toOutboxMail(row: OutboxRow): OutboxMail {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    sentAt: iso(row.sentAt),
    failedAt: iso(row.failedAt),
  };
}

/** Admins only (the route checks): mails of one status, newest first. */
export async function listMails(ctx: AppContext, query: { status: OutboxMailStatus; page: number; perPage: number }): Promise<OutboxPage> {
  const { items, total } = await listOutboxMails(ctx.db, query.status, query.page, query.perPage);
  return { items: items.map(toOutboxMail), total, page: query.page, perPage: query.perPage };
}

/** Puts a failed mail back in the queue with a fresh retry window, and wakes the worker. */
export async function resendMail(ctx: AppContext, id: number): Promise<OutboxMail> {
  const row = await requeueFailedMail(ctx.db, id);
  if (!row) {
    if (!(await findOutboxMail(ctx.db, id))) throw notFound(MESSAGES.outboxMailNotFound);
    throw new AppError('CONFLICT', MESSAGES.outboxMailNotFailed);
  }
  ctx.outbox.wake();
  return toOutboxMail(row);
}
