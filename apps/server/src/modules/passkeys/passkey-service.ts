import { createHmac } from 'node:crypto';
import {
  MAX_PASSKEYS_PER_ACCOUNT,
  mayRemoveFactor,
  MESSAGES,
  PASSKEY_ALGORITHMS,
  PASSKEY_CHALLENGE_MS,
  PASSKEY_ERROR_CODES,
  PASSKEY_MESSAGES,
  SECOND_FACTOR_MESSAGES,
  type PasskeyAuthenticationResponse,
  type PasskeyRegistrationResponse,
  type PasskeyView,
} from '@notadoo/domain';
import type { TokenClaims } from '../../auth/session-tokens';
import { accountMustUseSecondFactor } from '../../auth/second-factor-gate';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../http/app-error';
import { enforceRateLimit } from '../accounts/account-service';
import { recordHistoryEvent } from '../history/history-recorder';
import { findSecondFactor, recordAccountEvent } from '../second-factor/second-factor-data';
import { completeSession, countFailure, factorsSince, type CompletedSession } from '../second-factor/second-factor-service';
import { findUserById, recordConnection, type UserWithOffice } from '../users/user-data';
import {
  claimPasskeyUse,
  countPasskeys,
  deletePasskey,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeys,
  saveChallenge,
  takeChallenge,
  touchUserRevision,
  type ChallengePurpose,
  type PasskeyRow,
} from './passkey-data';

/** The WebAuthn library (with its ASN.1 and X.509 code, some 4 MB of heap) is loaded at the first ceremony, not at every start. */
const webauthn = () => import('@simplewebauthn/server');

/** The options of a ceremony, as JSON for @simplewebauthn/browser (the challenge, kept server-side too). */
export type CeremonyOptions = { challenge: string; [key: string]: unknown };

const KNOWN_TRANSPORTS: readonly string[] = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];

/**
 * The relying party is the web app's public address (PUBLIC_URL): its host
 * name is the RP ID the passkeys are bound to, its origin the only one whose
 * ceremonies are accepted. A passkey made under one address does not work
 * under another (a moved site asks its users to add theirs again).
 */
export function relyingParty(ctx: AppContext): { id: string; origin: string; name: string } {
  const url = new URL(ctx.config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: ctx.config.site.networkName };
}

/** The user handle the authenticator stores: derived from the account's id with the server's key, so it names nobody. */
function userHandle(ctx: AppContext, userId: number): Uint8Array<ArrayBuffer> {
  const digest = createHmac('sha256', ctx.config.secondFactorKey).update(`notadoo-passkey-user:${userId}`).digest();
  return new Uint8Array(digest.subarray(0, 16));
}

function toView(row: PasskeyRow): PasskeyView {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

export async function listOwnPasskeys(ctx: AppContext, user: UserWithOffice): Promise<{ passkeys: PasskeyView[] }> {
  return { passkeys: (await listPasskeys(ctx.db, user.id)).map(toView) };
}

/** Keeps a new challenge for `purpose` (and the account, if known), valid PASSKEY_CHALLENGE_MS. */
async function keepChallenge(ctx: AppContext, challenge: string, purpose: ChallengePurpose, userId: number | null): Promise<void> {
  const now = ctx.now();
  await saveChallenge(ctx.db, { challenge, purpose, userId, expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_MS) }, now);
}

/**
 * Takes the challenge the browser signed (read from its clientDataJSON) once;
 * an unknown, used or expired one answers 400 with a code the web reads to start over.
 */
async function spendChallenge(ctx: AppContext, clientDataJSON: string, purpose: ChallengePurpose, userId: number | null): Promise<string> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
  } catch {
    challenge = undefined;
  }
  if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 512)
    throw badRequest(purpose === 'registration' ? PASSKEY_MESSAGES.registrationFailed : PASSKEY_MESSAGES.signInFailed);
  if (!(await takeChallenge(ctx.db, challenge, purpose, userId, ctx.now()))) {
    throw new AppError(PASSKEY_ERROR_CODES.challengeExpired, PASSKEY_MESSAGES.challengeExpired);
  }
  return challenge;
}

/** Options for `navigator.credentials.create`: a discoverable credential (so it can sign in alone), the account's own excluded. */
export async function startRegistration(ctx: AppContext, user: UserWithOffice): Promise<CeremonyOptions> {
  const existing = await listPasskeys(ctx.db, user.id);
  if (existing.length >= MAX_PASSKEYS_PER_ACCOUNT) throw badRequest(PASSKEY_MESSAGES.tooMany);
  const rp = relyingParty(ctx);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    userID: userHandle(ctx, user.id),
    attestationType: 'none',
    timeout: PASSKEY_CHALLENGE_MS,
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: [...PASSKEY_ALGORITHMS],
  });
  await keepChallenge(ctx, options.challenge, 'registration', user.id);
  return { ...options };
}

