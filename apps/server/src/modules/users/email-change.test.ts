import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';

/** Issue 9, item 5: an e-mail change needs the password, tells the old address, and waits for the new one's confirmation. */
describe.each(BACKENDS)('changing the e-mail of an account on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const patch = (id: number, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers, payload });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/users/login', payload: { login: email, password } });
  const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/users/me', headers });

  it('refuses without the current password, or with a wrong one, in French, changing nothing', async () => {
    const u = await t.createUser();
    const headers = bearer(await t.tokenFor(u.email, u.password));
    const missing = await patch(u.id, headers, { email: 'voleur@exemple.fr' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Merci de renseigner votre mot de passe actuel pour changer votre adresse email.');
    const wrong = await patch(u.id, headers, { email: 'voleur@exemple.fr', password: 'Mauvais123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Le mot de passe actuel est incorrect.');
    expect((await me(headers)).json()).toMatchObject({ email: u.email, pendingEmail: null });
  });

  it('keeps the old address for logins and resets until the new one is confirmed, tells the old one, and ends the other sessions', async () => {
    const u = await t.createUser({ email: 'claire.ancienne@exemple.fr' });
    const otherSession = bearer(await t.tokenFor(u.email, u.password));
    const headers = bearer(await t.tokenFor(u.email, u.password));
    const sent = t.mails.length;
    const res = await patch(u.id, headers, { email: 'Claire.Nouvelle@exemple.fr', password: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'claire.ancienne@exemple.fr', pendingEmail: 'claire.nouvelle@exemple.fr' });
    const mails = t.mails.slice(sent);
    expect(mails.find((m) => m.to === 'claire.ancienne@exemple.fr')).toMatchObject({ subject: 'Changement de votre adresse email' });
    expect(mails.find((m) => m.to === 'claire.ancienne@exemple.fr')!.text).toContain('claire.nouvelle@exemple.fr');
    const confirmLink = new URL(mails.find((m) => m.to === 'claire.nouvelle@exemple.fr')!.link!);

    // Other sessions end; the answer's token keeps this one going.
    expect((await me(otherSession)).statusCode).toBe(401);
    expect((await me(headers)).statusCode).toBe(401);
    const fresh = bearer(res.json().token);
    expect((await me(fresh)).statusCode).toBe(200);

    // Until confirmed: the old address signs in and receives resets, the new one does neither.
    expect((await login('claire.ancienne@exemple.fr', u.password)).statusCode).toBe(200);
    expect((await login('claire.nouvelle@exemple.fr', u.password)).statusCode).toBe(401);
    const beforeReset = t.mails.length;
    await t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { email: 'claire.nouvelle@exemple.fr' } });
    await t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { email: 'claire.ancienne@exemple.fr' } });
    expect(t.mails.slice(beforeReset).map((m) => m.to)).toEqual(['claire.ancienne@exemple.fr']);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/users/email/confirm',
      payload: { email: confirmLink.searchParams.get('email'), token: confirmLink.searchParams.get('token') },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await me(fresh)).json()).toMatchObject({ email: 'claire.nouvelle@exemple.fr', pendingEmail: null, isEmailConfirmed: true });
    expect((await login('claire.nouvelle@exemple.fr', u.password)).statusCode).toBe(200);
    expect((await login('claire.ancienne@exemple.fr', u.password)).statusCode).toBe(401);
  });

  it('lets an admin change another user’s e-mail without that user’s password', async () => {
    const admin = await t.createUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    const u = await t.createUser();
    const res = await patch(u.id, bearer(await t.tokenFor(admin.email, admin.password)), { email: 'corrigee@exemple.fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: u.email, pendingEmail: 'corrigee@exemple.fr' });
    expect(res.json()).not.toHaveProperty('token');
  });
});
