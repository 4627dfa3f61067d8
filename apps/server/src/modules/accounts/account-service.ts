import { MESSAGES, type signupSchema, type loginSchema } from '@notadoo/domain';
import type { z } from 'zod';
import { getDecoyHash } from '../../auth/passwords';
import { evaluateSignInPassword, isStaffUser, requireAcceptablePassword, signsInWithPasskey } from '../../auth/password-policy';
import { REMEMBER_ME_TTL_SECONDS, SESSION_TOKEN_TTL_SECONDS } from '../../auth/session-tokens';
import type { RateLimit } from '../../auth/rate-limiter';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, tooManyRequests, unauthorized } from '../../http/app-error';
import { confirmEmailMail, resetPasswordMail } from '../../mail/templates';
import type { MailMessage } from '../../mail/mailer';
import { queueMail } from '../../mail/outbox-data';
import type { Db } from '../../db/database';
import { findUserByEmail, findUserById, insertUser, lockUser, recordConnection, updateUser, type UserRow } from '../users/user-data';
import { acceptInvitation, linkParticipantsByEmail } from '../participants/invitation-data';
import { recordHistoryEvent } from '../history/history-recorder';
import { openSessionAfterPassword, type SignInOutcome } from '../second-factor/second-factor-service';
import { consumeAccountToken, createAccountToken, findAccountTokenOwner, revokeAccountTokens } from './account-token-data';

type SignupInput = z.output<typeof signupSchema>;
type LoginInput = z.output<typeof loginSchema>;

/**
 * Counts one attempt on every key (one statement); refuses with 429 and a
 * Retry-After when one key is over its limit. A database that cannot be
 * reached answers 503, as the request itself would: no limit is skipped.
 */
export async function enforceRateLimit(ctx: AppContext, checks: Array<[key: string, limit: RateLimit]>): Promise<void> {
  const windows = await ctx.limiter.hitWindows(checks);
  const refused = checks.filter(([key, limit]) => (windows.get(key)?.count ?? 0) > limit.max);
  if (refused.length > 0) throw tooManyRequests(MESSAGES.tooManyRequests, Math.max(...refused.map(([key]) => windows.get(key)!.resetInMs)));
}

/**
 * A complete session's token. `proof` says what it has shown (issue 27): a second factor, and when its
 * holder was last checked (second factor, or password) for the actions that ask again after 5 minutes.
 */
export function issueSessionToken(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'passwordVersion'>,
  remember = false,
  proof: { secondFactor?: boolean; checkedAt?: number | null } = {},
) {
  return ctx.tokens.issue(
    {
      userId: user.id,
      passwordVersion: user.passwordVersion,
      secondFactor: proof.secondFactor ?? false,
      checkedAt: proof.checkedAt ?? null,
    },
    remember ? REMEMBER_ME_TTL_SECONDS : SESSION_TOKEN_TTL_SECONDS,
  );
}

export async function signup(ctx: AppContext, input: SignupInput): Promise<string> {
  // A new account is a client's: asking for intermediary or notary rights grants none (an admin does).
  const { passwordMeetsStaffRule } = requireAcceptablePassword(input.password, { isStaff: false, owner: input });
  const passwordHash = await ctx.passwords.hash(input.password);
  // One transaction: the account and its confirmation mail are saved together or not at all.
  const user = await ctx.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      passwordMeetsStaffRule,
      // Ticking "intermediary or notary" asks for those rights; an admin grants them.
      needsRoleChange: input.intermediary,
    });
    if (!user) throw forbidden(MESSAGES.emailTaken, 'EMAIL_TAKEN');
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
  return issueSessionToken(ctx, user, false, { checkedAt: ctx.now().getTime() });
}

/**
 * The counters of a sign-in (issue 9, hostile test). The account's counters
 * carry its password version: a password reset starts them again from zero,
 * in every process, so the mailbox's owner gets in at once whoever locked the
 * account. An unknown address is counted as a version 1 account, like a new one.
 */
function loginKeys(login: string, ip: string, passwordVersion: number) {
  const account = `${login.toLowerCase()}:v${passwordVersion}`;
  return { address: `login:ip:${ip}`, pair: `login:failed:${ip}:${account}`, account: `login:account:${account}` };
}

/**
 * Failed sign-ins are limited per account whatever the address (a lock for
 * the rest of the window), per account and address (that address only), and
 * all attempts per address by a high ceiling, so an office behind one NAT is
 * not locked out by one colleague's mistakes. Every attempt is counted on the
 * three keys before the password is checked, in one statement: parallel
 * guesses cannot all pass a count read before any of them failed, and a
 * refused attempt costs no argon2 run. The right password takes its hit back.
 * A locked account is known from the database alone (issue 24): nothing about
 * it is remembered by a process, so a reset made through any process lifts
 * the lock for the very next attempt.
 */