/**
 * Checks the authenticator's answer against the challenge made for this
 * account, and keeps the passkey. The session has just proved a factor: it
 * becomes a complete one, as a confirmed TOTP makes it (the setup screen).
 */
export async function finishRegistration(
  ctx: AppContext,
  user: UserWithOffice,
  session: TokenClaims,
  input: { name: string; response: PasskeyRegistrationResponse },
): Promise<CompletedSession & { passkey: PasskeyView }> {
  const challenge = await spendChallenge(ctx, input.response.response.clientDataJSON, 'registration', user.id);
  const rp = relyingParty(ctx);
  const { verifyRegistrationResponse } = await webauthn();
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw badRequest(PASSKEY_MESSAGES.registrationFailed);
  }
  if (!verified.verified) throw badRequest(PASSKEY_MESSAGES.registrationFailed);
  const { credential } = verified.registrationInfo;
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    if ((await countPasskeys(tx, user.id)) >= MAX_PASSKEYS_PER_ACCOUNT) throw badRequest(PASSKEY_MESSAGES.tooMany);
    const saved = await insertPasskey(tx, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).filter((t) => KNOWN_TRANSPORTS.includes(t)),
      name: input.name,
      createdAt: now,
    });
    if (!saved) throw new AppError('CONFLICT', PASSKEY_MESSAGES.alreadyRegistered);
    await touchUserRevision(tx, user.id);
    await recordAccountEvent(tx, { userId: user.id, actorId: user.id, kind: 'passkey_added', at: now });
    return saved;
  });
  const done = await completeSession(ctx, user, session.remembered, (await factorsSince(ctx, user.id)) ?? now);
  return { ...done, passkey: toView(row) };
}

/**
 * One's own removal of a passkey, after a recent check (the route). An office
 * member or admin keeps at least one factor: the last one goes only if a TOTP remains.
 */
export async function removePasskey(ctx: AppContext, user: UserWithOffice, id: number): Promise<{ passkeys: PasskeyView[] }> {
  const mandatory = accountMustUseSecondFactor(user);
  await ctx.db.transaction(async (tx) => {
    const passkeys = await listPasskeys(tx, user.id);
    if (!passkeys.some((p) => p.id === id)) throw notFound(PASSKEY_MESSAGES.notFound);
    const totp = Boolean((await findSecondFactor(tx, user.id))?.confirmedAt);
    if (!mayRemoveFactor({ mandatory, totp, passkeys: passkeys.length }, 'passkey')) throw forbidden(PASSKEY_MESSAGES.lastFactor);
    if (!(await deletePasskey(tx, user.id, id))) throw notFound(PASSKEY_MESSAGES.notFound);
    await touchUserRevision(tx, user.id);
    await recordAccountEvent(tx, { userId: user.id, actorId: user.id, kind: 'passkey_removed', at: ctx.now() });
  });
  return listOwnPasskeys(ctx, user);
}

/** Options for `navigator.credentials.get` by a signed-in account (the sign-in step, a re-authentication): its own passkeys. */
export async function startAuthentication(ctx: AppContext, user: UserWithOffice): Promise<CeremonyOptions> {
  const passkeys = await listPasskeys(ctx.db, user.id);
  if (passkeys.length === 0) throw badRequest(PASSKEY_MESSAGES.noPasskey);
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).id,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userVerification: 'preferred',
    timeout: PASSKEY_CHALLENGE_MS,
  });
  await keepChallenge(ctx, options.challenge, 'authentication', user.id);
  return { ...options };
}

/**
 * Checks an assertion: the challenge taken once, the credential known (and the
 * account's when one is expected), the signature, the origin and RP ID, user
 * verification when asked, and a counter that moves forward (taken in one
 * UPDATE from the value checked: a cloned authenticator's replay, or two uses
 * racing, do not both pass). Answers the passkey.
 */
async function checkAssertion(
  ctx: AppContext,
  response: PasskeyAuthenticationResponse,
  expected: { purpose: ChallengePurpose; userId: number | null; requireUserVerification: boolean },
): Promise<PasskeyRow> {
  const challenge = await spendChallenge(ctx, response.response.clientDataJSON, expected.purpose, expected.userId);
  const passkey = await findPasskeyByCredentialId(ctx.db, response.id);
  if (!passkey || (expected.userId !== null && passkey.userId !== expected.userId))
    throw unauthorized(PASSKEY_MESSAGES.signInFailed, 'LOGIN_FAILED');
  const rp = relyingParty(ctx);
  const { verifyAuthenticationResponse } = await webauthn();
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: expected.requireUserVerification,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/counter/i.test(message)) throw counterRegression();
    if (expected.requireUserVerification && /user verification/i.test(message))
      throw unauthorized(PASSKEY_MESSAGES.userVerificationRequired);
    throw unauthorized(PASSKEY_MESSAGES.signInFailed, 'LOGIN_FAILED');
  }
  if (!verified.verified) throw unauthorized(PASSKEY_MESSAGES.signInFailed, 'LOGIN_FAILED');
  if (!(await claimPasskeyUse(ctx.db, passkey.id, passkey.counter, verified.authenticationInfo.newCounter, ctx.now())))
    throw counterRegression();
  return passkey;
}

