import { MESSAGES, PASSWORD_CHANGE_REQUIRED_CODE, PASSWORD_POLICY_MESSAGES, SECOND_FACTOR_ERROR_CODES } from '@notadoo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, enrolTotp, type TestApp } from '../../../test/test-app';

/** Issue 27: the password rules applied wherever a password is set, and the gate of staff sessions with a weak one. */
const STRONG = 'Vq8$kTn3#pZw6';
const STRONGER = 'Hy4&mRc9!bXe2';

const signup = (email: string, password: string, names = { firstName: 'Jean', lastName: 'Dupont' }) => ({
  email,
  password,
  passwordConfirm: password,
  ...names,
  intermediary: 'no',
});

/** The link of the last reset mail sent to `to`, as its token. */
function lastResetToken(t: TestApp, to: string): string {
  const link = t.mails.filter((m) => m.to === to && m.link?.includes('/reset/password/')).at(-1)?.link;
  if (!link) throw new Error(`no reset mail for ${to}`);
  return link.split('/').at(-1)!;
}

describe.each(BACKENDS)('password rules on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['signedInUser']>>;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    admin = await t.signedInUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
  });
  afterAll(() => t.close());

  describe('signup', () => {
    it.each([
      ['the most common ones', 'azerty1', PASSWORD_POLICY_MESSAGES.common],
      ['a common one with a digit added', 'Motdepasse2024', PASSWORD_POLICY_MESSAGES.common],
      ['a trivial one', 'aaaaaa1', PASSWORD_POLICY_MESSAGES.trivial],
      ['a run of digits', '1234567', PASSWORD_POLICY_MESSAGES.trivial],
      ['one built from the last name', 'Dupont2024', PASSWORD_POLICY_MESSAGES.personal],
      ['one built from the address', 'jean.dupont1', PASSWORD_POLICY_MESSAGES.personal],
      ['one in leet spelling with accents', 'J3àn-Dup0nt', PASSWORD_POLICY_MESSAGES.personal],
    ])('refuses %s with 400 and the French reason', async (_label, password, message) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/signup',
        payload: signup(`refus-${_label.length}@exemple.fr`, password),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'PASSWORD_TOO_WEAK', message });
    });

    it('keeps the specification’s rule and hint, and lets a client use another 7-character password', async () => {
      const short = await t.app.inject({ method: 'POST', url: '/api/users/signup', payload: signup('court@exemple.fr', 'abcde1') });
      expect(short.json()).toMatchObject({ message: MESSAGES.passwordHint });
      const ok = await t.app.inject({ method: 'POST', url: '/api/users/signup', payload: signup('client7@exemple.fr', 'k7mpq2x') });
      expect(ok.statusCode).toBe(201);
    });
  });

  it('refuses the same at the reset by link, for the link’s account, and the staff rule for a notary', async () => {
    const client = await t.createUser({ firstName: 'Léa', lastName: 'Moreau', email: 'lea.moreau@exemple.fr' });
    await t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { email: client.email } });
    const token = lastResetToken(t, client.email);
    const personal = await t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { token, password: 'LeaMoreau75' } });
    expect(personal.statusCode).toBe(400);
    expect(personal.json().message).toBe(PASSWORD_POLICY_MESSAGES.personal);
    const common = await t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { token, password: 'soleil2024' } });
    expect(common.json().message).toBe(PASSWORD_POLICY_MESSAGES.common);
    // The refusals did not spend the link.
    const done = await t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { token, password: 'Lanterne123' } });
    expect(done.statusCode).toBe(200);

    const notary = await t.createUser({ isNotary: true, notaryOfficeId: 1 });
    await t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { email: notary.email } });
    const notaryToken = lastResetToken(t, notary.email);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/users/reset/password',
      payload: { token: notaryToken, password: 'Lanterne123' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/^Pour un compte d’office notarial ou d’administration, le mot de passe doit atteindre 80 bits/);
    const strong = await t.app.inject({
      method: 'POST',
      url: '/api/users/reset/password',
      payload: { token: notaryToken, password: STRONG },
    });
    expect(strong.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { login: notary.email, password: STRONG } })).statusCode,
    ).toBe(200);
  });

  it('refuses the same at a change through the profile, and at the admin’s registration form', async () => {
    const client = await t.signedInUser({ firstName: 'Paul', lastName: 'Girard', password: 'Lanterne123' });
    const patch = (passwordNew: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/users/${client.id}`,
        headers: client.headers,
        payload: { password: client.password, passwordNew, passwordNewConfirm: passwordNew },
      });
    expect((await patch('Girard!2025')).json()).toEqual({ code: 'PASSWORD_TOO_WEAK', message: PASSWORD_POLICY_MESSAGES.personal });
    expect((await patch('P@ssw0rd1')).json()).toEqual({ code: 'PASSWORD_TOO_WEAK', message: PASSWORD_POLICY_MESSAGES.common });
    expect((await patch('Tilleul42')).statusCode).toBe(200);

    const registration = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/users',
        headers: admin.headers,
        payload: { email: 'inscrite@exemple.fr', password, passwordConfirm: password, firstName: 'Rose', lastName: 'Lambert' },
      });
    expect((await registration('Lambert2026')).json()).toEqual({ code: 'PASSWORD_TOO_WEAK', message: PASSWORD_POLICY_MESSAGES.personal });
    expect((await registration('azertyuiop1')).json()).toEqual({ code: 'PASSWORD_TOO_WEAK', message: PASSWORD_POLICY_MESSAGES.common });
    expect((await registration('Tilleul42')).statusCode).toBe(201);
  });

  it('holds a notary with a weak password at the gate from sign-in until a strong one is set', async () => {
    const notary = await t.createUser({ isNotary: true, notaryOfficeId: 1, password: 'Lanterne123' });
    const token = await t.tokenFor(notary.email, notary.password);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().passwordChangeRequired).toBe(true);
    for (const call of [
      { method: 'GET' as const, url: '/api/projects/mine' },
      { method: 'GET' as const, url: `/api/users/${notary.id}` },
      { method: 'PATCH' as const, url: `/api/users/${notary.id}`, payload: { firstName: 'Autre' } },
      { method: 'POST' as const, url: '/api/users/askIntermediary', payload: { userId: notary.id } },
    ]) {
      const res = await t.app.inject({ ...call, headers: bearer(token) });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json()).toEqual({ message: PASSWORD_POLICY_MESSAGES.changeRequired, code: PASSWORD_CHANGE_REQUIRED_CODE });
    }
    const change = (password: string, passwordNew: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/me/password',
        headers: bearer(token),
        payload: { password, passwordNew, passwordNewConfirm: passwordNew },
      });
    expect((await change('Faux12345', STRONG)).json()).toEqual({ code: 'CURRENT_PASSWORD_WRONG', message: MESSAGES.currentPasswordWrong });
    const weak = await change(notary.password, 'Tilleul42');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/80 bits de robustesse.*le vôtre en atteint \d+/);
    const done = await change(notary.password, STRONG);
    expect(done.statusCode).toBe(200);
    const fresh = bearer(done.json().token);
    // The old token is spent (password version); the new one sets the second factor up, then reaches the files.
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/mine', headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/mine', headers: fresh })).json().code).toBe(
      SECOND_FACTOR_ERROR_CODES.setupRequired,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: fresh })).json().passwordChangeRequired).toBe(false);
    const enrolled = bearer((await enrolTotp(t, notary.email, done.json().token)).json<{ token: string }>().token);
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/mine', headers: enrolled })).statusCode).toBe(200);
  });

  it('checks the session gates in order: the code owed, then a stronger password, then the second factor’s setup', async () => {
    const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const post = (url: string, token: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    // A notary with a weak password and no factor yet: the password first, even on the setup's routes.
    const notary = await t.createUser({ isNotary: true, notaryOfficeId: 1, password: 'Lanterne123' });
    const held = await t.tokenFor(notary.email, notary.password);
    expect((await get('/api/users/me', held)).statusCode).toBe(200);
    for (const [url, payload] of [
      ['/api/auth/second-factor/totp/setup', {}],
      ['/api/auth/second-factor/verify', { code: '123456' }],
      ['/api/auth/reauthenticate', { password: notary.password }],
    ] as const) {
      expect((await post(url, held, payload)).json().code, url).toBe(PASSWORD_CHANGE_REQUIRED_CODE);
    }
    // A client with a factor and a weak password, made notary: signing in from a new device, only the code step answers.
    const client = await t.signedInUser({ password: 'Tilleul42' });
    expect((await enrolTotp(t, client.email, client.headers.authorization.slice(7))).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/user/toggleStatus',
      headers: admin.headers,
      payload: { id: client.id, data: '1', action: 'notary' },
    });
    const partial = (
      await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { login: client.email, password: client.password } })
    ).json().token;
    expect((await get('/api/users/me', partial)).json().code).toBe(SECOND_FACTOR_ERROR_CODES.required);
    const change = { password: client.password, passwordNew: STRONG, passwordNewConfirm: STRONG };
    expect((await post('/api/users/me/password', partial, change)).json().code).toBe(SECOND_FACTOR_ERROR_CODES.required);
    t.clock.advance(30_000); // the enrolment's code is spent: the next step's
    const verified = await post('/api/auth/second-factor/verify', partial, { code: t.totpCode(client.email) });
    expect(verified.statusCode).toBe(200);
    // Once in, the stronger password.
    expect((await get('/api/projects/mine', verified.json().token)).json().code).toBe(PASSWORD_CHANGE_REQUIRED_CODE);
    expect((await post('/api/users/me/password', verified.json().token, change)).statusCode).toBe(200);
  });

  it('lets a notary or an admin with a strong password through, and never holds a client', async () => {
    const notary = await t.signedInUser({ isNotary: true, notaryOfficeId: 1, password: STRONG });
    const otherAdmin = await t.signedInUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'], password: STRONGER });
    const client = await t.signedInUser({ password: 'Tilleul42' });
    for (const who of [notary, otherAdmin, client]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/projects/mine', headers: who.headers })).statusCode).toBe(200);
    }
  });

  it('holds a client an admin made notary at once, and at the next sign-in, until a strong password is set', async () => {
    const client = await t.signedInUser({ password: 'Tilleul42' });
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/mine', headers: client.headers })).statusCode).toBe(200);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/user/toggleStatus',
      headers: admin.headers,
      payload: { id: client.id, data: '1', action: 'notary' },
    });
    expect(made.statusCode).toBe(200);
    // The password was found weak at its sign-in: the running session is held at once.
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/mine', headers: client.headers })).json().code).toBe(
      PASSWORD_CHANGE_REQUIRED_CODE,
    );
    const token = await t.tokenFor(client.email, client.password);
    const held = await t.app.inject({ method: 'GET', url: '/api/projects/mine', headers: bearer(token) });
    expect(held.statusCode).toBe(403);
    expect(held.json().code).toBe(PASSWORD_CHANGE_REQUIRED_CODE);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: bearer(token),
      payload: { password: client.password, passwordNew: STRONGER, passwordNewConfirm: STRONGER },
    });
    expect(done.statusCode).toBe(200);
    const enrolled = bearer((await enrolTotp(t, client.email, done.json().token)).json<{ token: string }>().token);
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/mine', headers: enrolled })).statusCode).toBe(200);
  });

  it('holds an admin promoted with a weak password too, and lets the admin set a strong one for them', async () => {
    const client = await t.createUser({ password: 'Tilleul42' });
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/user/toggleStatus',
      headers: admin.headers,
      payload: { id: client.id, data: '1', action: 'admin' },
    });
    const token = await t.tokenFor(client.email, client.password);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(token) })).json().code).toBe(
      PASSWORD_CHANGE_REQUIRED_CODE,
    );
    // An admin setting their password applies the staff rule of the account it is for.
    const weak = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${client.id}`,
      headers: admin.headers,
      payload: { passwordNew: 'Tilleul43', passwordNewConfirm: 'Tilleul43' },
    });
    expect(weak.statusCode).toBe(400);
    const strong = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${client.id}`,
      headers: admin.headers,
      payload: { passwordNew: STRONG, passwordNewConfirm: STRONG },
    });
    expect(strong.statusCode).toBe(200);
    const again = await t.tokenFor(client.email, STRONG);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(again) })).statusCode).toBe(200);
  });

  it('answers 400 in French to a change with missing or mismatched fields, and 401 without a session', async () => {
    const user = await t.signedInUser();
    const post = (payload: unknown, headers: Record<string, string> = user.headers) =>
      t.app.inject({ method: 'POST', url: '/api/users/me/password', headers, payload: payload as object });
    expect((await post({ passwordNew: STRONG, passwordNewConfirm: STRONG })).json().message).toContain(MESSAGES.currentPasswordRequired);
    expect((await post({ password: user.password, passwordNew: STRONG, passwordNewConfirm: STRONGER })).json()).toMatchObject({
      message: MESSAGES.newPasswordMismatch,
    });
    expect((await post({ password: user.password, passwordNew: 'court', passwordNewConfirm: 'court' })).json()).toMatchObject({
      message: MESSAGES.passwordHint,
    });
    expect((await post({ password: user.password, passwordNew: STRONG, passwordNewConfirm: STRONG }, {})).statusCode).toBe(401);
  });
});
