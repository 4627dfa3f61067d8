import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, freePort, signInThroughSecondFactor, startServerProcess, type ServerProcess } from './server-process';
import { createTestSmtpServer } from './smtp-test-server';
import { createThrowAwayDatabase } from './test-app';

/**
 * The outbox of the real server process against a real SMTP server on
 * 127.0.0.1: nothing is lost when the SMTP server is down or the process is
 * killed, and nothing is sent twice.
 */

// Short delays so the tests stay fast; the defaults retry for 48 hours.
const FAST_RETRIES = {
  MAIL_POLL_INTERVAL_MS: '100',
  MAIL_RETRY_FIRST_DELAY_MS: '200',
  MAIL_RETRY_MAX_DELAY_MS: '500',
  MAIL_LEASE_MS: '2000',
};
const POLL = { timeout: 30_000, interval: 100 };
// Each test starts server processes: generous bounds for a loaded machine (not speed assertions).
const PROCESS_TEST = { timeout: 180_000 };

const signupPayload = (email: string) => ({
  login: email,
  email,
  password: 'Lanterne123',
  passwordConfirm: 'Lanterne123',
  firstName: 'Zoé',
  lastName: 'Lefèvre',
  intermediary: 'no',
});

async function signup(server: ServerProcess, email: string): Promise<void> {
  const res = await callApi(server, 'POST', '/users/signup', { body: signupPayload(email) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** The demo admin seeded outside production. */
async function adminToken(server: ServerProcess): Promise<string> {
  return signInThroughSecondFactor(server, 'admin@notadoo.fr', 'Notadoo-Admin-2026!');
}

async function outbox(
  server: ServerProcess,
  token: string,
  status: 'pending' | 'sent' | 'failed',
): Promise<Array<Record<string, unknown>>> {
  const res = await callApi<{ items: Array<Record<string, unknown>> }>(server, 'GET', `/admin/mails?status=${status}&perPage=100`, {
    token,
  });
  expect(res.status).toBe(200);
  return res.body.items;
}

describe('mail outbox of the server process, with a real SMTP server', PROCESS_TEST, () => {
  let dataDir: string;
  let smtp: ReturnType<typeof createTestSmtpServer>;
  let server: ServerProcess | undefined;
  let env: Record<string, string> & { DATA_DIR: string };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'notadoo-outbox-'));
    smtp = createTestSmtpServer(await freePort());
    env = { ...FAST_RETRIES, DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await smtp.down();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers the confirmation of a signup made while the SMTP server was down, once it is up', async () => {
    server = await startServerProcess(env);
    await signup(server, 'patience@exemple.fr');
    const token = await adminToken(server);
    await expect
      .poll(async () => (await outbox(server!, token, 'pending')).find((m) => m.recipient === 'patience@exemple.fr')?.attempts, POLL)
      .toBeGreaterThanOrEqual(1);

    await smtp.up();
    await expect.poll(() => smtp.receivedFor('patience@exemple.fr').length, POLL).toBe(1);
    const mail = smtp.receivedFor('patience@exemple.fr')[0]!;
    expect(mail.raw).toMatch(/^Subject: Confirmez votre adresse email$/m);
    expect(mail.raw).toContain('/email/confirm');
    expect((await outbox(server, token, 'sent')).find((m) => m.recipient === 'patience@exemple.fr')).toMatchObject({ status: 'sent' });
  });

  it('ends a mail to an address the SMTP server refuses as failed at once, shown to the admin, who can send it again', async () => {
    smtp.refused.add('inconnu@exemple.fr');
    await signup(server!, 'inconnu@exemple.fr');
    const token = await adminToken(server!);
    await expect
      .poll(async () => (await outbox(server!, token, 'failed')).find((m) => m.recipient === 'inconnu@exemple.fr'), POLL)
      .toMatchObject({
        subject: 'Confirmez votre adresse email',
        attempts: 1,
        lastError: expect.stringContaining('550'),
      });
    expect(smtp.receivedFor('inconnu@exemple.fr')).toHaveLength(0);

    smtp.refused.delete('inconnu@exemple.fr');
    const failed = (await outbox(server!, token, 'failed')).find((m) => m.recipient === 'inconnu@exemple.fr')!;
    expect((await callApi(server!, 'POST', `/admin/mails/${failed.id}/resend`, { token })).status).toBe(200);
    await expect.poll(() => smtp.receivedFor('inconnu@exemple.fr').length, POLL).toBe(1);
  });

  it('sends a mail once when the process is killed (SIGKILL) in the middle of sending it and restarted', async () => {
    smtp.hold(true);
    await signup(server!, 'interrompu@exemple.fr');
    // The SMTP server has the message but never says it accepted it...
    await expect.poll(() => smtp.held.filter((m) => m.to.includes('interrompu@exemple.fr')).length, POLL).toBe(1);
    // ...when the process dies.
    await server!.stop('SIGKILL');
    smtp.hold(false);

    server = await startServerProcess(env);
    // Its claim runs out and the restarted process sends it.
    await expect.poll(() => smtp.receivedFor('interrompu@exemple.fr').length, POLL).toBe(1);
    const token = await adminToken(server);
    await expect
      .poll(async () => (await outbox(server!, token, 'sent')).find((m) => m.recipient === 'interrompu@exemple.fr'), POLL)
      .toMatchObject({
        attempts: 2,
      });
    // Sent is final: nothing is left to send, so the mail arrived exactly once.
    expect(await outbox(server, token, 'pending')).toEqual([]);
    expect(smtp.receivedFor('interrompu@exemple.fr')).toHaveLength(1);
  });

  it('sends a mail once when the process is killed right after a signup and restarted', async () => {
    await signup(server!, 'brutal@exemple.fr');
    await server!.stop('SIGKILL');
    server = await startServerProcess(env);
    const token = await adminToken(server);
    await expect.poll(async () => (await outbox(server!, token, 'sent')).some((m) => m.recipient === 'brutal@exemple.fr'), POLL).toBe(true);
    expect(await outbox(server, token, 'pending')).toEqual([]);
    expect(smtp.receivedFor('brutal@exemple.fr')).toHaveLength(1);
  });

  it('shuts down cleanly on SIGTERM', async () => {
    await server!.stop('SIGTERM');
    expect(server!.output()).toContain('SIGTERM reçu : arrêt du serveur.');
    server = undefined;
  });
});

