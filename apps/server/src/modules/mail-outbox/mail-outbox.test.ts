import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../mail/mailer';
import { DEFAULT_OUTBOX_SETTINGS } from '../../mail/outbox-worker';
import { BACKENDS, bearer, buildTestApp, testConfig, type TestApp } from '../../../test/test-app';

/** A mail server stand-in that refuses some addresses for good and is unreachable for others, as told. */
function createControllableMailer() {
  const delivered: MailMessage[] = [];
  const refused = new Set<string>();
  const unreachable = new Set<string>();
  return {
    delivered,
    refused,
    unreachable,
    async send(message: MailMessage) {
      if (refused.has(message.to)) {
        throw Object.assign(
          new Error(`Can't send mail - all recipients were rejected: 550 5.1.1 <${message.to}>: Recipient address rejected`),
          {
            code: 'EENVELOPE',
            responseCode: 550,
          },
        );
      }
      if (unreachable.has(message.to)) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ESOCKET' });
      delivered.push(message);
    },
  };
}

const signup = (email: string) => ({
  login: email,
  email,
  password: 'Lanterne123',
  passwordConfirm: 'Lanterne123',
  firstName: 'Léa',
  lastName: 'Moreau',
  intermediary: 'no',
});

describe.each(BACKENDS)('mail outbox on %s', (backend) => {
  let t: TestApp;
  let mailer: ReturnType<typeof createControllableMailer>;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    mailer = createControllableMailer();
    t = await buildTestApp(backend, {
      mailer,
      // Short delays so retries happen while the test polls; a 3-second retry window.
      config: {
        ...testConfig,
        mailOutbox: { ...DEFAULT_OUTBOX_SETTINGS, pollIntervalMs: 50, retryFirstDelayMs: 50, retryMaxDelayMs: 200, retryWindowMs: 3000 },
      },
    });
    const a = await t.createUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    admin = await t.tokenFor(a.email, a.password);
    const u = await t.createUser();
    user = await t.tokenFor(u.email, u.password);
  });
  afterAll(() => t.close());

  const failedMails = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/mails${query}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    return res.json<{ items: Array<Record<string, unknown>>; total: number; page: number; perPage: number }>();
  };

  it('sends the confirmation mail of a signup through the outbox', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/signup', payload: signup('arrive@exemple.fr') });
    expect(res.statusCode).toBe(201);
    await expect.poll(() => mailer.delivered.filter((m) => m.to === 'arrive@exemple.fr').length).toBe(1);
    const sent = await failedMails('?status=sent');
    expect(sent.items.find((m) => m.recipient === 'arrive@exemple.fr')).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('marks a mail refused by the server as failed at once, and shows it to the admin with its error and attempts', async () => {
    mailer.refused.add('inconnu@exemple.fr');
    await t.app.inject({ method: 'POST', url: '/api/users/signup', payload: signup('inconnu@exemple.fr') });
    const page = await failedMails();
    expect(page).toMatchObject({ total: 1, page: 1, perPage: 20 });
    expect(page.items[0]).toMatchObject({
      recipient: 'inconnu@exemple.fr',
      subject: 'Confirmez votre adresse email',
      status: 'failed',
      attempts: 1,
      lastError: expect.stringContaining('550 5.1.1'),
      failedAt: expect.any(String),
    });
    expect(mailer.delivered.some((m) => m.to === 'inconnu@exemple.fr')).toBe(false);
  });

  it('retries a mail the server could not take, with growing delays, until it goes through', async () => {
    mailer.unreachable.add('patience@exemple.fr');
    await t.createUser({ email: 'patience@exemple.fr' });
    await t.app.inject({ method: 'POST', url: '/api/users/reset/password', payload: { email: 'patience@exemple.fr' } });
    const pending = async () => (await failedMails('?status=pending')).items.find((m) => m.recipient === 'patience@exemple.fr');
    await expect.poll(async () => (await pending())?.attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(await pending()).toMatchObject({
      status: 'pending',
      lastError: expect.stringContaining('ECONNREFUSED'),
      nextAttemptAt: expect.any(String),
    });
    mailer.unreachable.delete('patience@exemple.fr');
    await expect.poll(() => mailer.delivered.filter((m) => m.to === 'patience@exemple.fr').length, { timeout: 10_000 }).toBe(1);
    expect(mailer.delivered.at(-1)!.subject).toBe('Réinitialisation de votre mot de passe');
  });

  it('gives up on a mail that keeps failing once its retry window has passed', async () => {
    mailer.unreachable.add('jamais@exemple.fr');
    await t.app.inject({ method: 'POST', url: '/api/users/signup', payload: signup('jamais@exemple.fr') });
    await expect
      .poll(async () => (await failedMails()).items.find((m) => m.recipient === 'jamais@exemple.fr'), { timeout: 15_000, interval: 200 })
      .toMatchObject({ status: 'failed', lastError: expect.stringContaining('ECONNREFUSED') });
    const failed = (await failedMails()).items.find((m) => m.recipient === 'jamais@exemple.fr')!;
    expect(failed.attempts as number).toBeGreaterThan(2);
  });

  it('lets the admin send a failed mail again, which then arrives', async () => {
    const failed = (await failedMails()).items.find((m) => m.recipient === 'inconnu@exemple.fr')!;
    mailer.refused.delete('inconnu@exemple.fr');
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/mails/${failed.id}/resend`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: failed.id, status: 'pending', attempts: 0 });
    await expect.poll(() => mailer.delivered.filter((m) => m.to === 'inconnu@exemple.fr').length).toBe(1);
    expect((await failedMails()).items.some((m) => m.id === failed.id)).toBe(false);

    const again = await t.app.inject({ method: 'POST', url: `/api/admin/mails/${failed.id}/resend`, headers: bearer(admin) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'Seul un mail en échec peut être envoyé à nouveau.' });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/mails/999999/resend', headers: bearer(admin) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: "Ce mail n'existe pas." });
  });

  it('pages the list in the database, newest first', async () => {
    for (const n of [1, 2, 3]) {
      mailer.refused.add(`refus${n}@exemple.fr`);
      await t.app.inject({ method: 'POST', url: '/api/users/signup', payload: signup(`refus${n}@exemple.fr`) });
    }
    const first = await failedMails('?perPage=2');
    expect(first.total).toBe(4);
    expect(first.items.map((m) => m.recipient)).toEqual(['refus3@exemple.fr', 'refus2@exemple.fr']);
    const second = await failedMails('?perPage=2&page=2');
    expect(second.items.map((m) => m.recipient)).toEqual(['refus1@exemple.fr', 'jamais@exemple.fr']);
  });

  it('deletes sent mails once past their retention, and keeps recent and failed ones', async () => {
    await t.app.inject({ method: 'POST', url: '/api/users/signup', payload: signup('ancien@exemple.fr') });
    await t.app.inject({ method: 'POST', url: '/api/users/signup', payload: signup('recent@exemple.fr') });
    await expect.poll(() => mailer.delivered.filter((m) => m.to === 'recent@exemple.fr' || m.to === 'ancien@exemple.fr').length).toBe(2);
    // Eight days ago, past the default retention of seven.
    await t.database.db.execute(sql`UPDATE mail_outbox SET sent_at = now() - interval '8 days' WHERE recipient = 'ancien@exemple.fr'`);
    const failedBefore = (await failedMails()).total;

    expect(await t.app.mailOutbox.purgeSent()).toBeGreaterThanOrEqual(1);
    const sent = (await failedMails('?status=sent&perPage=100')).items.map((m) => m.recipient);
    expect(sent).toContain('recent@exemple.fr');
    expect(sent).not.toContain('ancien@exemple.fr');
    expect((await failedMails()).total).toBe(failedBefore);
    expect(await t.app.mailOutbox.purgeSent()).toBe(0);
  });

  it('keeps the outbox to admins, and refuses bad paging with a French message', async () => {
    const asUser = await t.app.inject({ method: 'GET', url: '/api/admin/mails', headers: bearer(user) });
    expect(asUser.statusCode).toBe(403);
    const resendAsUser = await t.app.inject({ method: 'POST', url: '/api/admin/mails/1/resend', headers: bearer(user) });
    expect(resendAsUser.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/mails' });
    expect(anonymous.statusCode).toBe(401);
    for (const query of ['?page=0', '?page=abc', '?perPage=1000', '?status=lost']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/mails${query}`, headers: bearer(admin) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(/page|statut/);
    }
    const badId = await t.app.inject({ method: 'POST', url: '/api/admin/mails/abc/resend', headers: bearer(admin) });
    expect(badId.statusCode).toBe(400);
  });
});
