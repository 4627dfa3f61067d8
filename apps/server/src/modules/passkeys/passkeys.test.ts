import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import {
  PASSKEY_ERROR_CODES,
  PASSKEY_MESSAGES,
  PASSWORD_CHANGE_REQUIRED_CODE,
  SECOND_FACTOR_ERROR_CODES,
  SECOND_FACTOR_MESSAGES,
} from '@notadoo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { accountEvents, historyEntries, userPasskeys, users, webauthnChallenges } from '../../db/schema';

/** Issue 27: passkeys as second factor and as a sign-in of their own, ceremonies answered by a software authenticator. */
describe.each(BACKENDS)('passkeys on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const ORIGIN = 'http://app.test';
  const login = (email: string, password: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: { login: email, password }, headers: cookie ? { cookie } : {} });
  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const publicCall = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, ...(payload ? { payload } : {}) });

  /** Adds a passkey through the product's routes with `token`; answers the registration's reply. */
  async function addPasskey(token: string, device: SoftwareAuthenticator, name = 'Ordinateur du bureau') {
    const options = await call(token, 'POST', '/auth/passkeys/registration/options', {});
    expect(options.statusCode, options.body).toBe(200);
    return call(token, 'POST', '/auth/passkeys/registration', { name, response: device.register(options.json()) });
  }

  /** A signed-in client who added a passkey from the profile. */
  async function clientWithPasskey() {
    const user = await t.createUser();
    const token = await t.tokenFor(user.email, user.password);
    const device = new SoftwareAuthenticator(ORIGIN);
    const added = await addPasskey(token, device);
    expect(added.statusCode, added.body).toBe(200);
    return { ...user, device, token: added.json().token as string, passkeyId: added.json().passkey.id as number };
  }

  async function passwordlessSignIn(
    device: SoftwareAuthenticator,
    tweaks: Parameters<SoftwareAuthenticator['authenticate']>[1] = {},
    remember?: boolean,
  ) {
    const options = await publicCall('/users/login/passkey/options', {});
    expect(options.statusCode, options.body).toBe(200);
    return publicCall('/users/login/passkey', {
      response: device.authenticate(options.json(), tweaks),
      ...(remember === undefined ? {} : { remember }),
    });
  }

  it('adds a passkey from the profile: listed by its name, recorded, and the challenge taken once', async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user.email, user.password);
    const device = new SoftwareAuthenticator(ORIGIN);
    const options = await call(token, 'POST', '/auth/passkeys/registration/options', {});
    expect(options.json()).toMatchObject({
      rp: { id: 'app.test', name: 'Notadoo' },
      user: { name: user.email },
      authenticatorSelection: { residentKey: 'required' },
    });
    // Algorithms every supported runtime verifies, whatever the runtime running this test offers (Node.js 24: ML-DSA).
    expect(options.json().pubKeyCredParams).toEqual([-8, -7, -257].map((alg) => ({ alg, type: 'public-key' })));
    // The user handle names nobody: no id nor address in it.
    expect(Buffer.from(options.json().user.id, 'base64url').toString('utf8')).not.toContain(String(user.id));
    const response = device.register(options.json());
    const added = await call(token, 'POST', '/auth/passkeys/registration', { name: '  Ordinateur du bureau ', response });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().passkey).toMatchObject({ name: 'Ordinateur du bureau', lastUsedAt: null });
    expect(added.headers['set-cookie']).toMatch(new RegExp(`^notadoo_device_${user.id}=`));
    expect((await call(token, 'GET', '/auth/passkeys')).json().passkeys).toHaveLength(1);
    expect((await call(token, 'GET', '/auth/second-factor')).json()).toMatchObject({ totp: false, passkeys: 1 });
    const events = await t.database.db.select().from(accountEvents).where(eq(accountEvents.userId, user.id));
    expect(events.map((e) => e.kind)).toEqual(['passkey_added']);

    // The same answer again: its challenge is spent.
    const replay = await call(token, 'POST', '/auth/passkeys/registration', { name: 'Encore', response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: PASSKEY_MESSAGES.challengeExpired, code: PASSKEY_ERROR_CODES.challengeExpired });
    // A ceremony answered on another site (a phishing page's origin) is refused, and so is an expired challenge.
    const phished = await call(token, 'POST', '/auth/passkeys/registration', {
      name: 'Autre',
      response: device.register((await call(token, 'POST', '/auth/passkeys/registration/options', {})).json(), {
        origin: 'https://app.test.evil.example',
      }),
    });
    expect(phished.statusCode).toBe(400);
    expect(phished.json().message).toBe(PASSKEY_MESSAGES.registrationFailed);
    const late = (await call(token, 'POST', '/auth/passkeys/registration/options', {})).json();
    t.clock.advance(5 * 60_000 + 1000);
    // Signed in again from the device the passkey was added on (trusted: no step).
    const fresh = (await login(user.email, user.password, String(added.headers['set-cookie']).split(';')[0])).json().token as string;
    expect((await call(fresh, 'POST', '/auth/passkeys/registration', { name: 'Tard', response: device.register(late) })).json().code).toBe(
      PASSKEY_ERROR_CODES.challengeExpired,
    );
    // A nameless passkey, a malformed answer: French 400s.
    const nameless = await call(fresh, 'POST', '/auth/passkeys/registration', {
      name: ' ',
      response: device.register((await call(fresh, 'POST', '/auth/passkeys/registration/options', {})).json()),
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe(PASSKEY_MESSAGES.nameRequired);
    expect((await call(fresh, 'POST', '/auth/passkeys/registration', { name: 'x', response: { id: '!!' } })).statusCode).toBe(400);
  });

  it('asks for a recent check before adding a passkey', async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user.email, user.password);
    t.clock.advance(6 * 60_000);
    const stale = await call(token, 'POST', '/auth/passkeys/registration/options', {});
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe(SECOND_FACTOR_ERROR_CODES.reauthRequired);
  });

  it('completes the sign-in after the password with the passkey, not with another account’s', async () => {
    const user = await clientWithPasskey();
    const first = await login(user.email, user.password);
    expect(first.json().secondFactor).toBe('required');
    const partial = first.json().token as string;
    expect((await call(partial, 'GET', '/users/me')).statusCode).toBe(403);
    // The step may read which factors the account has, to offer the passkey.
    expect((await call(partial, 'GET', '/auth/second-factor')).json()).toMatchObject({ totp: false, passkeys: 1 });

    const other = await clientWithPasskey();
    const options = (await call(partial, 'POST', '/auth/passkeys/authentication/options', {})).json();
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: user.device.credentials[0]!.id.toString('base64url') })]);
    const stranger = await call(partial, 'POST', '/auth/second-factor/passkey', { response: other.device.authenticate(options) });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().message).toBe(PASSKEY_MESSAGES.signInFailed);

    const done = await call(partial, 'POST', '/auth/second-factor/passkey', {
      response: user.device.authenticate((await call(partial, 'POST', '/auth/passkeys/authentication/options', {})).json()),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['set-cookie']).toMatch(new RegExp(`^notadoo_device_${user.id}=`));
    expect((await call(done.json().token, 'GET', '/users/me')).statusCode).toBe(200);
    // That device is trusted now: the password alone opens the account there.
    const cookie = String(done.headers['set-cookie']).split(';')[0]!;
    expect((await login(user.email, user.password, cookie)).json().secondFactor).toBeUndefined();
    const [row] = await t.database.db.select().from(userPasskeys).where(eq(userPasskeys.userId, user.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('signs in with the passkey alone (user verified): a complete session, remembered if asked, in the history', async () => {
    const notary = await t.createUser({ isNotary: true, notaryOfficeId: 1, lastName: 'Passkey' });
    const setup = (await login(notary.email, notary.password)).json();
    expect(setup.secondFactor).toBe('setup');
    // From the setup screen: a passkey instead of the app.
    const device = new SoftwareAuthenticator(ORIGIN);
    const enrolled = await addPasskey(setup.token, device);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect((await call(enrolled.json().token, 'GET', '/projects/mine')).statusCode).toBe(200);

    const signedIn = await passwordlessSignIn(device, {}, true);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = signedIn.json().token as string;
    const claims = decodeJwt(token);
    expect(claims.mfa).toBe(true);
    expect(claims.exp! - claims.iat!).toBe(30 * 24 * 60 * 60);
    expect((await call(token, 'GET', '/projects/mine')).statusCode).toBe(200);
    const signIns = await t.database.db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.kind, 'sign_in'), eq(historyEntries.actorUserId, notary.id)));
    expect(signIns.map((s) => s.details)).toContainEqual({ method: 'passkey' });
    const [account] = await t.database.db.select().from(users).where(eq(users.id, notary.id));
    expect(account!.lastConnectionDate).not.toBeNull();

    // Without user verification the key alone is one factor: refused.
    const unverified = await passwordlessSignIn(device, { userVerified: false });
    expect(unverified.statusCode).toBe(401);
    expect(unverified.json().message).toBe(PASSKEY_MESSAGES.userVerificationRequired);
    // An unknown key, a deactivated account: refused.
    const stranger = new SoftwareAuthenticator(ORIGIN);
    stranger.register({ challenge: 'AAAA', rp: { id: 'app.test' }, user: { id: 'AAAA' } });
    const unknown = await passwordlessSignIn(stranger);
    expect(unknown.statusCode).toBe(401);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, notary.id));
    expect((await passwordlessSignIn(device)).statusCode).toBe(401);
  });

  it('refuses a counter that goes back (a cloned authenticator) and a reused or expired challenge', async () => {
    const user = await clientWithPasskey();
    expect((await passwordlessSignIn(user.device)).statusCode).toBe(200);
    expect((await passwordlessSignIn(user.device)).statusCode).toBe(200);
    const cloned = await passwordlessSignIn(user.device, { counter: 1 });
    expect(cloned.statusCode).toBe(401);
    expect(cloned.json()).toEqual({ message: PASSKEY_MESSAGES.counterRegression, code: PASSKEY_ERROR_CODES.counterRegression });

    const options = (await publicCall('/users/login/passkey/options', {})).json();
    const response = user.device.authenticate(options);
    expect((await publicCall('/users/login/passkey', { response })).statusCode).toBe(200);
    const reused = await publicCall('/users/login/passkey', { response });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe(PASSKEY_ERROR_CODES.challengeExpired);

    const late = (await publicCall('/users/login/passkey/options', {})).json();
    t.clock.advance(5 * 60_000 + 1000);
    expect((await publicCall('/users/login/passkey', { response: user.device.authenticate(late) })).json().code).toBe(
      PASSKEY_ERROR_CODES.challengeExpired,
    );
    // A challenge made for the sign-in step of an account does not serve a sign-in without address.
    const partial = (await login(user.email, user.password)).json().token;
    const stepOptions = (await call(partial, 'POST', '/auth/passkeys/authentication/options', {})).json();
    expect((await publicCall('/users/login/passkey', { response: user.device.authenticate(stepOptions) })).json().code).toBe(
      PASSKEY_ERROR_CODES.challengeExpired,
    );
    // Expired challenges are cleared as new ones are made.
    const left = await t.database.db.select().from(webauthnChallenges);
    expect(left.every((c) => c.expiresAt > t.clock.now())).toBe(true);
  });

  it('answers a re-authentication with the passkey; removal rules: recent check, own passkeys, staff keep a factor', async () => {
    const user = await clientWithPasskey();
    t.clock.advance(6 * 60_000);
    const stale = await call(user.token, 'DELETE', `/auth/passkeys/${user.passkeyId}`);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe(SECOND_FACTOR_ERROR_CODES.reauthRequired);
    // Passkeys only: the password does not stand for them.
    expect((await call(user.token, 'POST', '/auth/reauthenticate', { password: user.password })).json().message).toBe(
      PASSKEY_MESSAGES.requiredInsteadOfPassword,
    );
    const options = (await call(user.token, 'POST', '/auth/passkeys/authentication/options', {})).json();
    const fresh = await call(user.token, 'POST', '/auth/reauthenticate/passkey', { response: user.device.authenticate(options) });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const token = fresh.json().token as string;

    const other = await clientWithPasskey();
    expect((await call(token, 'DELETE', `/auth/passkeys/${other.passkeyId}`)).statusCode).toBe(404);
    expect((await call(token, 'DELETE', '/auth/passkeys/abc')).statusCode).toBe(400);
    const removed = await call(token, 'DELETE', `/auth/passkeys/${user.passkeyId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ passkeys: [] });
    expect((await login(user.email, user.password)).json().secondFactor).toBeUndefined();

    // An office member's only passkey stays; beside a TOTP it may go, and the TOTP may go beside a passkey.
    const notary = await t.createUser({ isNotary: true, notaryOfficeId: 1 });
    const setup = (await login(notary.email, notary.password)).json().token;
    const device = new SoftwareAuthenticator(ORIGIN);
    const enrolled = (await addPasskey(setup, device)).json();
    const last = await call(enrolled.token, 'DELETE', `/auth/passkeys/${enrolled.passkey.id}`);
    expect(last.statusCode).toBe(403);
    expect(last.json().message).toBe(PASSKEY_MESSAGES.lastFactor);
    const second = (await addPasskey(enrolled.token, new SoftwareAuthenticator(ORIGIN), 'Clé de secours')).json();
    expect((await call(second.token, 'DELETE', `/auth/passkeys/${enrolled.passkey.id}`)).statusCode).toBe(200);
    expect((await call(second.token, 'DELETE', '/auth/second-factor')).statusCode).toBe(400);
  });

  it('lifts the stronger-password gate of a staff account once it holds a passkey', async () => {
    const notary = await t.createUser({ isNotary: true, notaryOfficeId: 1, password: 'Kq7#vLp2!x', passwordMeetsStaffRule: false });
    const token = await t.tokenFor(notary.email, notary.password);
    const held = await call(token, 'GET', '/projects/mine');
    expect(held.statusCode).toBe(403);
    expect(held.json().code).toBe(PASSWORD_CHANGE_REQUIRED_CODE);
    expect((await call(token, 'GET', '/users/me')).json().passwordChangeRequired).toBe(true);
    // A passkey instead of a longer password.
    const added = await addPasskey(token, new SoftwareAuthenticator(ORIGIN));
    expect(added.statusCode, added.body).toBe(200);
    const full = added.json().token as string;
    expect((await call(full, 'GET', '/users/me')).json().passwordChangeRequired).toBe(false);
    expect((await call(full, 'GET', '/projects/mine')).statusCode).toBe(200);
  });

  it('goes with an admin’s reset of the account’s second factor (mailed, recorded): the next sign-in sets one up again', async () => {
    const admin = await t.createUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    const adminToken = await t.tokenFor(admin.email, admin.password);
    const notary = await t.createUser({ isNotary: true, notaryOfficeId: 1 });
    const device = new SoftwareAuthenticator(ORIGIN);
    const enrolled = await addPasskey((await login(notary.email, notary.password)).json().token, device);
    const cookie = String(enrolled.headers['set-cookie']).split(';')[0]!;
    expect((await login(notary.email, notary.password, cookie)).json().secondFactor).toBeUndefined();

    const sent = t.mails.length;
    const reset = await call(adminToken, 'POST', '/admin/user/resetSecondFactor', { id: notary.id });
    expect(reset.statusCode).toBe(200);
    expect(t.mails.slice(sent).find((m) => m.to === notary.email)?.subject).toBe('Votre double authentification a été réinitialisée');
    expect(await t.database.db.select().from(userPasskeys).where(eq(userPasskeys.userId, notary.id))).toEqual([]);
    const events = await t.database.db.select().from(accountEvents).where(eq(accountEvents.userId, notary.id));
    expect(events.find((e) => e.kind === 'second_factor_reset')).toMatchObject({ actorId: admin.id });
    expect((await passwordlessSignIn(device)).statusCode).toBe(401);
    expect((await login(notary.email, notary.password, cookie)).json().secondFactor).toBe('setup');
    expect(SECOND_FACTOR_MESSAGES.resetDone).toBe(reset.json().message);
  });
});
