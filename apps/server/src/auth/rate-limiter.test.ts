import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@notadoo/domain';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createClock, openTestDatabase, testConfig } from '../../test/test-app';
import { buildApp } from '../app';
import { migrate } from '../db/migrate';
import { rowsOf } from '../db/rows';
import { schema } from '../db/schema';
import { createKeyHasher, createRateLimiter } from './rate-limiter';

const SECRET = 'secret-des-compteurs-secret-des-compteurs';

describe.each(BACKENDS)('the rate limiter on %s', (backend) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await migrate(database);
  });
  afterAll(() => database.drop());

  const storedRows = async () =>
    (
      (await database.db.execute(sql`SELECT key, count FROM rate_limits ORDER BY key`)) as unknown as {
        rows: Array<{ key: string; count: number }>;
      }
    ).rows;

  it('counts hits per key in a window, refuses past the limit, and starts a new window once it expired', async () => {
    const clock = createClock();
    const limiter = createRateLimiter({ db: database.db, secret: SECRET, now: clock.now });
    const limit = { max: 2, windowMs: 60_000 };
    const counts = [];
    for (let i = 0; i < 3; i += 1) counts.push((await limiter.hit([['window:test:a', limit]])).get('window:test:a'));
    expect(counts).toEqual([1, 2, 3]);
    expect(await limiter.count('window:test:b')).toBe(0);
    clock.advance(59_999);
    expect((await limiter.hit([['window:test:a', limit]])).get('window:test:a')).toBe(4);
    clock.advance(1);
    expect(await limiter.count('window:test:a')).toBe(0);
    expect((await limiter.hit([['window:test:a', limit]])).get('window:test:a')).toBe(1);
  });

  it('counts several keys and reads others without counting them, in one call; reset forgets a key', async () => {
    const limiter = createRateLimiter({ db: database.db, secret: SECRET, now: createClock().now });
    const limit = { max: 5, windowMs: 60_000 };
    await limiter.hit([['several:test:x', limit]]);
    const counts = await limiter.hit(
      [
        ['several:test:x', limit],
        ['several:test:y', limit],
      ],
      ['several:test:z', 'several:test:x'],
    );
    expect(Object.fromEntries(counts)).toEqual({ 'several:test:x': 2, 'several:test:y': 1, 'several:test:z': 0 });
    expect(await limiter.count('several:test:y')).toBe(1);
    await limiter.reset('several:test:x');
    expect(await limiter.count('several:test:x')).toBe(0);
    expect(await limiter.count('several:test:y')).toBe(1);
  });

  it('answers the time left in each window, and takes hits back (one, or all) without touching other keys', async () => {
    const clock = createClock();
    const limiter = createRateLimiter({ db: database.db, secret: SECRET, now: clock.now });
    const limit = { max: 5, windowMs: 60_000 };
    await limiter.hit([
      ['back:test:a', limit],
      ['back:test:b', limit],
      ['back:test:c', limit],
    ]);
    clock.advance(20_000);
    const windows = await limiter.hitWindows(
      [
        ['back:test:a', limit],
        ['back:test:b', limit],
      ],
      ['back:test:c', 'back:test:none'],
    );
    expect(Object.fromEntries(windows)).toEqual({
      'back:test:a': { count: 2, resetInMs: 40_000 },
      'back:test:b': { count: 2, resetInMs: 40_000 },
      'back:test:c': { count: 1, resetInMs: 40_000 },
      'back:test:none': { count: 0, resetInMs: 0 },
    });
    await limiter.takeBack(['back:test:a', 'back:test:none'], ['back:test:b']);
    expect([await limiter.count('back:test:a'), await limiter.count('back:test:b'), await limiter.count('back:test:c')]).toEqual([1, 0, 1]);
    await limiter.takeBack(['back:test:a', 'back:test:a']);
    await limiter.takeBack(['back:test:a']);
    expect(await limiter.count('back:test:a')).toBe(0);
  });

  it('takes hits back while others count the same keys in parallel, without deadlock or lost hit', async () => {
    const limiter = createRateLimiter({ db: database.db, secret: SECRET });
    const limit = { max: 1000, windowMs: 60_000 };
    const keys = ['race:test:a', 'race:test:b', 'race:test:c'];
    // Ten hits on a, b and c, ten on b and c, ten take-backs of a and c, all at once, in mixed key orders.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? limiter.hit([
              [keys[2]!, limit],
              [keys[0]!, limit],
              [keys[1]!, limit],
            ])
          : i % 3 === 1
            ? limiter.hit([
                [keys[1]!, limit],
                [keys[2]!, limit],
              ])
            : limiter.takeBack([keys[2]!, keys[0]!]),
      ),
    );
    // A take-back that came before its key's first hit found nothing to take.
    const [a, b, c] = await Promise.all(keys.map((k) => limiter.count(k)));
    expect(b).toBe(20);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(a).toBeLessThanOrEqual(10);
    expect(c).toBeGreaterThanOrEqual(10);
  });

  it('times windows with the database clock when no clock is given', async () => {
    const limiter = createRateLimiter({ db: database.db, secret: SECRET });
    const limit = { max: 1, windowMs: 60_000 };
    expect((await limiter.hit([['dbclock:test:k', limit]])).get('dbclock:test:k')).toBe(1);
    expect((await limiter.hit([['dbclock:test:k', limit]])).get('dbclock:test:k')).toBe(2);
    // The window ends where the database's clock says, set to now(): no wait on a real clock.
    const stored = createKeyHasher(SECRET)('dbclock:test:k');
    const [row] = await rowsOf<{ left_ms: number | string }>(
      database.db,
      sql`SELECT extract(epoch FROM reset_at - now()) * 1000 AS left_ms FROM rate_limits WHERE key = ${stored}`,
    );
    expect(Number(row!.left_ms)).toBeGreaterThan(50_000);
    expect(Number(row!.left_ms)).toBeLessThanOrEqual(60_000);
    await database.db.execute(sql`UPDATE rate_limits SET reset_at = now() WHERE key = ${stored}`);
    expect((await limiter.hit([['dbclock:test:k', limit]])).get('dbclock:test:k')).toBe(1);
  });

  it('shares counts between limiters on one database (as between processes), and loses no concurrent hit', async () => {
    const [a, b] = [createRateLimiter({ db: database.db, secret: SECRET }), createRateLimiter({ db: database.db, secret: SECRET })];
    const limit = { max: 1000, windowMs: 60_000 };
    const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit([['shared:test:k', limit]])));
    expect(counts.map((c) => c.get('shared:test:k')).sort((x, y) => x! - y!)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await b.count('shared:test:k')).toBe(40);
  });

  it('stores neither addresses nor e-mails in clear, and keys of bounded length whatever the caller passes', async () => {
    const limiter = createRateLimiter({ db: database.db, secret: SECRET, now: createClock().now });
    const limit = { max: 5, windowMs: 60_000 };
    const email = 'jeanne.durand@exemple.fr';
    await limiter.hit([
      [`privacy:failed:203.0.113.9:${email}`, limit],
      [`privacy:email:${'x'.repeat(10_000)}@exemple.fr`, limit],
    ]);
    const keys = (await storedRows()).map((r) => r.key).filter((k) => k.startsWith('privacy:'));
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).not.toMatch(/203\.0\.113|jeanne|exemple/);
      expect(key.length).toBeLessThanOrEqual(60);
    }
    // Another secret, other keys: the hash cannot be recomputed without the server's secret.
    expect(createKeyHasher('un-autre-secret-un-autre-secret-un-autre')(`privacy:email:${email}`)).not.toBe(
      createKeyHasher(SECRET)(`privacy:email:${email}`),
    );
  });

  it('purges expired windows in bounded batches and keeps the live ones', async () => {
    const clock = createClock(new Date('2030-01-01T00:00:00Z'));
    const limiter = createRateLimiter({ db: database.db, secret: SECRET, now: clock.now });
    // Whatever earlier tests left expires too at this clock; count only what this test adds.
    await limiter.purgeExpired();
    const before = (await storedRows()).length;
    const short = { max: 5, windowMs: 1000 };
    for (let i = 0; i < 25; i += 1) await limiter.hit([[`purge:short:${i}`, short]]);
    await limiter.hit([['purge:long:kept', { max: 5, windowMs: 60 * 60_000 }]]);
    expect((await storedRows()).length).toBe(before + 26);
    clock.advance(1000);
    expect(await limiter.purgeExpired(10, 2)).toBe(20);
    expect(await limiter.purgeExpired(10, 5)).toBe(5);
    expect((await storedRows()).length).toBe(before + 1);
    expect(await limiter.count('purge:long:kept')).toBe(1);
  });
});

describe('rate-limited calls when the database cannot be reached', () => {
  it('answer 503 with the French message, never a 500, and no limit is skipped', async () => {
    // Nothing listens on port 1: every statement fails to connect.
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/absente', connectionTimeoutMillis: 1000 });
    pool.on('error', () => undefined);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'notadoo-limits-'));
    const app = await buildApp({
      database: {
        kind: 'postgres',
        db: drizzle(pool, { schema }),
        execScriptAtomically: async () => undefined,
        withStartupLock: (work) => work(),
        listen: () => Promise.reject(new Error('base injoignable')),
        close: () => pool.end(),
      },
      mailer: { send: async () => undefined },
      config: { ...testConfig, dataDir },
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { login: 'jeanne@exemple.fr', password: 'Kq7#vLp2!xWr9' },
      });
      const contact = await app.inject({ method: 'POST', url: '/api/contact', payload: {} });
      for (const res of [login, contact]) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: MESSAGES.databaseUnavailable });
      }
    } finally {
      await app.close();
      await pool.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
