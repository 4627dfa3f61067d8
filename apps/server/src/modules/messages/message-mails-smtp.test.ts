import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/server-process';
import { createTestSmtpServer } from '../../../test/smtp-test-server';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createMailer } from '../../mail/mailer';

/**
 * The batched "messages waiting" mail through the outbox to a real SMTP
 * server on 127.0.0.1: three messages within the minute make one mail, which
 * carries the link and none of their text (escaped or not).
 */
describe('message mails through a real SMTP server', () => {
  let t: TestApp;
  let smtp: ReturnType<typeof createTestSmtpServer>;

  beforeAll(async () => {
    smtp = createTestSmtpServer(await freePort());
    await smtp.up();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Notadoo <no-reply@notadoo.fr>',
      mailDir: '/nonexistent',
      log: { info: () => undefined },
    });
    t = await buildTestApp('pglite', { mailer });
  });
  afterAll(async () => {
    await t.close();
    await smtp.down();
  });

  it('sends one mail for three messages within a minute, without their content', async () => {
    const client = await t.signedInUser({ firstName: 'Claire', lastName: 'Dubois' });
    const notary = await t.signedInUser({ isNotary: true, notaryOfficeId: 1 });
    const inject = (headers: Record<string, string>, method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
    const projectId = (
      await inject(client.headers, 'POST', '/project', { name: 'Vente <Dubois> & fils', type: 'realty', subtype: 'house', role: 'seller' })
    ).json().id as number;
    expect((await inject(client.headers, 'PATCH', `/project/${projectId}`, { office: 1 })).statusCode).toBe(200);
    const pid = (await inject(client.headers, 'GET', `/project/${projectId}`)).json().participants[0].id as number;
    for (const text of ['Votre acte <script>alert(1)</script>', 'Le prix est confirmé.', 'Rendez-vous jeudi.']) {
      const res = await inject(notary.headers, 'POST', `/project/${projectId}/threads/private-${pid}/messages`, { text });
      expect(res.statusCode, res.body).toBe(201);
      t.clock.advance(15_000);
    }
    t.clock.advance(20_000);
    expect(await t.app.messageMails.runNow()).toBe(1);
    await t.app.mailOutbox.drain();
    await expect.poll(() => smtp.receivedFor(client.email).length, { timeout: 10_000 }).toBe(1);
    // Nothing more on a second pass: the batch is spent.
    t.clock.advance(120_000);
    expect(await t.app.messageMails.runNow()).toBe(0);
    // The parts are quoted-printable: read them decoded.
    const qp = smtp
      .receivedFor(client.email)[0]!
      .raw.replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const raw = Buffer.from(qp, 'latin1').toString('utf8');
    expect(raw).toContain(`/project/${projectId}/dashboard?tab=messages`);
    expect(raw).toContain('3 nouveaux messages');
    expect(raw).toContain('Vente &lt;Dubois&gt; &amp; fils');
    for (const secret of ['script', 'alert', 'prix est confirm', 'Rendez-vous']) expect(raw).not.toContain(secret);
    expect(smtp.receivedFor(notary.email)).toHaveLength(0);
  });
});
