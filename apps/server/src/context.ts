import type { FastifyBaseLogger } from 'fastify';
import type { KeptAnswers } from './answer-cache/kept-answers';
import type { RateLimit, RateLimiter } from './auth/rate-limiter';
import type { TokenService } from './auth/session-tokens';
import type { Config } from './config';
import type { Db } from './db/database';
import type { FileStorage } from './files/storage/file-storage';
import type { Mailer } from './mail/mailer';
import type { OutboxWorker } from './mail/outbox-worker';

export interface RateLimits {
  /** Every login attempt from one address. */
  loginPerIp: RateLimit;
  /** Failed logins on one account from one address: past it, that address alone is refused (429) for the window. */
  loginFailuresPerAccountAndIp: RateLimit;
  /** Failed logins on one account from anywhere slow down its next attempts; the right password is never refused. */
  loginSlowdown: LoginSlowdown;
  /** Invitation mails sent by one user (addperson, a pending person's new e-mail). */
  invitationsPerSender: RateLimit;
  signupPerIp: RateLimit;
  mailPerIp: RateLimit;
  mailPerEmail: RateLimit;
  /** Issue 10: contact form messages per address. */
  contactPerIp: RateLimit;
}

export interface LoginSlowdown {
  /** Failures on an account before its logins are slowed down. */
  freeFailures: number;
  windowMs: number;
  /** The first delay, doubled at each further failure, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** How long a login waits before checking the password, given the account's recent failures. */
export function loginDelayMs(failures: number, slowdown: LoginSlowdown): number {
  if (failures <= slowdown.freeFailures) return 0;
  const doublings = Math.min(failures - slowdown.freeFailures - 1, 20);
  return Math.min(slowdown.baseDelayMs * 2 ** doublings, slowdown.maxDelayMs);
}

const MINUTE = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { max: 50, windowMs: 15 * MINUTE },
  loginFailuresPerAccountAndIp: { max: 10, windowMs: 15 * MINUTE },
  loginSlowdown: { freeFailures: 5, windowMs: 15 * MINUTE, baseDelayMs: 250, maxDelayMs: 4000 },
  invitationsPerSender: { max: 30, windowMs: 60 * MINUTE },
  signupPerIp: { max: 20, windowMs: 60 * MINUTE },
  mailPerIp: { max: 20, windowMs: 15 * MINUTE },
  mailPerEmail: { max: 3, windowMs: 15 * MINUTE },
  contactPerIp: { max: 5, windowMs: 60 * MINUTE },
};

/** What the services need, built once per application instance. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Sends the queued mails; wake it after committing a transaction that queued one. */
  outbox: OutboxWorker;
  tokens: TokenService;
  limiter: RateLimiter;
  rateLimits: RateLimits;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Waits `ms` (login slowdown); replaceable in tests. */
  sleep: (ms: number) => Promise<void>;
  /** Issue 11: every stored file (project files, PDFs, covers, avatars), on local disk or in an S3 bucket. */
  storage: FileStorage;
  /** Issue 11: answers kept in memory until the change feed says what they were read from changed. */
  answers: KeptAnswers;
}
