import { eq } from 'drizzle-orm';
import { SECOND_FACTOR_ERROR_CODES, SECOND_FACTOR_MESSAGES } from '@notadoo/domain';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, enrolTotp, type TestApp } from '../../../test/test-app';
import { accountEvents, documents, userBackupCodes, userSecondFactors } from '../../db/schema';
import { createSecondFactorKeys } from './second-factor-crypto';

/** Issue 27: TOTP with backup codes, mandatory for office members and admins, asked again before sensitive actions. */
describe.each(BACKENDS)('second factor on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: { login: email, password }, headers: cookie ? { cookie } : {} });
  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const verify = (token: string, code: string) => call(token, 'POST', '/auth/second-factor/verify', { code });
  const STEP = 30_000;

  /** A client who turned the second factor on from the profile: their password session, then setup and the first code. */
  async function clientWithTotp() {
    const user = await t.createUser();
    const first = await login(user.email, user.password);
    expect(first.json().secondFactor).toBeUndefined();
    const confirm = await enrolTotp(t, user.email, first.json().token);
    expect(confirm.statusCode).toBe(200);
    return { ...user, backupCodes: confirm.json().backupCodes as string[] };
  }

  it('enrols TOTP from the profile: ten backup codes shown once, the secret encrypted at rest', async () => {
    const user = await t.createUser();
    const token = (await login(user.email, user.password)).json().token;
    expect((await call(token, 'GET', '/auth/second-factor')).json()).toEqual({
      totp: false,
      passkeys: 0,
      backupCodesLeft: 0,
      mandatory: false,
      enabledAt: null,
    });
    const setup = await call(token, 'POST', '/auth/second-factor/totp/setup', {});
    const { secret, uri } = setup.json();
    expect(Secret.fromBase32(secret).bytes).toHaveLength(20);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Notadoo:.*secret=/);
    // A wrong first code does not confirm it.
    const wrong = await call(token, 'POST', '/auth/second-factor/totp/confirm', {
      code: '000000' === TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now().getTime() }) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SECOND_FACTOR_MESSAGES.wrongCode);
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now().getTime() });
    const done = await call(token, 'POST', '/auth/second-factor/totp/confirm', { code });
    expect(done.statusCode).toBe(200);
    expect(done.json().backupCodes).toHaveLength(10);
    expect(new Set(done.json().backupCodes).size).toBe(10);
    expect(done.headers['set-cookie']).toMatch(
      new RegExp(`^notadoo_device_${user.id}=.+; Path=/api/users/login; Max-Age=2592000; HttpOnly; SameSite=Strict`),
    );
    expect((await call(done.json().token, 'GET', '/auth/second-factor')).json()).toMatchObject({ totp: true, backupCodesLeft: 10 });

    const [row] = await t.database.db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, user.id));
    const raw = Buffer.from(Secret.fromBase32(secret).bytes);
    expect(row!.totpSecret).not.toContain(secret);
    expect(row!.totpSecret).not.toContain(raw.toString('base64url'));
    expect(row!.totpSecret).not.toContain(raw.toString('hex'));
    expect(Buffer.from(createSecondFactorKeys('cle-de-double-authentification-de-test-0123').decryptSecret(row!.totpSecret))).toEqual(raw);
    expect(() => createSecondFactorKeys('une-autre-cle-une-autre-cle-une-autre-cle').decryptSecret(row!.totpSecret)).toThrow();
    const codes = await t.database.db.select().from(userBackupCodes).where(eq(userBackupCodes.userId, user.id));
    expect(codes).toHaveLength(10);
    for (const c of done.json().backupCodes as string[]) expect(codes.some((r) => r.codeHash.includes(c))).toBe(false);
  });

  it('signs in with a code computed now: the password alone opens nothing else, and a replayed code is refused', async () => {
    const user = await clientWithTotp();
    t.clock.advance(STEP);
    const first = await login(user.email, user.password);
    expect(first.json().secondFactor).toBe('required');
    const partial = first.json().token;
    const blocked = await call(partial, 'GET', '/users/me');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.required, code: SECOND_FACTOR_ERROR_CODES.required });
    expect((await call(partial, 'GET', '/projects/mine')).statusCode).toBe(403);

    const code = t.totpCode(user.email);
    const ok = await verify(partial, code);
    expect(ok.statusCode).toBe(200);
    expect((await call(ok.json().token, 'GET', '/users/me')).statusCode).toBe(200);

    // The same code, from another sign-in within its window: refused.
    const again = (await login(user.email, user.password)).json().token;
    const replay = await verify(again, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(SECOND_FACTOR_MESSAGES.wrongCode);
    // Two sign-ins racing with the next code: exactly one passes.
    t.clock.advance(STEP);
    const next = t.totpCode(user.email);
    const [a, b] = await Promise.all([login(user.email, user.password), login(user.email, user.password)]);
    const results = await Promise.all([verify(a.json().token, next), verify(b.json().token, next)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    // A code of an earlier step than one already used is refused too.
    const older = (await login(user.email, user.password)).json().token;
    expect((await verify(older, t.totpCode(user.email, -STEP))).statusCode).toBe(400);
  });

  it('takes each backup code once, whatever its case or dashes', async () => {
    const user = await clientWithTotp();
    const [first, second] = user.backupCodes;
    const partial = () => login(user.email, user.password).then((r) => r.json().token as string);
    const used = await verify(await partial(), `${first!.slice(0, 5).toLowerCase()}-${first!.slice(5)}`);
    expect(used.statusCode).toBe(200);
    expect((await verify(await partial(), first!)).statusCode).toBe(400);
    expect((await verify(await partial(), second!)).statusCode).toBe(200);
    expect((await call(used.json().token, 'GET', '/auth/second-factor')).json().backupCodesLeft).toBe(8);
    const events = await t.database.db.select().from(accountEvents).where(eq(accountEvents.userId, user.id));
    expect(events.map((e) => e.kind).sort()).toEqual(['backup_code_used', 'backup_code_used', 'second_factor_enabled']);
  });

  it('trusts a device 30 days after its second factor, not another device nor a forged cookie', async () => {
    const user = await clientWithTotp();
    const cookie = t.secondFactor.deviceCookies.get(user.email)!;
    expect((await login(user.email, user.password, cookie)).json().secondFactor).toBeUndefined();
    expect((await login(user.email, user.password)).json().secondFactor).toBe('required');
    const other = await clientWithTotp();
    // Another account's cookie, renamed, does not carry over.
    const renamed = t.secondFactor.deviceCookies.get(other.email)!.replace(`notadoo_device_${other.id}`, `notadoo_device_${user.id}`);
    expect((await login(user.email, user.password, renamed)).json().secondFactor).toBe('required');
    t.clock.advance(31 * 24 * 60 * 60_000);
    expect((await login(user.email, user.password, cookie)).json().secondFactor).toBe('required');
  });

  it('stops a notary without a second factor at the setup screen, and never lets them remove it', async () => {
    const notary = await t.createUser({ isNotary: true, notaryOfficeId: 1 });
    const res = await login(notary.email, notary.password);
    expect(res.json().secondFactor).toBe('setup');
    const token = res.json().token;
    const dashboard = await call(token, 'GET', '/projects/mine');
    expect(dashboard.statusCode).toBe(403);
    expect(dashboard.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.setupRequired, code: SECOND_FACTOR_ERROR_CODES.setupRequired });
    expect((await call(token, 'GET', '/transfer/bridge')).statusCode).toBe(403);
    expect((await call(token, 'GET', '/users/me')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/auth/second-factor')).json()).toMatchObject({ totp: false, mandatory: true });

    const confirm = await enrolTotp(t, notary.email, token);
    expect(confirm.statusCode).toBe(200);
    const full = confirm.json().token;
    expect((await call(full, 'GET', '/projects/mine')).statusCode).toBe(200);
    const removal = await call(full, 'DELETE', '/auth/second-factor');
    expect(removal.statusCode).toBe(403);
    expect(removal.json().message).toBe(SECOND_FACTOR_MESSAGES.mandatory);
    // Admins likewise.
    const admin = await t.createUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    expect((await login(admin.email, admin.password)).json().secondFactor).toBe('setup');
  });

  it('lets a client remove their own factor, after a recent check only', async () => {
    const user = await clientWithTotp();
    const token = await t.tokenFor(user.email, user.password);
    t.clock.advance(6 * 60_000);
    const stale = await call(token, 'DELETE', '/auth/second-factor');
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe(SECOND_FACTOR_ERROR_CODES.reauthRequired);
    // The password does not stand for the code of an account that has one.
    expect((await call(token, 'POST', '/auth/reauthenticate', { password: user.password })).statusCode).toBe(400);
    const fresh = await call(token, 'POST', '/auth/reauthenticate', { code: t.totpCode(user.email) });
    expect(fresh.statusCode).toBe(200);
    const removed = await call(fresh.json().token, 'DELETE', '/auth/second-factor');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ totp: false, backupCodesLeft: 0 });
    expect((await login(user.email, user.password)).json().secondFactor).toBeUndefined();
  });

  it('asks the notary again before a transfer (several files at once) once 5 minutes have passed', async () => {
    const client = await t.createUser();
    const clientToken = await t.tokenFor(client.email, client.password);
    const notary = await t.createUser({ isNotary: true, notaryOfficeId: 1 });
    const notaryToken = await t.tokenFor(notary.email, notary.password);
    const created = await call(clientToken, 'POST', '/project', { name: 'Vente Rivière', type: 'realty', subtype: 'appt', role: 'seller' });
    const projectId = created.json().id as number;
    await call(clientToken, 'PATCH', `/project/${projectId}`, { office: 1 });
    const [questionnaire] = await t.database.db.select().from(documents).where(eq(documents.projectId, projectId));
    const [drawer] = await t.database.db
      .insert(documents)
      .values({
        projectId,
        participantId: questionnaire!.participantId,
        kind: 'files',
        docType: 'identity_card',
        files: ['abcd12345carte.pdf'],
      })
      .returning();
    const both = [
      { type: 'file', docId: drawer!.id },
      { type: 'pdf', docId: questionnaire!.id },
    ];

    const recent = await call(notaryToken, 'POST', '/generate_file_token', both);
    expect(recent.statusCode).not.toBe(403);
    t.clock.advance(5 * 60_000 + 1000);
    const stale = await call(notaryToken, 'POST', '/generate_file_token', both);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.reauthRequired, code: SECOND_FACTOR_ERROR_CODES.reauthRequired });
    // One file at a time is not a bulk download.
    expect((await call(notaryToken, 'POST', '/generate_file_token', [both[0]])).statusCode).toBe(200);
    const wrong = await call(notaryToken, 'POST', '/auth/reauthenticate', {
      code: t.totpCode(notary.email) === '123456' ? '654321' : '123456',
    });
    expect(wrong.statusCode).toBe(400);
    const again = await call(notaryToken, 'POST', '/auth/reauthenticate', { code: t.totpCode(notary.email) });
    expect(again.statusCode).toBe(200);
    const retried = await call(again.json().token, 'POST', '/generate_file_token', both);
    expect(retried.statusCode).not.toBe(403);
    // A client without a factor proves themself with the password.
    t.clock.advance(5 * 60_000 + 1000);
    expect((await call(clientToken, 'POST', '/generate_file_token', both)).json().code).toBe(SECOND_FACTOR_ERROR_CODES.reauthRequired);
    expect((await call(clientToken, 'POST', '/auth/reauthenticate', { password: 'Mauvais123' })).statusCode).toBe(400);
    const byPassword = await call(clientToken, 'POST', '/auth/reauthenticate', { password: client.password });
    expect(byPassword.statusCode).toBe(200);
    expect((await call(byPassword.json().token, 'POST', '/generate_file_token', both)).statusCode).not.toBe(403);
  });

  it('asks again before an e-mail change of an account with a factor', async () => {
    const user = await clientWithTotp();
    const token = await t.tokenFor(user.email, user.password);
    t.clock.advance(6 * 60_000);
    const stale = await call(token, 'PATCH', `/users/${user.id}`, { email: 'nouvelle@exemple.fr', password: user.password });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe(SECOND_FACTOR_ERROR_CODES.reauthRequired);
    const fresh = (await call(token, 'POST', '/auth/reauthenticate', { code: t.totpCode(user.email) })).json().token;
    const changed = await call(fresh, 'PATCH', `/users/${user.id}`, { email: 'nouvelle@exemple.fr', password: user.password });
    expect(changed.statusCode).toBe(200);
  });

  it('counts wrong codes per account: the eleventh within 15 minutes is refused unchecked', async () => {
    const user = await clientWithTotp();
    const partial = (await login(user.email, user.password)).json().token;
    const right = t.totpCode(user.email);
    const wrongCode = right === '000001' ? '000002' : '000001';
    for (let i = 0; i < 10; i++) expect((await verify(partial, wrongCode)).statusCode).toBe(400);
    const locked = await verify(partial, right);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('lets an admin reset another account’s factor (mailed, recorded), never their own, after a recent check', async () => {
    const admin = await t.createUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    const adminToken = await t.tokenFor(admin.email, admin.password);
    const notary = await t.createUser({ isNotary: true, notaryOfficeId: 1, firstName: 'Paul' });
    await t.tokenFor(notary.email, notary.password);
    const oldSecret = t.secondFactor.secrets.get(notary.email)!;
    const client = await t.createUser();
    const clientToken = await t.tokenFor(client.email, client.password);

    expect((await call(clientToken, 'POST', '/admin/user/resetSecondFactor', { id: notary.id })).statusCode).toBe(403);
    const own = await call(adminToken, 'POST', '/admin/user/resetSecondFactor', { id: admin.id });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(SECOND_FACTOR_MESSAGES.notOwnReset);
    expect((await call(adminToken, 'POST', '/admin/user/resetSecondFactor', { id: 2_000_000 })).statusCode).toBe(404);
    expect((await call(adminToken, 'POST', '/admin/user/resetSecondFactor', { id: 'abc' })).statusCode).toBe(400);

    const sent = t.mails.length;
    const reset = await call(adminToken, 'POST', '/admin/user/resetSecondFactor', { id: notary.id });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(SECOND_FACTOR_MESSAGES.resetDone);
    const mail = t.mails.slice(sent).find((m) => m.to === notary.email);
    expect(mail?.subject).toBe('Votre double authentification a été réinitialisée');
    expect(mail?.text).toContain('Bonjour Paul,');
    const events = await t.database.db.select().from(accountEvents).where(eq(accountEvents.userId, notary.id));
    expect(events.find((e) => e.kind === 'second_factor_reset')).toMatchObject({ actorId: admin.id });
    // Nothing left to reset.
    expect((await call(adminToken, 'POST', '/admin/user/resetSecondFactor', { id: notary.id })).statusCode).toBe(400);

    // The notary's trusted device and old app no longer open the account: they set a new factor up.
    const next = await login(notary.email, notary.password, t.secondFactor.deviceCookies.get(notary.email));
    expect(next.json().secondFactor).toBe('setup');
    expect(oldSecret).toBeTruthy();

    // Admin toggles ask again after 5 minutes.
    t.clock.advance(6 * 60_000);
    const toggle = await call(adminToken, 'POST', '/admin/user/toggleStatus', { id: client.id, action: 'pro', data: true });
    expect(toggle.statusCode).toBe(403);
    expect(toggle.json().code).toBe(SECOND_FACTOR_ERROR_CODES.reauthRequired);
    expect((await call(adminToken, 'POST', '/admin/user/roles', { id: client.id, roles: ['ROLE_AGENT'] })).json().code).toBe(
      SECOND_FACTOR_ERROR_CODES.reauthRequired,
    );
    // The reset too: a session left open 6 minutes resets nobody's factor.
    const staleReset = await call(adminToken, 'POST', '/admin/user/resetSecondFactor', { id: notary.id });
    expect(staleReset.statusCode).toBe(403);
    expect(staleReset.json().code).toBe(SECOND_FACTOR_ERROR_CODES.reauthRequired);
    const fresh = (await call(adminToken, 'POST', '/auth/reauthenticate', { code: t.totpCode(admin.email) })).json().token;
    expect((await call(fresh, 'POST', '/admin/user/toggleStatus', { id: client.id, action: 'pro', data: true })).statusCode).toBe(200);
  });

  it('refuses malformed codes with a French 400, never a 500', async () => {
    const user = await clientWithTotp();
    const partial = (await login(user.email, user.password)).json().token;
    for (const payload of [
      {},
      { code: 12 },
      { code: '' },
      { code: '12345' },
      { code: '1234567' },
      { code: 'x'.repeat(41) },
      { code: 'ABC' },
      { code: '123456', extra: 1 },
    ]) {
      const res = await call(partial, 'POST', '/auth/second-factor/verify', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/[a-zé]/);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/second-factor/verify', payload: { code: '123456' } })).statusCode).toBe(
      401,
    );
  });
});
