import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { isPermanentMailError, type Mailer } from './mailer';
import { claimDueMail, databaseNow, markMailSent, purgeSentMails, recordMailFailure, type OutboxRow } from './outbox-data';

export interface OutboxSettings {
  /** How often the worker looks for due mails when nothing woke it. */
  pollIntervalMs: number;
  /** How long a claim holds a mail; a worker that died releases it when this runs out. */
  leaseMs: number;
  /** Delay after the first failed attempt; it doubles on each further one... */
  retryFirstDelayMs: number;
  /** ...up to this. */
  retryMaxDelayMs: number;
  /** Transient failures are retried this long after the mail was queued; then it is failed. */
  retryWindowMs: number;
  /** Sent mails are deleted this long after they were sent (failed ones stay for the admin). */
  sentRetentionMs: number;
}

export const DEFAULT_OUTBOX_SETTINGS: OutboxSettings = {
  pollIntervalMs: 1000,
  leaseMs: 5 * 60_000,
  retryFirstDelayMs: 30_000,
  retryMaxDelayMs: 60 * 60_000,
  retryWindowMs: 48 * 60 * 60_000,
  sentRetentionMs: 7 * 24 * 60 * 60_000,
};

/** The purge of sent mails runs at most this often per process, a bounded batch at a time. */
const PURGE_EVERY_MS = 60 * 60_000;
const PURGE_BATCH = 1000;

export interface OutboxLog {
  info(obj: object, message: string): void;
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

export interface OutboxWorker {
  /** Starts the polling loop (idempotent). */
  start(): void;
  /** Looks for due mails now, e.g. right after a transaction that queued one committed. */
  wake(): void;
  /** Sends every mail due now and returns once done (tests; the loop does the same on its own). */
  drain(): Promise<void>;
  /** Deletes the mails sent longer ago than the retention, in bounded batches; answers how many went. */
  purgeSent(): Promise<number>;
  /** Stops the loop; a mail being sent is finished and recorded first. */
  stop(): Promise<void>;
}

/** The delay before attempt `attempts + 1`: growing, capped. */
export function retryDelayMs(settings: OutboxSettings, attempts: number): number {
  return Math.min(settings.retryFirstDelayMs * 2 ** Math.max(0, attempts - 1), settings.retryMaxDelayMs);
}

/**
 * Sends the mails of the outbox, one claimed at a time. Several server
 * processes on one database each run one; the claim (FOR UPDATE SKIP LOCKED
 * and a lease) sends each mail once. A mail is marked sent only after the
 * SMTP server accepted it.
 */
export function createOutboxWorker(deps: { db: Db; mailer: Mailer; settings: OutboxSettings; log: OutboxLog }): OutboxWorker {
  const { db, mailer, settings, log } = deps;
  let loop: Promise<void> | undefined;
  let stopped = false;
  let wakeRequested = false;
  let interruptSleep: (() => void) | undefined;
  // Passes of one process run one after the other (the loop's and drain's).
  let chain: Promise<unknown> = Promise.resolve();

  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = chain.then(work);
    chain = next.catch(() => undefined);
    return next;
  }

  async function sendOne(mail: OutboxRow, lockToken: string): Promise<void> {
    try {
      await mailer.send(
        {
          to: mail.recipient,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody,
          ...(mail.link ? { link: mail.link } : {}),
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        },
        { id: mail.id, createdAt: mail.createdAt },
      );
    } catch (error) {
      const permanent = isPermanentMailError(error);
      const status = await recordMailFailure(db, mail.id, lockToken, {
        error: error instanceof Error ? error.message : String(error),
        permanent,
        retryInMs: retryDelayMs(settings, mail.attempts),
        retryWindowMs: settings.retryWindowMs,
      });
      const about = { err: error, mailId: mail.id, to: mail.recipient, subject: mail.subject, attempts: mail.attempts };
      if (status === 'failed')
        log.error(about, permanent ? 'mail refused by the server: failed' : 'mail not sent within the retry window: failed');
      else log.warn(about, 'mail not sent, will retry');
      return;
    }
    if (!(await markMailSent(db, mail.id, lockToken))) {
      log.warn({ mailId: mail.id }, 'mail sent after its claim ran out (lease too short for the SMTP timeouts?)');
    }
  }

  /** Sends due mails until none is left; answers how many were attempted. */
  async function sendDue(): Promise<number> {
    let attempted = 0;
    const passStart = await databaseNow(db);
    for (;;) {
      const lockToken = `${process.pid}-${randomUUID()}`;
      const mail = await claimDueMail(db, lockToken, settings.leaseMs, passStart);
      if (!mail) break;
      attempted += 1;
      await sendOne(mail, lockToken);
      if (stopped) break;
    }
    return attempted;
  }

  async function purgeSent(): Promise<number> {
    let removed = 0;
    for (;;) {
      const batch = await purgeSentMails(db, settings.sentRetentionMs, PURGE_BATCH);
      removed += batch;
      if (batch < PURGE_BATCH || stopped) return removed;
    }
  }

  async function run(): Promise<void> {
    let lastPurge = 0;
    while (!stopped) {
      wakeRequested = false;
      try {
        await exclusive(sendDue);
        if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
          lastPurge = Date.now();
          const removed = await exclusive(purgeSent);
          if (removed > 0) log.info({ removed }, 'sent mails past their retention deleted from the outbox');
        }
      } catch (error) {
        // The database may be briefly unreachable: the next pass tries again.
        log.error({ err: error }, 'mail outbox pass failed');
      }
      if (stopped || wakeRequested) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, settings.pollIntervalMs);
        interruptSleep = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      interruptSleep = undefined;
    }
  }

  return {
    start() {
      if (loop || stopped) return;
      loop = run();
    },
    wake() {
      wakeRequested = true;
      interruptSleep?.();
    },
    async drain() {
      await exclusive(sendDue);
    },
    purgeSent: () => exclusive(purgeSent),
    async stop() {
      stopped = true;
      interruptSleep?.();
      await loop;
      await chain;
    },
  };
}
