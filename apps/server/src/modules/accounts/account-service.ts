import { MESSAGES, type signupSchema, type loginSchema } from '@notadoo/domain';
import type { z } from 'zod';
import { getDecoyHash, hashPassword, verifyPassword } from '../../auth/passwords';
import { REMEMBER_ME_TTL_SECONDS, SESSION_TOKEN_TTL_SECONDS } from '../../auth/session-tokens';
import type { RateLimit } from '../../auth/rate-limiter';
import { loginDelayMs, type AppContext } from '../../context';
import { AppError, badRequest, unauthorized } from '../../http/app-error';
import { confirmEmailMail, resetPasswordMail } from '../../mail/templates';
import type { MailMessage } from '../../mail/mailer';
import { queueMail } from '../../mail/outbox-data';
import type { Db } from '../../db/database';
import { findUserByEmail, findUserById, insertUser, lockUser, recordConnection, updateUser, type UserRow } from '../users/user-data';
import { acceptInvitation, linkParticipantsByEmail } from '../participants/invitations';
import { consumeAccountToken, createAccountToken, findAccountTokenOwner, revokeAccountTokens } from './account-tokens';

type SignupInput = z.output<typeof signupSchema>;
type LoginInput = z.output<typeof loginSchema>;

/**
 * Counts one attempt on every key (one statement), and reads the `peek` keys
 * without counting; refuses with 429 when one key is over its limit.
 * Answers the counts. A database that cannot be reached answers 503, as the
 * request itself would: no limit is skipped.
 */
export async function enforceRateLimit(
  ctx: AppContext,
  checks: Array<[key: string, limit: RateLimit]>,
  peek: string[] = [],
): Promise<Map<string, number>> {
  const counts = await ctx.limiter.hit(checks, peek);
  if (checks.some(([key, limit]) => (counts.get(key) ?? 0) > limit.max)) throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyRequests);
  return counts;
}

export function issueSessionToken(ctx: AppContext, user: Pick<UserRow, 'id' | 'passwordVersion'>, remember = false) {
  return ctx.tokens.issue(
    { userId: user.id, passwordVersion: user.passwordVersion },
    remember ? REMEMBER_ME_TTL_SECONDS : SESSION_TOKEN_TTL_SECONDS,
  );
}

export async function signup(ctx: AppContext, input: SignupInput): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  // One transaction: the account and its confirmation mail are saved together or not at all.
  const user = await ctx.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      // Ticking "intermediary or notary" asks for those rights; an admin grants them.
      needsRoleChange: input.intermediary,
    });
    if (!user) throw new AppError('FORBIDDEN', MESSAGES.emailTaken);
    // Signing up through a project invitation proves the mailbox: no confirmation needed.
    const invited = input.invitation ? await acceptInvitation(tx, input.invitation, user.email, user.id, ctx.now()) : false;
    if (invited) {
      await updateUser(tx, user.id, { isEmailConfirmed: true });
    } else {
      await queueConfirmationMail(ctx, tx, user);
    }
    await recordConnection(tx, user.id, ctx.now());
    return user;
  });
  ctx.outbox.wake();
  return issueSessionToken(ctx, user);
}

/**
 * Guessing is slowed, never turned into a lockout (issue 9): an address that
 * failed too often on an account is refused for the window (that address
 * only), and every address waits longer before each check while the account
 * keeps failing; the right password, from another address, still signs in.
 */
export async function login(ctx: AppContext, input: LoginInput, ip: string): Promise<string> {
  const account = input.login.toLowerCase();
  const pairKey = `login:failed:${ip}:${account}`;
  const accountKey = `login:account:${account}`;
  const limits = ctx.rateLimits;
  // One round trip: the attempt counted for the address, the failures read.
  const counts = await enforceRateLimit(ctx, [[`login:ip:${ip}`, limits.loginPerIp]], [pairKey, accountKey]);
  const pairFailures = counts.get(pairKey) ?? 0;
  if (pairFailures >= limits.loginFailuresPerAccountAndIp.max) {
    throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyRequests);
  }
  const delay = loginDelayMs(counts.get(accountKey) ?? 0, limits.loginSlowdown);
  if (delay > 0) await ctx.sleep(delay);
  const user = await findUserByEmail(ctx.db, input.login);
  // Verify against a decoy when the account is unknown so the answer time does not tell.
  const valid = await verifyPassword(user?.passwordHash ?? (await getDecoyHash()), input.password);
  if (!user || !valid || !user.isActive) {
    await ctx.limiter.hit([
      [pairKey, limits.loginFailuresPerAccountAndIp],
      [accountKey, { max: Number.MAX_SAFE_INTEGER, windowMs: limits.loginSlowdown.windowMs }],
    ]);
    throw unauthorized(MESSAGES.loginFailed);
  }
  // Nothing to forget when this address had no failure on the account (the usual case): no statement.
  if (pairFailures > 0) await ctx.limiter.reset(pairKey);
  if (input.invitation) await acceptInvitation(ctx.db, input.invitation, user.email, user.id, ctx.now());
  await recordConnection(ctx.db, user.id, ctx.now());
  return issueSessionToken(ctx, user, input.remember ?? false);
}

