import {
  isAdmin,
  mayRemoveFactor,
  MESSAGES,
  PASSKEY_MESSAGES,
  SECOND_FACTOR_MESSAGES,
  type ErrorCodeOf,
  type SecondFactorCodeInput,
  type SecondFactorStatus,
  type TotpSetup,
} from '@notadoo/domain';
import type { AppContext } from '../../context';
import type { TokenClaims } from '../../auth/session-tokens';
import { accountMustUseSecondFactor } from '../../auth/second-factor-gate';
import { AppError, badRequest, forbidden, notFound, tooManyRequests } from '../../http/app-error';
import { queueMail } from '../../mail/outbox-data';
import { secondFactorResetMail } from '../../mail/templates';
import { findUserById, type UserWithOffice } from '../users/user-data';
import { issueSessionToken } from '../accounts/account-service';
import { countPasskeys, deletePasskeysOf, oldestPasskeyAt, touchUserRevision } from '../passkeys/passkey-data';
import { base32Of, matchingTotpStep, newBackupCodes, newTotpSecret, totpUri } from './second-factor-crypto';
import {
  claimTotpStep,
  consumeBackupCode,
  countUnusedBackupCodes,
  deleteSecondFactor,
  findSecondFactor,
  recordAccountEvent,
  replaceBackupCodes,
  savePendingSecret,
} from './second-factor-data';

/** What a successful second-factor step answers: the complete session, and the device cookie to set. */
export interface CompletedSession {
  token: string;
  deviceCookie: string;
}

/** What the sign-in answers once the password is right (issue 27). */
export interface SignInOutcome {
  token: string;
  /** `required`: the code step comes next (the token is partial); `setup`: a factor must be created first. */
  secondFactor?: 'required' | 'setup';
}

/**
 * Decides the session a right password opens: complete for an account
 * without a factor (or from a device trusted for it), partial when the code
 * is to come, or one that reaches only the setup screen for an office member
 * or admin who has none yet.
 */
export async function openSessionAfterPassword(
  ctx: AppContext,
  user: UserWithOffice,
  remember: boolean,
  cookieHeader: string | undefined,
): Promise<SignInOutcome> {
  const now = ctx.now();
  const since = await factorsSince(ctx, user.id);
  if (since) {
    if (await ctx.secondFactor.devices.isTrusted(cookieHeader, user.id, since, now)) {
      return { token: await issueSessionToken(ctx, user, remember, { secondFactor: true, checkedAt: now.getTime() }) };
    }
    const token = await ctx.tokens.issue(
      { userId: user.id, passwordVersion: user.passwordVersion, stage: 'partial', remembered: remember },
      PARTIAL_SESSION_SECONDS,
    );
    return { token, secondFactor: 'required' };
  }
  const token = await issueSessionToken(ctx, user, remember, { checkedAt: now.getTime() });
  return accountMustUseSecondFactor(user) ? { token, secondFactor: 'setup' } : { token };
}

/**
 * When the account's second factor began: its TOTP's confirmation or its
 * oldest passkey, whichever came first; null without any. A trusted device's
 * cookie names it, so that a reset (which removes them all) asks every device again.
 */
export async function factorsSince(ctx: AppContext, userId: number): Promise<Date | null> {
  const factor = await findSecondFactor(ctx.db, userId);
  const passkeyAt = await oldestPasskeyAt(ctx.db, userId);
  const totpAt = factor?.confirmedAt ?? null;
  if (totpAt && passkeyAt) return totpAt < passkeyAt ? totpAt : passkeyAt;
  return totpAt ?? passkeyAt;
}

/** Time to fetch one's phone and type the code. */
export const PARTIAL_SESSION_SECONDS = 10 * 60;

/** The sign-in step: a TOTP code or a backup code completes a partial session. */
export async function completeSignIn(
  ctx: AppContext,
  user: UserWithOffice,
  session: TokenClaims,
  input: SecondFactorCodeInput,
): Promise<CompletedSession> {
  if (session.stage !== 'partial') throw badRequest(SECOND_FACTOR_MESSAGES.alreadyVerified);
  const factor = await checkCode(ctx, user, input);
  return completeSession(ctx, user, session.remembered, (await factorsSince(ctx, user.id)) ?? factor.confirmedAt);
}

/** A session that has just passed a second factor (a code or a passkey): its token, and this device trusted for the account's factors. */
export async function completeSession(
  ctx: AppContext,
  user: UserWithOffice,
  remembered: boolean,
  factorsBegan: Date,
): Promise<CompletedSession> {
  const now = ctx.now();
  return {
    token: await issueSessionToken(ctx, user, remembered, { secondFactor: true, checkedAt: now.getTime() }),
    deviceCookie: await ctx.secondFactor.devices.cookieFor(user.id, factorsBegan, now),
  };
}

/**
 * Re-authentication before a sensitive action: the code for an account with a
 * factor, the password for one without (an account with passkeys only answers
 * with one, through the passkeys' route). Answers a new token whose check time is now.
 */
