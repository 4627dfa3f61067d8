import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createClock, openTestDatabase } from '../../test/test-app';
import { migrate } from '../db/migrate';
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
    ((await database.db.execute(sql`SELECT key, count FROM rate_limits ORDER BY key`)) as unknown as { rows: Array<{ key: string; count: number }> }).rows;

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

  it('times windows with the database clock when no clock is given', async () => {
    const limiter = createRateLimiter({ db: database.db, secret: SECRET });
    const limit = { max: 1, windowMs: 300 };
    expect((await limiter.hit([['dbclock:test:k', limit]])).get('dbclock:test:k')).toBe(1);
    expect((await limiter.hit([['dbclock:test:k', limit]])).get('dbclock:test:k')).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
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
    expect(createKeyHasher('un-autre-secret-un-autre-secret-un-autre')(`privacy:email:${email}`)).not.toBe(createKeyHasher(SECRET)(`privacy:email:${email}`));
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
