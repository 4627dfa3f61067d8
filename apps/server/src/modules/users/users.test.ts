import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';

describe.each(BACKENDS)('users on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const signedIn = (overrides: Parameters<TestApp['createUser']>[0] = {}) => t.signedInUser(overrides);

  it('answers the session fields of the spec on users/me, with the office', async () => {
    const notary = await signedIn({ isNotary: true, notaryOfficeId: 1 });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: notary.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: notary.id,
      roles: ['ROLE_USER'],
      isPro: false,
      isNotary: true,
      needsRoleChange: false,
      notary_office: { id: 1, city: 'Paris' },
    });
    expect(me.json()).not.toHaveProperty('passwordHash');
  });

  it('lets a user read themself, an admin read anyone, and refuses others with 403', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const admin = await signedIn({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${a.id}`, headers: a.headers })).json()).toMatchObject({
      id: a.id,
      scores: { EC: null },
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${a.id}`, headers: admin.headers })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: `/api/users/${a.id}`, headers: b.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Erreur/);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/999999', headers: admin.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/abc', headers: admin.headers })).statusCode).toBe(400);
  });

  it('updates names and e-mail; a new e-mail waits for its confirmation (email-change.test.ts)', async () => {
    const u = await signedIn();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.id}`,
      headers: u.headers,
      payload: { firstName: ' Anne ', lastName: 'Lefèvre', email: 'Anne.Lefevre@exemple.fr', password: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Anne', lastName: 'Lefèvre', email: u.email, pendingEmail: 'anne.lefevre@exemple.fr' });
    expect(t.mails.some((m) => m.to === 'anne.lefevre@exemple.fr' && m.subject === 'Confirmez votre adresse email')).toBe(true);
  });

  it('does not tell a user that an e-mail belongs to someone else: saved as for a free one, without taking it (email-change.test.ts)', async () => {
    const u = await signedIn();
    const other = await t.createUser();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.id}`,
      headers: u.headers,
      payload: { firstName: 'Zoé', email: other.email, password: u.password },
    });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(res.json().token) });
    expect(me.json()).toMatchObject({ email: u.email, pendingEmail: other.email, firstName: 'Zoé' });
  });

  it('changes the password only with the current one, and invalidates older tokens', async () => {
    const u = await signedIn();
    const missing = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.id}`,
      headers: u.headers,
      payload: { passwordNew: 'Nouveau123', passwordNewConfirm: 'Nouveau123' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Merci de renseigner le mot de passe actuel.');

    const wrong = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.id}`,
      headers: u.headers,
      payload: { password: 'Faux12345', passwordNew: 'Nouveau123', passwordNewConfirm: 'Nouveau123' },
    });
    expect(wrong.statusCode).toBe(400);

    const mismatch = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.id}`,
      headers: u.headers,
      payload: { password: u.password, passwordNew: 'Nouveau123', passwordNewConfirm: 'Nouveau124' },
    });
    expect(mismatch.json().message).toBe('Merci de confirmer votre nouveau mot de passe.');

    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.id}`,
      headers: u.headers,
      payload: { password: u.password, passwordNew: 'Nouveau123', passwordNewConfirm: 'Nouveau123' },
    });
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json().token as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: u.headers })).json()).toEqual({
      code: 'EXPIRED_TOKEN',
      message: 'Expired JWT Token',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(fresh) })).statusCode).toBe(200);
    await t.tokenFor(u.email, 'Nouveau123');
  });

  it('keeps the length of the session after a password change: 30 days with "Se souvenir de moi", a working day without', async () => {
    const lifetime = (token: string) => {
      const { exp, iat } = decodeJwt(token);
      return exp! - iat!;
    };
    for (const remember of [true, false]) {
      const u = await t.createUser();
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { login: u.email, password: u.password, remember },
      });
      const token = login.json().token as string;
      const changed = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${u.id}`,
        headers: bearer(token),
        payload: { password: u.password, passwordNew: 'Nouveau123', passwordNewConfirm: 'Nouveau123' },
      });
      expect(changed.statusCode).toBe(200);
      expect(lifetime(changed.json().token as string), `remember ${remember}`).toBe(lifetime(token));
      expect(lifetime(token)).toBe(remember ? 30 * 24 * 3600 : 12 * 3600);
    }
  });

  it('lets only an admin attach a user to an office, and edit another user', async () => {
    const u = await signedIn();
    const other = await signedIn();
    const admin = await signedIn({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    const self = await t.app.inject({ method: 'PATCH', url: `/api/users/${u.id}`, headers: u.headers, payload: { notaryOffice: 2 } });
    expect(self.statusCode).toBe(403);
    const byOther = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.id}`,
      headers: other.headers,
      payload: { firstName: 'Pirate' },
    });
    expect(byOther.statusCode).toBe(403);
    const unknownOffice = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.id}`,
      headers: admin.headers,
      payload: { notaryOffice: 999 },
    });
    expect(unknownOffice.statusCode).toBe(400);
    const byAdmin = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.id}`,
      headers: admin.headers,
      payload: { notaryOffice: 2, firstName: 'Marc' },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ firstName: 'Marc', notary_office: { id: 2, city: 'Lyon' } });
  });
});
