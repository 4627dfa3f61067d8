import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { users } from '../db/schema';
import { createMailer } from '../mail/mailer';
import { redactUrl } from './log-redaction';

/** Issue 9, item 7: what the logs print, captured from the app's own logger. */
describe('secrets in logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  const logs = () => lines.join('');
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await buildTestApp('pglite', { logger: { level: 'info', stream } });
  });
  afterAll(() => t.close());

  it('hides download, reset and invitation tokens in request URL logs', async () => {
    await t.app.inject({ method: 'GET', url: '/api/get_file/12/0/jeton-de-fichier-secret' });
    await t.app.inject({ method: 'GET', url: '/api/get_pdf/12/jeton-de-pdf-secret' });
    await t.app.inject({ method: 'GET', url: '/reset/password/jeton-de-reinitialisation-secret' });
    await t.app.inject({ method: 'GET', url: '/signup?invitation=jeton-invitation-secret&email=a%40b.fr' });
    expect(logs()).toContain('/api/get_file/12/0/[masqué]');
    expect(logs()).toContain('invitation=[masqué]');
    expect(logs()).not.toMatch(/jeton-(de-fichier|de-pdf|de-reinitialisation|invitation)-secret/);
  });

  it('writes one line per request, when it ends, with its status and duration', async () => {
    const before = lines.length;
    await t.app.inject({ method: 'GET', url: '/api/site?x=1' });
    const logged = lines
      .slice(before)
      .map(
        (line) =>
          JSON.parse(line) as { msg: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number },
      );
    const requestLines = logged.filter((line) => line.req);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/site?x=1' },
      res: { statusCode: 200 },
    });
    expect(requestLines[0]!.responseTime).toBeGreaterThan(0);
  });

  it('logs a database error without its SQL parameters nor the values it quotes', async () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$hash-secret-du-test';
    const [existing] = await t.database.db.select({ email: users.email }).from(users).limit(1);
    const email = existing?.email ?? (await t.createUser()).email;
    const error = await t.database.db
      .insert(users)
      .values({ email, firstName: 'A', lastName: 'B', passwordHash: hash })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    t.app.log.error({ err: error }, 'unexpected error');
    const logged = lines.at(-1)!;
    expect(logged).toContain('unexpected error');
    expect(logged).toContain('Failed query: insert into');
    expect(logged).toContain('duplicate key value');
    expect(logged).not.toContain('hash-secret-du-test');
    expect(logged).not.toContain(email);
  });

  it('redacts the URL forms the server sees', () => {
    expect(redactUrl('/api/get_pdf/3/abc.def?x=1')).toBe('/api/get_pdf/3/[masqué]?x=1');
    expect(redactUrl('/email/confirm?token=abc&email=a%40b.fr')).toBe('/email/confirm?token=[masqué]&email=a%40b.fr');
    expect(redactUrl('/api/projects/mine')).toBe('/api/projects/mine');
  });
});

describe('mail links in logs', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'notadoo-mail-log-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const message = {
    to: 'a@exemple.fr',
    subject: 'Réinitialisation',
    text: 't',
    html: '<p>t</p>',
    link: 'http://app.test/reset/password/jeton-secret',
  };

  it('prints the link of a written mail outside production only', async () => {
    const printed: string[] = [];
    const log = { info: (m: string) => void printed.push(m) };
    await createMailer({ smtpUrl: undefined, from: 'x@y.fr', mailDir: dir, log, logLinks: false }).send(message);
    await createMailer({ smtpUrl: undefined, from: 'x@y.fr', mailDir: dir, log, logLinks: true }).send(message);
    expect(printed[0]).not.toContain('jeton-secret');
    expect(printed[1]).toContain('jeton-secret');
  });
});