describe('mail outbox without SMTP (development)', PROCESS_TEST, () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'notadoo-outbox-dev-'));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes each mail to DATA_DIR/mail through the outbox and logs its subject and link', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir });
    await signup(server, 'local@exemple.fr');
    const mailDir = path.join(dataDir, 'mail');
    const files = async () => (await readdir(mailDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
    await expect.poll(files, POLL).toHaveLength(1);
    const raw = await readFile(path.join(mailDir, (await files())[0]!), 'utf8');
    expect(raw).toContain('To: local@exemple.fr');
    await expect
      .poll(() => server!.output(), POLL)
      .toMatch(/Mail « Confirmez votre adresse email » pour local@exemple\.fr : http:\/\/127\.0\.0\.1:\d+\/email\/confirm\?/);
    const token = await adminToken(server);
    expect((await outbox(server, token, 'sent')).map((m) => m.recipient)).toEqual(['local@exemple.fr']);
  });
});

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
if (!TEST_DATABASE_URL) {
  console.log('mail outbox with two server processes: skipped, TEST_DATABASE_URL is not set (it needs a PostgreSQL server).');
}

describe.skipIf(!TEST_DATABASE_URL)('mail outbox with two server processes on one PostgreSQL database', PROCESS_TEST, () => {
  let database: Awaited<ReturnType<typeof createThrowAwayDatabase>> | undefined;
  let smtp: ReturnType<typeof createTestSmtpServer>;
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await createThrowAwayDatabase('notadoo_outbox');
    smtp = createTestSmtpServer(await freePort());
    for (let i = 0; i < 2; i += 1) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'notadoo-outbox-pg-'));
      dataDirs.push(dataDir);
      servers.push(
        await startServerProcess({
          ...FAST_RETRIES,
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          JWT_SECRET: 'secret-partage-secret-partage-secret-partage',
          // Shared as in production: either process reads the second factors the other stored.
          SECOND_FACTOR_KEY: 'cle-partagee-du-second-facteur-cle-partagee',
        }),
      );
    }
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await smtp.down();
    await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
    await database?.drop();
  });

  it('sends each mail once, whichever process claims it', async () => {
    // Mails pile up while the SMTP server is down, so both workers compete for the same backlog once it is up.
    const recipients = Array.from({ length: 16 }, (_, i) => `multi${i}@exemple.fr`);
    for (const [i, email] of recipients.entries()) await signup(servers[i % 2]!, email);
    await smtp.up();
    await expect.poll(() => recipients.filter((r) => smtp.receivedFor(r).length > 0).length, POLL).toBe(recipients.length);
    const token = await adminToken(servers[0]!);
    await expect.poll(async () => (await outbox(servers[1]!, token, 'pending')).length, POLL).toBe(0);
    const sent = await outbox(servers[0]!, token, 'sent');
    expect(sent.filter((m) => recipients.includes(m.recipient as string))).toHaveLength(recipients.length);
    for (const r of recipients) expect(smtp.receivedFor(r), r).toHaveLength(1);
  });
});
