import { hash, verify } from '@node-rs/argon2';
import { MESSAGES } from '@notadoo/domain';
import { AppError } from '../http/app-error';

// @node-rs/argon2 defaults to argon2id, with OWASP-level memory and time costs.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let decoyHash: Promise<string> | undefined;
export function getDecoyHash(): Promise<string> {
  decoyHash ??= hash('mot-de-passe-leurre-1');
  return decoyHash;
}

export interface PasswordWorkLimits {
  /** Hashes and verifications running at once in this process. */
  concurrency: number;
  /** Waiting beyond those; one more is refused at once (503). */
  queueLength: number;
}

/** Hashing and verifying through a bounded queue: what the services use (the bare functions above serve seeds and tests). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password or an unreadable hash. */
  verify(passwordHash: string, password: string): Promise<boolean>;
}

/**
 * Each argon2id run takes some 20 MB and tens of milliseconds of a core, on
 * libuv's thread pool (shared with file reads). Unbounded, a flood of sign-ins
 * queued there without limit and starved every other request (issue 9, hostile
 * test). Bounded: at most `concurrency` at once, `queueLength` waiting, and the
 * next answered 503 at once, before any work.
 */
export function createPasswordHasher(limits: PasswordWorkLimits): PasswordHasher {
  const run = boundedConcurrency(limits);
  return {
    hash: (password) => run(() => hashPassword(password)),
    verify: (passwordHash, password) => run(() => verifyPassword(passwordHash, password)),
  };
}

/** Runs work `concurrency` at a time, first come first served; past `queueLength` waiting, refuses with a French 503. */
export function boundedConcurrency(limits: PasswordWorkLimits): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (work) => {
    if (running < limits.concurrency) running += 1;
    else if (waiting.length < limits.queueLength) await new Promise<void>((resolve) => waiting.push(resolve));
    else throw new AppError('SERVER_BUSY', MESSAGES.passwordChecksBusy, { retryAfterSeconds: 1 });
    try {
      return await work();
    } finally {
      // The slot goes straight to the next in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