/** Always the same answer, whether or not the address has an account. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<string> {
  const user = await findUserByEmail(ctx.db, email);
  if (user?.isActive) {
    await ctx.db.transaction(async (tx) => {
      const token = await createAccountToken(tx, user.id, 'reset_password', ctx.now());
      const link = `${ctx.config.publicUrl}/reset/password/${token}`;
      await queueMail(tx, resetPasswordMail(user.email, user.firstName, link));
    });
    ctx.outbox.wake();
  }
  return MESSAGES.resetRequested(email);
}

export async function resetPassword(ctx: AppContext, input: { password: string; token: string }): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  const done = await ctx.db.transaction(async (tx) => {
    // The account is locked before the link is spent: of two links used at
    // once, the second waits and then finds itself revoked by the first.
    const owner = await findAccountTokenOwner(tx, input.token, 'reset_password');
    if (owner === undefined) return false;
    await lockUser(tx, owner);
    const userId = await consumeAccountToken(tx, input.token, 'reset_password', ctx.now());
    if (userId === undefined) return false;
    const user = await findUserById(tx, userId);
    if (!user) return false;
    // The link proved the mailbox: it also confirms the address. Older session tokens stop working.
    await updateUser(tx, userId, {
      passwordHash,
      passwordVersion: user.passwordVersion + 1,
      isEmailConfirmed: true,
    });
    // Every other reset link mailed before this one stops working too.
    await revokeAccountTokens(tx, userId, 'reset_password', ctx.now());
    return true;
  });
  if (!done) throw badRequest(MESSAGES.resetFailed);
  return MESSAGES.resetSucceeded;
}

/**
 * Confirms the address a link was sent to: the account's own, or the new one
 * of an e-mail change (issue 9), which then replaces the old one.
 */
export async function confirmEmail(ctx: AppContext, input: { email: string; token: string }): Promise<string> {
  const email = input.email.toLowerCase();
  const confirmed = await ctx.db.transaction(async (tx) => {
    const userId = await consumeAccountToken(tx, input.token, 'confirm_email', ctx.now());
    if (userId === undefined) {
      // A second click on the same, already used link still reports success.
      const user = await findUserByEmail(tx, email);
      return Boolean(user?.isEmailConfirmed) && (await findAccountTokenOwner(tx, input.token, 'confirm_email')) === user!.id;
    }
    const user = await findUserById(tx, userId);
    if (user && user.pendingEmail === email) {
      if (await findUserByEmail(tx, email)) throw new AppError('CONFLICT', MESSAGES.emailTaken); // rolls back
      // Invitations sent to the new address are accepted through their own links only.
      await updateUser(tx, user.id, { email, pendingEmail: null, isEmailConfirmed: true });
      return true;
    }
    if (user && user.email === email) {
      await updateUser(tx, user.id, { isEmailConfirmed: true });
      await linkParticipantsByEmail(tx, user, user.email);
      return true;
    }
    throw badRequest(MESSAGES.emailConfirmFailed); // rolls back: not this user's link
  });
  if (!confirmed) throw badRequest(MESSAGES.emailConfirmFailed);
  return MESSAGES.emailConfirmed;
}

/** Always the same answer; a mail goes only to an existing, unconfirmed account. */
export async function resendConfirmation(ctx: AppContext, email: string): Promise<string> {
  const user = await findUserByEmail(ctx.db, email);
  if (user && user.isActive && !user.isEmailConfirmed) await sendConfirmationMail(ctx, user);
  return MESSAGES.confirmationResent;
}

/** Queues a confirmation mail in its own transaction and wakes the outbox. */
export async function sendConfirmationMail(ctx: AppContext, user: Pick<UserRow, 'id' | 'email' | 'firstName'>): Promise<void> {
  await ctx.db.transaction((tx) => queueConfirmationMail(ctx, tx, user));
  ctx.outbox.wake();
}

/** Creates a confirmation token and queues its mail in `db`, the caller's transaction. */
export async function queueConfirmationMail(ctx: AppContext, db: Db, user: Pick<UserRow, 'id' | 'email' | 'firstName'>): Promise<void> {
  const token = await createAccountToken(db, user.id, 'confirm_email', ctx.now());
  const query = new URLSearchParams({ token, email: user.email });
  await queueMail(db, confirmEmailMail(user.email, user.firstName, `${ctx.config.publicUrl}/email/confirm?${query}`));
}

/**
 * Queues a mail on its own (not tied to another change) and wakes the
 * outbox. A mail that follows a change should rather be queued with
 * `queueMail` inside that change's transaction.
 */
export async function deliver(ctx: AppContext, message: MailMessage): Promise<void> {
  await queueMail(ctx.db, message);
  ctx.outbox.wake();
}