export async function reauthenticate(
  ctx: AppContext,
  user: UserWithOffice,
  session: TokenClaims,
  input: { code: string } | { password: string },
): Promise<{ token: string }> {
  const factor = await findSecondFactor(ctx.db, user.id);
  let passedFactor = session.secondFactor;
  if (!factor?.confirmedAt && 'password' in input && user.hasPasskey) throw badRequest(PASSKEY_MESSAGES.requiredInsteadOfPassword);
  if (factor?.confirmedAt) {
    if (!('code' in input)) throw badRequest(SECOND_FACTOR_MESSAGES.required);
    await checkCode(ctx, user, parseCode(input.code));
    passedFactor = true;
  } else {
    if (!('password' in input)) throw badRequest(MESSAGES.currentPasswordRequired, 'CURRENT_PASSWORD_REQUIRED');
    await countFailure(
      ctx,
      user.id,
      async () => ctx.passwords.verify(user.passwordHash, input.password),
      SECOND_FACTOR_MESSAGES.wrongPassword,
      'CURRENT_PASSWORD_WRONG',
    );
  }
  return { token: await issueSessionToken(ctx, user, session.remembered, { secondFactor: passedFactor, checkedAt: ctx.now().getTime() }) };
}

function parseCode(code: string): SecondFactorCodeInput {
  const compact = code.replace(/[\s-]+/g, '');
  return /^\d{6}$/.test(compact) ? { kind: 'totp', code: compact } : { kind: 'backup', code: compact.toUpperCase() };
}

/**
 * Checks a code against the account's confirmed factor. A TOTP code is taken
 * only for a time step later than the last accepted one (one UPDATE, so a
 * replay or a concurrent second use fails); a backup code is spent in one UPDATE.
 * Wrong codes are counted per account (10 per 15 minutes, then 429).
 */
async function checkCode(ctx: AppContext, user: UserWithOffice, input: SecondFactorCodeInput): Promise<{ confirmedAt: Date }> {
  const factor = await findSecondFactor(ctx.db, user.id);
  if (!factor?.confirmedAt) throw badRequest(SECOND_FACTOR_MESSAGES.notEnabled);
  const confirmedAt = factor.confirmedAt;
  await countFailure(
    ctx,
    user.id,
    async () => {
      const now = ctx.now();
      if (input.kind === 'totp') {
        const step = matchingTotpStep(ctx.secondFactor.keys.decryptSecret(factor.totpSecret), input.code, now.getTime());
        return step !== null && (await claimTotpStep(ctx.db, user.id, step, now));
      }
      return ctx.db.transaction(async (tx) => {
        const spent = await consumeBackupCode(tx, user.id, ctx.secondFactor.keys.hashBackupCode(user.id, input.code), now);
        if (spent) await recordAccountEvent(tx, { userId: user.id, actorId: user.id, kind: 'backup_code_used', at: now });
        return spent;
      });
    },
    SECOND_FACTOR_MESSAGES.wrongCode,
  );
  return { confirmedAt };
}

/** Runs a check, counting it as a failure of the account unless it passes; past the limit, 429 without checking. */
export async function countFailure(
  ctx: AppContext,
  userId: number,
  check: () => Promise<boolean>,
  wrongMessage: string,
  wrongCode: ErrorCodeOf<400> = 'SECOND_FACTOR_CODE_WRONG',
): Promise<void> {
  const key = `second-factor:failed:${userId}`;
  const limit = ctx.rateLimits.secondFactorFailuresPerAccount;
  const windows = await ctx.limiter.hitWindows([[key, limit]]);
  const window = windows.get(key);
  if ((window?.count ?? 0) > limit.max) throw tooManyRequests(MESSAGES.tooManyRequests, window!.resetInMs);
  if (!(await check())) throw badRequest(wrongMessage, wrongCode);
  await ctx.limiter.takeBack([key]);
}

export async function getSecondFactorStatus(ctx: AppContext, user: UserWithOffice): Promise<SecondFactorStatus> {
  const factor = await findSecondFactor(ctx.db, user.id);
  const enabled = Boolean(factor?.confirmedAt);
  return {
    totp: enabled,
    passkeys: await countPasskeys(ctx.db, user.id),
    backupCodesLeft: enabled ? await countUnusedBackupCodes(ctx.db, user.id) : 0,
    mandatory: accountMustUseSecondFactor(user),
    enabledAt: factor?.confirmedAt?.toISOString() ?? null,
  };
}

/** A new secret to add to an authenticator app; it counts only once a first code confirms it. */
export async function startTotpSetup(ctx: AppContext, user: UserWithOffice): Promise<TotpSetup> {
  const secret = newTotpSecret();
  const saved = await savePendingSecret(ctx.db, user.id, ctx.secondFactor.keys.encryptSecret(secret), ctx.now());
  if (!saved) throw new AppError('CONFLICT', SECOND_FACTOR_MESSAGES.alreadyEnabled);
  return { secret: base32Of(secret), uri: totpUri(secret, ctx.config.site.networkName, user.email) };
}

/**
 * The first code of the app confirms the factor: the ten backup codes are made
 * (shown once), the event recorded, and the session becomes a complete one.
 */