export async function login(ctx: AppContext, input: LoginInput, ip: string, cookieHeader?: string): Promise<SignInOutcome> {
  const limits = ctx.rateLimits;
  const account = input.login.toLowerCase();
  const user = await findUserByEmail(ctx.db, account);
  const keys = loginKeys(account, ip, user?.passwordVersion ?? 1);
  const windows = await ctx.limiter.hitWindows([
    [keys.address, limits.loginPerIp],
    [keys.pair, limits.loginFailuresPerAccountAndIp],
    [keys.account, limits.loginFailuresPerAccount],
  ]);
  const over = (key: string, limit: RateLimit) => (windows.get(key)?.count ?? 0) > limit.max;
  if (over(keys.address, limits.loginPerIp)) throw tooManyRequests(MESSAGES.tooManyRequests, windows.get(keys.address)!.resetInMs);
  if (over(keys.account, limits.loginFailuresPerAccount)) throw loginLocked(windows.get(keys.account)!.resetInMs);
  if (over(keys.pair, limits.loginFailuresPerAccountAndIp)) throw loginLocked(windows.get(keys.pair)!.resetInMs);
  let valid: boolean;
  try {
    // Verify against a decoy when the account is unknown so the answer time does not tell.
    valid = await ctx.passwords.verify(user?.passwordHash ?? (await getDecoyHash()), input.password);
  } catch (error) {
    // Refused unchecked (too many sign-ins being checked): not a failure of the account.
    await ctx.limiter.takeBack([keys.pair, keys.account]);
    throw error;
  }
  if (!user || !valid || !user.isActive) throw unauthorized(MESSAGES.loginFailed, 'LOGIN_FAILED');
  await recordPasswordStrength(ctx, user, input.password);
  // Not a failure; and this address is forgiven its earlier typos on the account.
  await ctx.limiter.takeBack([keys.account], [keys.pair]);
  if (input.invitation) await acceptInvitation(ctx.db, input.invitation, user.email, user.id, ctx.now());
  // The sign-in goes to the account's own history chain, once, and shows in the files where it takes part.
  await ctx.db.transaction(async (tx) => {
    await recordConnection(tx, user.id, ctx.now());
    await recordHistoryEvent(tx, ctx.now(), { kind: 'sign_in', projectId: null, actor: user });
  });
  // The second factor's gate decides what session the right password opens.
  return openSessionAfterPassword(ctx, user, input.remember ?? false, cookieHeader);
}

/**
 * Issue 27: the sign-in is the one moment the server holds an existing
 * password in clear: it records whether it meets the staff rule, whoever the
 * account is, so that an office member or admin with a weak one (or a client
 * an admin makes one) is held at the "stronger password" gate
 * (auth/password-gate.ts). Written only when it changes.
 */
async function recordPasswordStrength(ctx: AppContext, user: UserRow, password: string): Promise<void> {
  const { meetsStaffRule } = evaluateSignInPassword(password, user);
  if (user.passwordMeetsStaffRule !== meetsStaffRule) await updateUser(ctx.db, user.id, { passwordMeetsStaffRule: meetsStaffRule });
}

/** The answer to a locked sign-in: how long in words and in Retry-After. */
function loginLocked(ms: number) {
  return tooManyRequests(MESSAGES.loginLocked(Math.max(1, Math.ceil(ms / 60_000))), ms, 'LOGIN_LOCKED');
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
  // The policy of the link's account, checked before any hashing; the link is spent only by the transaction below.
  const ownerId = await findAccountTokenOwner(ctx.db, input.token, 'reset_password');
  const account = ownerId === undefined ? undefined : await findUserById(ctx.db, ownerId);
  if (!account) throw badRequest(MESSAGES.resetFailed, 'MAIL_LINK_INVALID');
  const { passwordMeetsStaffRule } = requireAcceptablePassword(input.password, {
    isStaff: isStaffUser(account),
    signsInWithPasskey: signsInWithPasskey(account),
    owner: account,
  });
  const passwordHash = await ctx.passwords.hash(input.password);
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
    // The link proved the mailbox: it also confirms the address. Older tokens stop working, and the
    // new version starts the account's sign-in counters afresh (`loginKeys`): the owner gets past a lock.
    await updateUser(tx, userId, {
      passwordHash,
      passwordMeetsStaffRule,
      passwordVersion: user.passwordVersion + 1,
      isEmailConfirmed: true,
    });
    // Every other reset link mailed before this one stops working too.
    await revokeAccountTokens(tx, userId, 'reset_password', ctx.now());
    return true;
  });
  if (!done) throw badRequest(MESSAGES.resetFailed, 'MAIL_LINK_INVALID');
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
      if (await findUserByEmail(tx, email)) throw new AppError('EMAIL_TAKEN', MESSAGES.emailTaken); // rolls back
      // Invitations sent to the new address are accepted through their own links only.
      await updateUser(tx, user.id, { email, pendingEmail: null, isEmailConfirmed: true });
      return true;
    }
    if (user && user.email === email) {
      await updateUser(tx, user.id, { isEmailConfirmed: true });
      await linkParticipantsByEmail(tx, user, user.email);
      return true;
    }
    throw badRequest(MESSAGES.emailConfirmFailed, 'MAIL_LINK_INVALID'); // rolls back: not this user's link
  });
  if (!confirmed) throw badRequest(MESSAGES.emailConfirmFailed, 'MAIL_LINK_INVALID');
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
  await queueMail(db, confirmEmailMail(user.email, user.firstName, `${ctx.config.publicUrl}/email/confirm?${query.toString()}`));
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
