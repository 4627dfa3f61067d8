import type { FastifyBaseLogger } from 'fastify';
import type { RateLimit, RateLimiter } from './auth/rate-limiter';
import type { TokenService } from './auth/session-tokens';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Mailer } from './mail/mailer';
import type { OutboxWorker } from './mail/outbox-worker';

export interface RateLimits {
  loginPerIp: RateLimit;
  loginPerEmail: RateLimit;
  signupPerIp: RateLimit;
  mailPerIp: RateLimit;
  mailPerEmail: RateLimit;
  /** Issue 10: contact form messages per address. */
  contactPerIp: RateLimit;
}

const MINUTE = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { max: 50, windowMs: 15 * MINUTE },
  loginPerEmail: { max: 10, windowMs: 15 * MINUTE },
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
}