export async function confirmTotpSetup(
  ctx: AppContext,
  user: UserWithOffice,
  session: TokenClaims,
  code: string,
): Promise<CompletedSession & { backupCodes: string[] }> {
  const factor = await findSecondFactor(ctx.db, user.id);
  if (!factor) throw badRequest(SECOND_FACTOR_MESSAGES.noPendingSetup);
  if (factor.confirmedAt) throw new AppError('CONFLICT', SECOND_FACTOR_MESSAGES.alreadyEnabled);
  const now = ctx.now();
  const backupCodes = newBackupCodes();
  await countFailure(
    ctx,
    user.id,
    async () => {
      const step = matchingTotpStep(ctx.secondFactor.keys.decryptSecret(factor.totpSecret), code, now.getTime());
      if (step === null) return false;
      return ctx.db.transaction(async (tx) => {
        if (!(await claimTotpStep(tx, user.id, step, now, true))) return false;
        await replaceBackupCodes(
          tx,
          user.id,
          backupCodes.map((c) => ctx.secondFactor.keys.hashBackupCode(user.id, c)),
        );
        await recordAccountEvent(tx, { userId: user.id, actorId: user.id, kind: 'second_factor_enabled', at: now });
        return true;
      });
    },
    SECOND_FACTOR_MESSAGES.wrongCode,
  );
  return { ...(await completeSession(ctx, user, session.remembered, (await factorsSince(ctx, user.id)) ?? now)), backupCodes };
}

/** Ten new backup codes; the earlier ones stop working. Asked after a recent check (the route). */
export async function renewBackupCodes(ctx: AppContext, user: UserWithOffice): Promise<{ backupCodes: string[] }> {
  const factor = await findSecondFactor(ctx.db, user.id);
  if (!factor?.confirmedAt) throw badRequest(SECOND_FACTOR_MESSAGES.notEnabled);
  const backupCodes = newBackupCodes();
  await ctx.db.transaction(async (tx) => {
    await replaceBackupCodes(
      tx,
      user.id,
      backupCodes.map((c) => ctx.secondFactor.keys.hashBackupCode(user.id, c)),
    );
    await recordAccountEvent(tx, { userId: user.id, actorId: user.id, kind: 'backup_codes_renewed', at: ctx.now() });
  });
  return { backupCodes };
}

/**
 * One's own removal of the TOTP: where the second factor is optional, or for an
 * office member or admin who keeps a passkey. Asked after a recent check (the route).
 */
export async function disableOwnSecondFactor(ctx: AppContext, user: UserWithOffice): Promise<SecondFactorStatus> {
  const mandatory = accountMustUseSecondFactor(user);
  if (mandatory && !mayRemoveFactor({ mandatory, totp: true, passkeys: await countPasskeys(ctx.db, user.id) }, 'totp'))
    throw forbidden(SECOND_FACTOR_MESSAGES.mandatory);
  // A setup left half-way is not a factor: nothing to remove (the next setup replaces it).
  if (!(await findSecondFactor(ctx.db, user.id))?.confirmedAt) throw badRequest(SECOND_FACTOR_MESSAGES.notEnabled);
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteSecondFactor(tx, user.id))) throw badRequest(SECOND_FACTOR_MESSAGES.notEnabled);
    await recordAccountEvent(tx, { userId: user.id, actorId: user.id, kind: 'second_factor_disabled', at: ctx.now() });
  });
  return getSecondFactorStatus(ctx, user);
}

/**
 * Recovery (issue 27): an admin removes another account's second factor, its
 * TOTP, backup codes and passkeys (never their own: a stolen admin session must not strip its own factor). The account
 * is mailed and the reset recorded in the same transaction; an office member or
 * admin sets a new one up at their next sign-in.
 */
export async function resetSecondFactorOf(ctx: AppContext, admin: UserWithOffice, targetId: number): Promise<{ message: string }> {
  if (!isAdmin(admin)) throw forbidden();
  if (admin.id === targetId) throw forbidden(SECOND_FACTOR_MESSAGES.notOwnReset);
  const target = await findUserById(ctx.db, targetId);
  if (!target) throw notFound(MESSAGES.notFound);
  await ctx.db.transaction(async (tx) => {
    const totpRemoved = await deleteSecondFactor(tx, target.id);
    const passkeysRemoved = await deletePasskeysOf(tx, target.id);
    if (!totpRemoved && passkeysRemoved === 0) throw badRequest(SECOND_FACTOR_MESSAGES.notEnabled);
    if (passkeysRemoved > 0) await touchUserRevision(tx, target.id);
    await recordAccountEvent(tx, { userId: target.id, actorId: admin.id, kind: 'second_factor_reset', at: ctx.now() });
    await queueMail(
      tx,
      secondFactorResetMail({
        to: target.email,
        firstName: target.firstName,
        mandatory: accountMustUseSecondFactor(target),
        link: `${ctx.config.publicUrl}/login`,
      }),
    );
  });
  ctx.outbox.wake();
  return { message: SECOND_FACTOR_MESSAGES.resetDone };
}
