import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@notadoo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE } from './contact-message';
import { startServer, type ServerProcess } from './server-process';
import { createThrowAwayDatabase } from './test-app';

/**
 * Issue 11: two real server processes on one PostgreSQL database count the
 * same rate limits, so a client does not get twice the budget by landing on
 * both. Both trust X-Forwarded-For from 127.0.0.1 (as behind a load
 * balancer), so each scenario runs from its own client address.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) console.log('Limites partagées entre serveurs ignorées : TEST_DATABASE_URL n’est pas défini.');

const TOO_MANY = 'Trop de tentatives. Merci de réessayer dans quelques minutes.';

describe.skipIf(!postgresUrl)('rate limits shared by two server processes on one PostgreSQL database', () => {
  const dataDirs = [mkdtempSync(path.join(tmpdir(), 'notadoo-limits-a-')), mkdtempSync(path.join(tmpdir(), 'notadoo-limits-b-'))];
  let servers: ServerProcess[] = [];
  let database: Awaited<ReturnType<typeof createThrowAwayDatabase>> | undefined;

  beforeAll(async () => {
    database = await createThrowAwayDatabase('notadoo_limits');
    const url = database.url;
    servers = await Promise.all(dataDirs.map((dataDir) => startServer({ dataDir, env: { DATABASE_URL: url, TRUST_PROXY: '127.0.0.1' } })));
  }, 150_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => (s.child.exitCode === null ? s.stop() : Promise.resolve())));
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** The token of the last reset link mailed to `email`, from the .eml files either server's outbox wrote. */
  async function mailedResetToken(email: string): Promise<string> {
    for (let i = 0; i < 100; i += 1) {
      const files = dataDirs.flatMap((dir) =>
        existsSync(path.join(dir, 'mail')) ? readdirSync(path.join(dir, 'mail')).map((name) => path.join(dir, 'mail', name)) : [],
      );
      const texts = files
        .map((file) =>
          readFileSync(file, 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        )
        .filter((text) => text.includes(email));
      const token = texts.map((text) => /\/reset\/password\/([A-Za-z0-9_-]+)/.exec(text)?.[1]).find(Boolean);
      if (token) return token;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no reset link mailed to ${email}`);
  }

  async function post(server: ServerProcess, url: string, clientAddress: string, body: unknown) {
    const res = await fetch(`${server.url}/api${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as { message?: string; token?: string } };
  }

  it('counts failed logins on one account from one address together: the 11th is refused whichever server gets it', async () => {
    const email = `partage-${randomBytes(3).toString('hex')}@exemple.fr`;
    const password = `Ardoise-${randomBytes(4).toString('hex')}-1`;
    const signup = await post(servers[0]!, '/users/signup', '198.51.100.20', {
      email,
      password,
      passwordConfirm: password,
      firstName: 'Anne',
      lastName: 'Test',
    });
    expect(signup.status, JSON.stringify(signup.json)).toBe(201);

    const attacker = '203.0.113.77';
    const statuses = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push((await post(servers[i % 2]!, '/users/login', attacker, { login: email, password: `Devine${i}` })).status);
    expect(statuses).toEqual(Array(10).fill(401));
    for (const server of servers) {
      const refused = await post(server, '/users/login', attacker, { login: email, password: `Devine-encore` });
      expect(refused).toEqual({ status: 429, json: { code: 'LOGIN_LOCKED', message: MESSAGES.loginLocked(15) } });
    }
    // Another account from that address is not affected.
    expect((await post(servers[1]!, '/users/login', attacker, { login: `autre-${email}`, password: 'Devine0' })).status).toBe(401);
  }, 90_000);

  it('locks an account after 20 failures from 20 addresses spread over both servers: both then refuse at once, the owner included', async () => {
    const email = `verrou-${randomBytes(3).toString('hex')}@exemple.fr`;
    const password = `Ardoise-${randomBytes(4).toString('hex')}-1`;
    expect(
      (
        await post(servers[1]!, '/users/signup', '198.51.100.21', {
          email,
          password,
          passwordConfirm: password,
          firstName: 'Paul',
          lastName: 'Test',
        })
      ).status,
    ).toBe(201);
    const statuses = [];
    for (let i = 0; i < 20; i += 1)
      statuses.push((await post(servers[i % 2]!, '/users/login', `203.0.113.${100 + i}`, { login: email, password: `Devine${i}` })).status);
    expect(statuses).toEqual(Array(20).fill(401));
    for (const server of servers) {
      const res = await fetch(`${server.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.21' },
        body: JSON.stringify({ login: email, password }),
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
      expect(((await res.json()) as { message: string }).message).toMatch(/^Trop d'échecs de connexion sur ce compte/);
    }
    // The owner resets the password through one server, and gets in through the other at once.
    expect((await post(servers[0]!, '/users/reset/password', '198.51.100.21', { email })).status).toBe(200);
    const reset = await post(servers[0]!, '/users/reset/password', '198.51.100.21', {
      password: 'Nouveau456',
      token: await mailedResetToken(email),
    });
    expect(reset.status).toBe(200);
    // The very next attempt, on the other process: no process remembers the lock (issue 24).
    expect((await post(servers[1]!, '/users/login', '198.51.100.21', { login: email, password: 'Nouveau456' })).status).toBe(200);
  }, 90_000);

  it('counts contact messages from one address together: the 6th is refused whichever server gets it', async () => {
    const message = CONTACT_MESSAGE;
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await post(servers[(i + 1) % 2]!, '/contact', '192.0.2.45', message)).status);
    expect(statuses).toEqual(Array(5).fill(200));
    for (const server of servers)
      expect(await post(server, '/contact', '192.0.2.45', message)).toEqual({
        status: 429,
        json: { code: 'RATE_LIMITED', message: TOO_MANY },
      });
    expect((await post(servers[0]!, '/contact', '192.0.2.46', message)).status).toBe(200);
  }, 60_000);
});
