import { MESSAGES } from '@notadoo/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKENDS, buildTestApp, testConfig, type TestApp } from '../../test/test-app';
import { parseTrustProxy, readConfig } from '../config';

/** Counts argon2 verifications, to show which refusals come before any password check. */
const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2.verifications += 1;
      return real.verify(...args);
    },
  };
});

describe('TRUST_PROXY', () => {
  it('is off by default and takes what Fastify takes: true, a hop count, or addresses and CIDRs', () => {
    expect(readConfig({ DATA_DIR: '/tmp/notadoo-unused', JWT_SECRET: 'x'.repeat(40) }).trustProxy).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8, ::1, loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
    expect(() => readConfig({ DATA_DIR: '/tmp/notadoo-unused', JWT_SECRET: 'x'.repeat(40), TRUST_PROXY: '10.0.0.0/99' })).toThrow(
      /TRUST_PROXY/,
    );
    expect(parseTrustProxy('proxy.example')).toBeUndefined();
  });
});

describe.each(BACKENDS)('forwarded addresses and login limits on %s', (backend) => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));
  const tightLimits = { loginPerIp: { max: 3, windowMs: 60_000 } };
  const failedLogin = (t: TestApp, forwarded: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwarded },
      payload: { login: 'personne@exemple.fr', password: 'Mauvais123' },
    });

  it('ignores X-Forwarded-For by default: a client cannot pick a new address to escape the limit', async () => {
    const t = await buildTestApp(backend, { rateLimits: tightLimits });
    apps.push(t);
    const codes = [];
    for (let i = 1; i <= 4; i += 1) codes.push((await failedLogin(t, `203.0.113.${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it('honours X-Forwarded-For from a trusted proxy only', async () => {
    const t = await buildTestApp(backend, { rateLimits: tightLimits, config: { trustProxy: ['127.0.0.1'] } as never });
    apps.push(t);
    const behindProxy = [];
    for (let i = 1; i <= 4; i += 1) behindProxy.push((await failedLogin(t, `203.0.113.${i}`)).statusCode);
    expect(behindProxy).toEqual([401, 401, 401, 401]);
    const direct = [];
    for (let i = 1; i <= 4; i += 1) direct.push((await failedLogin(t, `198.51.100.${i}`, '192.0.2.50')).statusCode);
    expect(direct).toEqual([401, 401, 401, 429]);
  });

  describe('an attacker guessing one account', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(backend);
      apps.push(t);
    });
    const attempt = (login: string, password: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress, payload: { login, password } });
    /** Spreads `n` wrong passwords over `n` addresses (one each), so no per-address rule applies. */
    const guessFromMany = async (login: string, n: number, firstAddress = 1) => {
      const codes = [];
      for (let i = firstAddress; i < firstAddress + n; i += 1)
        codes.push((await attempt(login, `Devine${i}`, `10.1.${i >> 8}.${i & 255}`)).statusCode);
      return codes;
    };

    it('locks the account after 20 failures from any addresses: quick 429s with a French message and Retry-After, no password check', async () => {
      const victim = await t.createUser();
      const bystander = await t.createUser();
      expect(await guessFromMany(victim.email, 20)).toEqual(Array(20).fill(401));
      const checked = argon2.verifications;
      const refused = [await attempt(victim.email, 'Devine21', '10.9.0.1'), await attempt(victim.email, victim.password, '198.51.100.7')];
      for (const res of refused) {
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ code: 'LOGIN_LOCKED', message: MESSAGES.loginLocked(15) });
        expect(res.headers['retry-after']).toBe(String(15 * 60));
      }
      expect(argon2.verifications).toBe(checked);
      // Another account, from one of the attacker's addresses, is not affected.
      expect((await attempt(bystander.email, bystander.password, '10.1.0.1')).statusCode).toBe(200);
      // The window over, the owner signs in.
      t.clock.advance(15 * 60_000);
      expect((await attempt(victim.email, victim.password, '198.51.100.7')).statusCode).toBe(200);
    });

    it('counts guesses sent in parallel before checking them: no more than 20 are checked', async () => {
      const victim = await t.createUser();
      const before = argon2.verifications;
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => attempt(victim.email, `Devine${i}`, `10.2.0.${i + 1}`)));
      const codes = answers.map((res) => res.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(20);
      expect(codes.filter((c) => c === 429)).toHaveLength(40);
      expect(argon2.verifications - before).toBe(20);
    });

    it('lets the owner in at once after a password reset, even from an address locked on the account', async () => {
      const victim = await t.createUser();
      const own = '198.51.100.8';
      for (let i = 0; i < 10; i += 1) expect((await attempt(victim.email, `Oublie${i}`, own)).statusCode).toBe(401);
      expect(await guessFromMany(victim.email, 10, 100)).toEqual(Array(10).fill(401));
      expect((await attempt(victim.email, victim.password, own)).statusCode).toBe(429);
      expect((await attempt(victim.email, victim.password, '198.51.100.9')).statusCode).toBe(429);

      await t.app.inject({ method: 'POST', url: '/api/users/reset/password', remoteAddress: own, payload: { email: victim.email } });
      const token = t.mails
        .filter((m) => m.to === victim.email)
        .at(-1)!
        .link!.split('/reset/password/')[1]!;
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/users/reset/password',
        remoteAddress: own,
        payload: { password: 'Nouveau456', token },
      });
      expect(reset.statusCode).toBe(200);
      expect((await attempt(victim.email, 'Nouveau456', own)).statusCode).toBe(200);
      // Counting starts again from zero for everyone, the attacker included.
      expect(await guessFromMany(victim.email, 20, 200)).toEqual(Array(20).fill(401));
      expect((await attempt(victim.email, 'Nouveau456', '198.51.100.9')).statusCode).toBe(429);
    });
  });

  it('lets a whole office behind one address sign in, while a colleague who keeps failing is refused on that account only', async () => {
    const t = await buildTestApp(backend);
    apps.push(t);
    const office = '203.0.113.50';
    const attempt = (login: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress: office, payload: { login, password } });
    const careless = await t.createUser();
    const codes = [];
    for (let i = 0; i < 11; i += 1) codes.push((await attempt(careless.email, `Mauvais${i}`)).statusCode);
    expect(codes).toEqual([...Array(10).fill(401), 429]);
    // Sixty more sign-ins from the same address (past the former ceiling of 50), a few of them mistyped first.
    const colleagues = await Promise.all(Array.from({ length: 6 }, () => t.createUser()));
    const answers = [];
    for (let round = 0; round < 10; round += 1) {
      for (const colleague of colleagues)
        answers.push((await attempt(colleague.email, round === 0 ? 'Fautedefrappe1' : colleague.password)).statusCode);
    }
    expect(answers).toEqual(Array.from({ length: 60 }, (_, i) => (i < 6 ? 401 : 200)));
  });

  it('bounds the password checks running at once: past the queue, a sign-in answers 503 at once, without a check', async () => {
    const t = await buildTestApp(backend, { config: { ...testConfig, passwordHashing: { concurrency: 1, queueLength: 1 } } });
    apps.push(t);
    const users = await Promise.all(Array.from({ length: 12 }, () => t.createUser()));
    const before = argon2.verifications;
    const answers = await Promise.all(
      users.map((u, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          remoteAddress: `10.3.0.${i + 1}`,
          payload: { login: u.email, password: u.password },
        }),
      ),
    );
    const busy = answers.filter((res) => res.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const res of busy) {
      expect(res.json()).toEqual({ code: 'SERVER_BUSY', message: MESSAGES.passwordChecksBusy });
      expect(res.headers['retry-after']).toBe('1');
    }
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(12 - busy.length);
    expect(argon2.verifications - before).toBe(12 - busy.length);
    // Nothing is held once the flood is over: each refused user signs in.
    for (const res of busy) {
      const u = users[answers.indexOf(res)]!;
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { login: u.email, password: u.password } })).statusCode,
      ).toBe(200);
    }
  });
});
