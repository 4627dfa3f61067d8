import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, buildTestApp, type TestApp } from '../../test/test-app';
import { parseTrustProxy, readConfig } from '../config';

describe('TRUST_PROXY', () => {
  it('is off by default and takes what Fastify takes: true, a hop count, or addresses and CIDRs', () => {
    expect(readConfig({ DATA_DIR: '/tmp/notadoo-unused', JWT_SECRET: 'x'.repeat(40) }).trustProxy).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8, ::1, loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
    expect(() => readConfig({ DATA_DIR: '/tmp/notadoo-unused', JWT_SECRET: 'x'.repeat(40), TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    expect(parseTrustProxy('proxy.example')).toBeUndefined();
  });
});

describe.each(BACKENDS)('forwarded addresses and login slowdown on %s', (backend) => {
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

  describe('an attacker hammering an account', () => {
    let t: TestApp;
    const waits: number[] = [];
    beforeAll(async () => {
      t = await buildTestApp(backend, { sleep: async (ms) => void waits.push(ms) });
      apps.push(t);
    });

    it('is refused from their address and slowed everywhere, while the victim still signs in with the right password', async () => {
      const victim = await t.createUser();
      const attempt = (password: string, remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress, payload: { login: victim.email, password } });
      const attacker = [];
      for (let i = 0; i < 30; i += 1) attacker.push((await attempt(`Devine${i}`, '192.0.2.66')).statusCode);
      expect(attacker.slice(0, 10).every((c) => c === 401)).toBe(true);
      expect(attacker.slice(10).every((c) => c === 429)).toBe(true);
      // Even the attacker's address gets in with the right password once its window is over; the victim at once from theirs.
      waits.length = 0;
      const own = await attempt(victim.password, '198.51.100.7');
      expect(own.statusCode).toBe(200);
      expect(own.json().token).toBeTruthy();
      expect(waits.length).toBe(1);
      expect(waits[0]).toBeGreaterThan(0);
      t.clock.advance(16 * 60_000);
      expect((await attempt(victim.password, '192.0.2.66')).statusCode).toBe(200);
    });
  });
});
