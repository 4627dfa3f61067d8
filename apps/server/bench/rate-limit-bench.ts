/**
 * `npm run bench`: the cost of the rate limiter (issue 11), one statement per
 * call, on embedded PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL
 * (there also with the table made LOGGED, to show what UNLOGGED saves).
 */
import { sql } from 'drizzle-orm';
import { createRateLimiter } from '../src/auth/rate-limiter';
import { migrate } from '../src/db/migrate';
import { BACKENDS, openTestDatabase } from '../test/test-app';

const N = 2000;
const limit = { max: 1e9, windowMs: 60 * 60_000 };

async function perCall(label: string, n: number, run: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 50; i += 1) await run(-1 - i); // warm-up
  const start = performance.now();
  for (let i = 0; i < n; i += 1) await run(i);
  const us = ((performance.now() - start) * 1000) / n;
  console.log(`${label.padEnd(52)} n=${String(n).padStart(5)}  ${us.toFixed(0).padStart(6)} µs/appel`);
}

for (const backend of BACKENDS) {
  const database = await openTestDatabase(backend);
  await migrate(database);
  const passes = backend === 'postgres' ? ['UNLOGGED', 'LOGGED'] : ['UNLOGGED'];
  for (const persistence of passes) {
    if (persistence === 'LOGGED') await database.db.execute(sql`ALTER TABLE rate_limits SET LOGGED`);
    console.log(`-- ${backend} (${persistence})`);
    const limiter = createRateLimiter({ db: database.db, secret: 'secret-du-banc-secret-du-banc-secret-du-banc' });
    const tag = persistence.toLowerCase();
    await perCall('hit, one key, same key (update)', N, () => limiter.hit([[`bench:same:${tag}`, limit]]));
    await perCall('hit, one key, a new key each time (insert)', N, (i) => limiter.hit([[`bench:new:${tag}-${i}`, limit]]));
    await perCall('login check: hit the address, read two keys', N, (i) =>
      limiter.hit([[`bench:ip:${tag}`, limit]], [`bench:pair:${tag}-${i % 10}`, `bench:account:${tag}-${i % 10}`]),
    );
    await perCall('failed login: hit two keys', N, (i) => limiter.hit([[`bench:pair:${tag}-${i % 10}`, limit], [`bench:account:${tag}-${i % 10}`, limit]]));
  }
  // Purge: 20,000 expired rows, deleted by batches of 1,000.
  const expired = createRateLimiter({ db: database.db, secret: 'x'.repeat(40), now: () => new Date('2000-01-01T00:00:00Z') });
  for (let i = 0; i < 20_000; i += 500) {
    await expired.hit(Array.from({ length: 500 }, (_, j) => [`bench:old:${i + j}`, { max: 1, windowMs: 1000 }] as const));
  }
  const start = performance.now();
  const purged = await createRateLimiter({ db: database.db, secret: 'x'.repeat(40) }).purgeExpired();
  console.log(`${`purge of ${purged} expired rows`.padEnd(52)} ${(performance.now() - start).toFixed(0).padStart(6)} ms`);
  await database.drop();
}
