import { MESSAGES } from '@notadoo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';

const signupPayload = (email: string) => ({
  login: email,
  email,
  password: 'Lanterne123',
  passwordConfirm: 'Lanterne123',
  firstName: 'Léa',
  lastName: 'Moreau',
  intermediary: 'no',
});

/** The link of the last mail sent to `to`. */
function lastLink(t: TestApp, to: string): string {
  const mail = t.mails.filter((m) => m.to === to).at(-1);
  if (!mail?.link) throw new Error(`no mail with a link for ${to}`);
  return mail.link;
}

describe.each(BACKENDS)('accounts on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  describe('signup', () => {
    it('creates the account, answers a token and mails a confirmation link', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/signup', payload: signupPayload('Lea.Moreau@Exemple.fr') });
      expect(res.statusCode).toBe(201);
      const { token } = res.json();
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
      expect(me.json()).toMatchObject({
        email: 'lea.moreau@exemple.fr',
        firstName: 'Léa',
        roles: ['ROLE_USER'],
        isEmailConfirmed: false,
        needsRoleChange: false,
        notary_office: null,
      });
      expect(me.json().lastConnectionDate).not.toBeNull();
      const link = lastLink(t, 'lea.moreau@exemple.fr');
      expect(link).toMatch(/^http:\/\/app\.test\/email\/confirm\?token=[\w-]+&email=lea.moreau%40exemple.fr$/);
      expect(t.mails.at(-1)!.subject).toBe('Confirmez votre adresse email');
    });

    it('answers 403 with the spec message when the e-mail is taken, whatever its case', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/signup', payload: signupPayload('LEA.MOREAU@exemple.fr') });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'EMAIL_TAKEN', message: 'Un utilisateur existe déjà avec cette adresse email.' });
    });

    it('records an intermediary request as a pending role change', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/signup',
        payload: { ...signupPayload('agent.immo@exemple.fr'), intermediary: 'yes' },
      });
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(res.json().token) });
      expect(me.json()).toMatchObject({ needsRoleChange: true, isPro: false });
    });

    it.each([
      [
        'a 6-character password',
        { password: 'abcde1', passwordConfirm: 'abcde1' },
        'Votre mot de passe doit contenir au moins 6 caractères et 1 chiffre.',
      ],
      [
        'a password without digit',
        { password: 'abcdefgh', passwordConfirm: 'abcdefgh' },
        'Votre mot de passe doit contenir au moins 6 caractères et 1 chiffre.',
      ],
      ['a confirmation that differs', { passwordConfirm: 'Lanterne124' }, "Vous n'avez pas saisi le même mot de passe"],
      ['a malformed e-mail', { email: 'pas-un-email' }, "L'adresse email n'est pas valide."],
      ['a missing first name', { firstName: undefined }, 'Le champ prénom est requis.'],
    ])('refuses %s with 400 and a French message', async (_label, change, message) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/signup',
        payload: { ...signupPayload('refus@exemple.fr'), ...change },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });

    it('accepts a 7-character password with a digit', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/signup',
        payload: { ...signupPayload('sept@exemple.fr'), password: 'Lapin42', passwordConfirm: 'Lapin42' },
      });
      expect(res.statusCode).toBe(201);
    });
  });

  describe('login', () => {
    it('accepts the form login of the spec and answers a token', async () => {
      const user = await t.createUser();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `login=${encodeURIComponent(user.email)}&password=${user.password}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    });

    it('answers 401 with the spec message on a wrong password or unknown e-mail', async () => {
      const user = await t.createUser();
      for (const payload of [
        { login: user.email, password: 'Mauvais123' },
        { login: 'inconnu@exemple.fr', password: 'Lanterne123' },
      ]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: 'LOGIN_FAILED', message: 'Impossible de se connecter. Merci de vérifier vos identifiants.' });
      }
    });

    it('answers 401 for an inactive account even with the right password', async () => {
      const user = await t.createUser({ isActive: false });
      const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { login: user.email, password: user.password } });
      expect(res.statusCode).toBe(401);
    });

    it('moves the last connection date to previousConnectionDate at each login', async () => {
      const user = await t.createUser();
      await t.tokenFor(user.email, user.password);
      const first = (
        await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(await t.tokenFor(user.email, user.password)) })
      ).json();
      expect(first.previousConnectionDate).not.toBeNull();
      expect(first.lastConnectionDate).not.toBeNull();
    });
  });

  describe('tokens', () => {
    it('expires a session token after 12 hours with "Expired JWT Token", a remember-me one after 30 days', async () => {
      const user = await t.createUser();
      const session = await t.tokenFor(user.email, user.password);
      const remembered = (
        await t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { login: user.email, password: user.password, remember: 'yes' },
        })
      ).json().token;
      const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });

      t.clock.advance(12 * 3600_000 + 1000);
      const expired = await me(session);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ code: 'EXPIRED_TOKEN', message: 'Expired JWT Token' });
      expect((await me(remembered)).statusCode).toBe(200);

      t.clock.advance(30 * 24 * 3600_000);
      expect((await me(remembered)).json()).toEqual({ code: 'EXPIRED_TOKEN', message: 'Expired JWT Token' });
    });

    it('refuses a missing, forged or tampered token with 401', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
      const user = await t.createUser();
      const token = await t.tokenFor(user.email, user.password);
      const [h, p, s] = token.split('.');
      const tampered = `${h}.${Buffer.from(JSON.stringify({ sub: '1', pwv: 1, exp: 4e9 })).toString('base64url')}.${s}`;
      for (const bad of [tampered, 'abc.def.ghi', `${h}.${p}.`]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(bad) });
        expect(res.statusCode).toBe(401);
      }
    });

    it('stops accepting a token once the account is deactivated', async () => {
      const user = await t.createUser();
      const token = await t.tokenFor(user.email, user.password);
      const { users } = await import('../../db/schema');
      const { eq } = await import('drizzle-orm');
      await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(401);
    });
  });

  describe('password reset', () => {
    it('always gives the same answer, and mails a single-use link only to an existing account', async () => {
      const user = await t.createUser({ firstName: 'Paul' });
      const sent = t.mails.length;
      const unknown = await t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { email: 'personne@exemple.fr' } });
      const known = await t.app.inject({
        method: 'POST',
        url: '/api/users/reset/password',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `email=${encodeURIComponent(user.email)}`,
      });
      expect(unknown.statusCode).toBe(200);
      expect(known.statusCode).toBe(200);
      expect(unknown.json().message).toBe("Un email de confirmation vous a été envoyé à l'adresse personne@exemple.fr");
      expect(t.mails.length).toBe(sent + 1);
      expect(t.mails.at(-1)!.text).toContain('Bonjour Paul');

      const token = lastLink(t, user.email).split('/reset/password/')[1]!;
      const oldToken = await t.tokenFor(user.email, user.password);
      const set = await t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { password: 'Nouveau456', token } });
      expect(set.statusCode).toBe(200);
      expect(set.json().message).toBe('Opération réussie, vous pouvez dès maintenant vous connecter avec votre nouveau mot de passe.');

      await expect(t.tokenFor(user.email, user.password)).rejects.toThrow();
      await t.tokenFor(user.email, 'Nouveau456');
      const stale = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(oldToken) });
      expect(stale.json()).toEqual({ code: 'EXPIRED_TOKEN', message: 'Expired JWT Token' });

      const again = await t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { password: 'Toujours789', token } });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe("Une erreur s'est produite. Le délais du lien de confirmation est peut être dépassé.");
    });

    it('refuses a link older than one hour', async () => {
      const user = await t.createUser();
      await t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { email: user.email } });
      const token = lastLink(t, user.email).split('/reset/password/')[1]!;
      t.clock.advance(60 * 60_000 + 1000);
      const res = await t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { password: 'Nouveau456', token } });
      expect(res.statusCode).toBe(400);
      await t.tokenFor(user.email, user.password);
    });

    it('applies the password rule to the new password', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { password: 'court', token: 'x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Votre mot de passe doit contenir au moins 6 caractères et 1 chiffre.');
    });
  });

  describe('e-mail confirmation', () => {
    it('confirms with the mailed link, and a second click still succeeds', async () => {
      const email = 'confirme@exemple.fr';
      const { token: session } = (await t.app.inject({ method: 'POST', url: '/api/users/signup', payload: signupPayload(email) })).json();
      const link = new URL(lastLink(t, email));
      const payload = { email: link.searchParams.get('email'), token: link.searchParams.get('token') };
      const first = await t.app.inject({ method: 'POST', url: '/api/users/email/confirm', payload });
      expect(first.statusCode).toBe(200);
      expect(first.json().message).toBe('Votre adresse email a été confirmée avec succès.');
      expect((await t.app.inject({ method: 'POST', url: '/api/users/email/confirm', payload })).statusCode).toBe(200);
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(session) });
      expect(me.json().isEmailConfirmed).toBe(true);
    });

    it("refuses a wrong token, or another user's token", async () => {
      const a = 'conf-a@exemple.fr';
      const b = await t.createUser({ isEmailConfirmed: false });
      await t.app.inject({ method: 'POST', url: '/api/users/signup', payload: signupPayload(a) });
      const tokenA = new URL(lastLink(t, a)).searchParams.get('token');
      for (const payload of [
        { email: a, token: 'faux' },
        { email: b.email, token: tokenA },
      ]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/users/email/confirm', payload });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Impossible de confirmer votre adresse email.');
      }
      // The link used by the wrong user was not spent: its owner can still use it.
      const own = await t.app.inject({ method: 'POST', url: '/api/users/email/confirm', payload: { email: a, token: tokenA } });
      expect(own.statusCode).toBe(200);
    });

    it('resends a confirmation to an unconfirmed account only, with the same answer for all', async () => {
      const pending = await t.createUser({ isEmailConfirmed: false });
      const done = await t.createUser({ isEmailConfirmed: true });
      const sent = t.mails.length;
      for (const email of [pending.email, done.email, 'absent@exemple.fr']) {
        const res = await t.app.inject({ method: 'POST', url: '/api/users/email/resendConfirm', payload: { email } });
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe('Merci ! Un email vous a été envoyé...');
      }
      expect(t.mails.slice(sent).map((m) => m.to)).toEqual([pending.email]);
    });
  });
});

/** A reset link is good once, and only until the password is set again by any means. */
describe.each(BACKENDS)('reset links after a password change on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // Many links for one address: the per-address limit of mails is not what is tested here.
    t = await buildTestApp(backend, {
      rateLimits: { mailPerIp: { max: 1000, windowMs: 60_000 }, mailPerEmail: { max: 1000, windowMs: 60_000 } },
    });
  });
  afterAll(() => t.close());

  const FAILED = "Une erreur s'est produite. Le délais du lien de confirmation est peut être dépassé.";
  async function resetLink(email: string): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { email } });
    expect(res.statusCode).toBe(200);
    return lastLink(t, email).split('/reset/password/')[1]!;
  }
  const setPassword = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { password, token } });
  const canLogin = async (email: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { login: email, password } })).statusCode === 200;

  it('refuses an older link once a newer one was used, and a used link a second time', async () => {
    const user = await t.createUser();
    const older = await resetLink(user.email);
    const newer = await resetLink(user.email);
    expect((await setPassword(newer, 'Nouveau456')).statusCode).toBe(200);

    const stale = await setPassword(older, 'Corsaire789');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ code: 'MAIL_LINK_INVALID', message: FAILED });
    const twice = await setPassword(newer, 'Corsaire789');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ code: 'MAIL_LINK_INVALID', message: FAILED });
    expect(await canLogin(user.email, 'Nouveau456')).toBe(true);
    expect(await canLogin(user.email, 'Corsaire789')).toBe(false);
  });

  it('refuses a newer link once an older one was used, and accepts a link asked for afterwards', async () => {
    const user = await t.createUser();
    const older = await resetLink(user.email);
    const newer = await resetLink(user.email);
    expect((await setPassword(older, 'Nouveau456')).statusCode).toBe(200);
    expect((await setPassword(newer, 'Corsaire789')).statusCode).toBe(400);
    const later = await resetLink(user.email);
    expect((await setPassword(later, 'Toujours789')).statusCode).toBe(200);
    expect(await canLogin(user.email, 'Toujours789')).toBe(true);
  });

  it('refuses a link mailed before the password was changed in the profile', async () => {
    const user = await t.createUser();
    const link = await resetLink(user.email);
    const session = bearer(await t.tokenFor(user.email, user.password));
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: session,
      payload: { password: user.password, passwordNew: 'Profil456', passwordNewConfirm: 'Profil456' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await setPassword(link, 'Corsaire789')).json()).toEqual({ code: 'MAIL_LINK_INVALID', message: FAILED });
    expect(await canLogin(user.email, 'Profil456')).toBe(true);
  });

  it('lets only one of two links used at the same time set the password', async () => {
    const user = await t.createUser();
    const first = await resetLink(user.email);
    const second = await resetLink(user.email);
    const answers = await Promise.all([setPassword(first, 'Primevere456'), setPassword(second, 'Deuxieme456')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0].statusCode === 200 ? 'Primevere456' : 'Deuxieme456';
    expect(await canLogin(user.email, winner)).toBe(true);
  });
});

describe.each(BACKENDS)('rate limits on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, {
      rateLimits: { loginFailuresPerAccountAndIp: { max: 3, windowMs: 60_000 }, mailPerEmail: { max: 2, windowMs: 60_000 } },
    });
  });
  afterAll(() => t.close());

  it('answers 429 after too many failed logins on one account from one address, and lets them through after the window', async () => {
    const user = await t.createUser();
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/users/login', payload: { login: user.email, password: 'Mauvais123' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MESSAGES.loginLocked(1));
    expect(blocked.headers['retry-after']).toBe('60');
    t.clock.advance(61_000);
    expect((await attempt()).statusCode).toBe(401);
  });

  it('limits reset requests per e-mail without sending more mails', async () => {
    const user = await t.createUser();
    const sent = t.mails.length;
    const codes = [];
    for (let i = 0; i < 3; i += 1) {
      codes.push((await t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { email: user.email } })).statusCode);
    }
    expect(codes).toEqual([200, 200, 429]);
    expect(t.mails.length).toBe(sent + 2);
  });
});
