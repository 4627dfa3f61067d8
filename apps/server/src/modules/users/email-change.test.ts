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
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: { login: email, password } });
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

  /** What an answer shows of the request, once what differs between two accounts (ids, addresses, dates, token) is set aside. */
  const shape = (body: Record<string, unknown>) => {
    const {
      id: _id,
      email: _email,
      username: _username,
      pendingEmail: _pending,
      createdAt: _c,
      lastConnectionDate: _l,
      previousConnectionDate: _p,
      token,
      ...rest
    } = body;
    return { ...rest, token: typeof token };
  };

  it('answers an address that has an account exactly as a free one, warns its owner, and changes neither account', async () => {
    const owner = await t.createUser({ email: 'deja.pris@exemple.fr', firstName: 'Odile' });
    const ownerSession = bearer(await t.tokenFor(owner.email, owner.password));
    const curious = await t.createUser({ email: 'curieux@exemple.fr', password: 'Curieux123' });
    const honest = await t.createUser({ email: 'honnete@exemple.fr' });
    const sent = t.mails.length;

    const free = await patch(honest.id, bearer(await t.tokenFor(honest.email, honest.password)), {
      email: 'libre@exemple.fr',
      password: honest.password,
    });
    const afterFree = t.mails.length;
    const taken = await patch(curious.id, bearer(await t.tokenFor(curious.email, curious.password)), {
      email: 'Deja.Pris@exemple.fr',
      password: curious.password,
    });
    expect(free.statusCode).toBe(200);
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.headers['content-type']).toBe(free.headers['content-type']);
    expect(taken.json()).toMatchObject({ email: 'curieux@exemple.fr', pendingEmail: 'deja.pris@exemple.fr' });
    expect(shape(taken.json())).toEqual(shape(free.json()));
    // Read back later, the profile still looks like that of a pending change.
    expect((await me(bearer(taken.json().token))).json()).toMatchObject({
      email: 'curieux@exemple.fr',
      pendingEmail: 'deja.pris@exemple.fr',
    });

    // The requester's own mailbox gets the same notice either way; the owner gets a warning without any link to confirm.
    expect(t.mails.slice(sent, afterFree).map((m) => [m.to, m.subject])).toEqual([
      ['libre@exemple.fr', 'Confirmez votre adresse email'],
      ['honnete@exemple.fr', 'Changement de votre adresse email'],
    ]);
    const mails = t.mails.slice(afterFree);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['deja.pris@exemple.fr', 'Tentative d’utilisation de votre adresse email'],
      ['curieux@exemple.fr', 'Changement de votre adresse email'],
    ]);
    expect(mails[0]!.text).toContain('Bonjour Odile');
    expect(mails[0]!.text).toContain('deja.pris@exemple.fr');
    expect(mails[0]!.text).not.toContain('curieux');
    expect(mails[0]!.link).toBe('http://app.test/login');

    // The owner keeps their address, password and session; the requester keeps theirs and cannot sign in with the owner's.
    expect((await me(ownerSession)).json()).toMatchObject({ email: 'deja.pris@exemple.fr', pendingEmail: null, isEmailConfirmed: true });
    expect((await login('deja.pris@exemple.fr', owner.password)).statusCode).toBe(200);
    expect((await login('deja.pris@exemple.fr', curious.password)).statusCode).toBe(401);
    expect((await login('curieux@exemple.fr', curious.password)).statusCode).toBe(200);
  });

  it('does not let a link mailed to an earlier new address confirm a later one', async () => {
    const u = await t.createUser({ email: 'premier@exemple.fr' });
    const first = await patch(u.id, bearer(await t.tokenFor(u.email, u.password)), { email: 'a-moi@exemple.fr', password: u.password });
    const link = new URL(t.mails.filter((m) => m.to === 'a-moi@exemple.fr').at(-1)!.link!);
    const second = await patch(u.id, bearer(first.json().token), { email: 'pas-a-moi@exemple.fr', password: u.password });
    expect(second.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/email/confirm',
      payload: { email: 'pas-a-moi@exemple.fr', token: link.searchParams.get('token') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'MAIL_LINK_INVALID', message: 'Impossible de confirmer votre adresse email.' });
    expect((await me(bearer(second.json().token))).json()).toMatchObject({
      email: 'premier@exemple.fr',
      pendingEmail: 'pas-a-moi@exemple.fr',
    });
  });

  const resendPending = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/users/email/resendPending', headers, payload: {} });

  it('mails the pending address its link again, one that confirms it, and says so when nothing is pending', async () => {
    const u = await t.createUser({ email: 'renvoi@exemple.fr' });
    const headers = bearer(await t.tokenFor(u.email, u.password));
    const none = await resendPending(headers);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ code: 'CONFLICT', message: "Aucun changement d'adresse email n'est en attente de confirmation." });

    const changed = await patch(u.id, headers, { email: 'renvoi.nouveau@exemple.fr', password: u.password });
    const fresh = bearer(changed.json().token);
    const sent = t.mails.length;
    const again = await resendPending(fresh);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ email: 'renvoi@exemple.fr', pendingEmail: 'renvoi.nouveau@exemple.fr' });
    expect(t.mails.slice(sent).map((m) => [m.to, m.subject])).toEqual([['renvoi.nouveau@exemple.fr', 'Confirmez votre adresse email']]);
    const link = new URL(t.mails.at(-1)!.link!);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/users/email/confirm',
      payload: { email: link.searchParams.get('email'), token: link.searchParams.get('token') },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await me(fresh)).json()).toMatchObject({ email: 'renvoi.nouveau@exemple.fr', pendingEmail: null });
    expect((await resendPending(fresh)).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/email/resendPending', payload: {} })).statusCode).toBe(401);
  });

  it('answers a resend for an address that has an account as for a free one, mailing nobody', async () => {
    const owner = await t.createUser({ email: 'occupee@exemple.fr' });
    const u = await t.createUser();
    const changed = await patch(u.id, bearer(await t.tokenFor(u.email, u.password)), { email: owner.email, password: u.password });
    const sent = t.mails.length;
    const again = await resendPending(bearer(changed.json().token));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ email: u.email, pendingEmail: 'occupee@exemple.fr' });
    expect(t.mails.length).toBe(sent);
  });

  it('cancels a pending change when the current address is sent back, and its link no longer confirms', async () => {
    const u = await t.createUser({ email: 'annule@exemple.fr' });
    const changed = await patch(u.id, bearer(await t.tokenFor(u.email, u.password)), {
      email: 'annule.nouveau@exemple.fr',
      password: u.password,
    });
    const link = new URL(t.mails.filter((m) => m.to === 'annule.nouveau@exemple.fr').at(-1)!.link!);
    const fresh = bearer(changed.json().token);
    const cancelled = await patch(u.id, fresh, { email: 'annule@exemple.fr' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ email: 'annule@exemple.fr', pendingEmail: null });
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/users/email/confirm',
      payload: { email: link.searchParams.get('email'), token: link.searchParams.get('token') },
    });
    expect(confirm.statusCode).toBe(400);
    expect((await me(fresh)).json()).toMatchObject({ email: 'annule@exemple.fr', pendingEmail: null });
  });

  it('tells an admin changing a user’s e-mail that the address is taken, and changes nothing', async () => {
    const admin = await t.createUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    const owner = await t.createUser();
    const u = await t.createUser();
    const sent = t.mails.length;
    const res = await patch(u.id, bearer(await t.tokenFor(admin.email, admin.password)), { email: owner.email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'EMAIL_TAKEN', message: 'Un utilisateur existe déjà avec cette adresse email.' });
    expect(t.mails.length).toBe(sent);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
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