function counterRegression(): AppError {
  return new AppError(PASSKEY_ERROR_CODES.counterRegression, PASSKEY_MESSAGES.counterRegression);
}

/** Runs an assertion's check counted as one of the account's second-factor failures unless it passes (shared with the codes' limit). */
async function checkCounted(ctx: AppContext, userId: number, check: () => Promise<PasskeyRow>): Promise<PasskeyRow> {
  let passkey: PasskeyRow | undefined;
  let failure: unknown;
  await countFailure(
    ctx,
    userId,
    async () => {
      try {
        passkey = await check();
        return true;
      } catch (error) {
        failure = error;
        return false;
      }
    },
    SECOND_FACTOR_MESSAGES.wrongCode,
  ).catch((error: unknown) => {
    throw failure ?? error;
  });
  return passkey!;
}

/** The sign-in step after the password: a passkey of the account completes the partial session, as a code does. */
export async function completeSignInWithPasskey(
  ctx: AppContext,
  user: UserWithOffice,
  session: TokenClaims,
  response: PasskeyAuthenticationResponse,
): Promise<CompletedSession> {
  if (session.stage !== 'partial') throw badRequest(SECOND_FACTOR_MESSAGES.alreadyVerified);
  await checkCounted(ctx, user.id, () =>
    checkAssertion(ctx, response, { purpose: 'authentication', userId: user.id, requireUserVerification: false }),
  );
  return completeSession(ctx, user, session.remembered, (await factorsSince(ctx, user.id)) ?? ctx.now());
}

/** Re-authentication before a sensitive action, with one of the account's passkeys: a token checked now. */
export async function reauthenticateWithPasskey(
  ctx: AppContext,
  user: UserWithOffice,
  session: TokenClaims,
  response: PasskeyAuthenticationResponse,
): Promise<{ token: string }> {
  await checkCounted(ctx, user.id, () =>
    checkAssertion(ctx, response, { purpose: 'authentication', userId: user.id, requireUserVerification: false }),
  );
  const done = await completeSession(ctx, user, session.remembered, ctx.now());
  return { token: done.token };
}

/**
 * Options for a sign-in without an address: no credential listed (the
 * authenticator offers its discoverable ones), user verification required.
 * Counted on the address's sign-in ceiling, as a password's attempt.
 */
export async function startPasswordlessSignIn(ctx: AppContext, ip: string): Promise<CeremonyOptions> {
  await enforceRateLimit(ctx, [[`login:ip:${ip}`, ctx.rateLimits.loginPerIp]]);
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).id,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_MS,
  });
  await keepChallenge(ctx, options.challenge, 'sign_in', null);
  return { ...options };
}

/**
 * A sign-in with a passkey alone. Its user verification (the device's PIN or
 * biometrics) is the second factor beside the possession of the key: the
 * session is a complete one, checked now, and this device is trusted for the
 * account as after a code. Recorded as a password's sign-in is, with its method.
 */
export async function passwordlessSignIn(
  ctx: AppContext,
  input: { response: PasskeyAuthenticationResponse; remember?: boolean },
  ip: string,
): Promise<CompletedSession> {
  await enforceRateLimit(ctx, [[`login:ip:${ip}`, ctx.rateLimits.loginPerIp]]);
  const known = await findPasskeyByCredentialId(ctx.db, input.response.id);
  const check = () => checkAssertion(ctx, input.response, { purpose: 'sign_in', userId: null, requireUserVerification: true });
  // An unknown credential is no account's failure; a known one's failures count on its account.
  const passkey = known ? await checkCounted(ctx, known.userId, check) : await check();
  const user = await findUserById(ctx.db, passkey.userId);
  if (!user || !user.isActive) throw unauthorized(MESSAGES.loginFailed, 'LOGIN_FAILED');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await recordConnection(tx, user.id, now);
    await recordHistoryEvent(tx, now, { kind: 'sign_in', projectId: null, actor: user, details: { method: 'passkey' } });
  });
  return completeSession(ctx, user, input.remember ?? false, (await factorsSince(ctx, user.id)) ?? now);
}
