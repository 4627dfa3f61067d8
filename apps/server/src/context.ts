import type { FastifyBaseLogger } from 'fastify';
import type { PasswordHasher } from './auth/passwords';
import type { RateLimit, RateLimiter } from './auth/rate-limiter';
import type { TokenService } from './auth/session-tokens';
import type { Config } from './config';
import type { Db } from './db/database';
import type { FileStorage } from './files/storage/file-storage';
import type { Mailer } from './mail/mailer';
import type { OutboxWorker } from './mail/outbox-worker';
import type { SecondFactorKeys } from './modules/second-factor/second-factor-crypto';
import type { TrustedDevices } from './modules/second-factor/trusted-device';

export interface RateLimits {
  /**
   * Every login attempt from one address, whatever the account: a ceiling far
   * above what an office behind one NAT does, so only a flood reaches it.
   */
  loginPerIp: RateLimit;
  /** Failed logins on one account from one address: past it, that address alone is refused (429) on that account for the window. */
  loginFailuresPerAccountAndIp: RateLimit;
  /**
   * Failed logins on one account from anywhere: past it, every attempt on the
   * account is refused (429) for the rest of the window, before any password
   * check. A password reset (mailed link) lifts it.
   */
  loginFailuresPerAccount: RateLimit;
  /** Invitation mails sent by one user (addperson, a pending person's new e-mail). */
  invitationsPerSender: RateLimit;
  signupPerIp: RateLimit;
  mailPerIp: RateLimit;
  mailPerEmail: RateLimit;
  /** Issue 10: contact form messages per address. */
  contactPerIp: RateLimit;
  /** Issue 27: wrong second-factor codes (sign-in step, re-authentication, setup) per account: 6 digits must not be guessed. */
  secondFactorFailuresPerAccount: RateLimit;
}

const MINUTE = 60_000;
// The login figures are argued in docs/decisions.md (2026-11-24).
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { max: 300, windowMs: 15 * MINUTE },
  loginFailuresPerAccountAndIp: { max: 10, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { max: 20, windowMs: 15 * MINUTE },
  invitationsPerSender: { max: 30, windowMs: 60 * MINUTE },
  signupPerIp: { max: 20, windowMs: 60 * MINUTE },
  mailPerIp: { max: 20, windowMs: 15 * MINUTE },
  mailPerEmail: { max: 3, windowMs: 15 * MINUTE },
  contactPerIp: { max: 5, windowMs: 60 * MINUTE },
  secondFactorFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE },
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
  /** argon2 through a bounded queue (issue 9): a flood of sign-ins cannot take every core. */
  passwords: PasswordHasher;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Issue 27: the keys of the second factor's secrets, and the trusted devices' cookies. */
  secondFactor: { keys: SecondFactorKeys; devices: TrustedDevices };
  /** Issue 11: every stored file (project files, PDFs, covers, avatars), on local disk or in an S3 bucket. */
  storage: FileStorage;
}
