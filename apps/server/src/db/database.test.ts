import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTcpRelay, type TcpRelay } from '../../test/tcp-relay';
import { createThrowAwayDatabase } from '../../test/test-app';
import { openDatabase, type Database } from './database';
import { isDatabaseUnavailable } from './database-errors';

// The PostgreSQL connections of one process when the network to the database
// fails, through a TCP relay the test cuts or freezes: no failure may end the
// process, every query fails within a bounded time as "database unavailable"
// (503), and the pool serves again once the link is back.

const postgresUrl = process.env.TEST_DATABASE_URL;
const QUERY_TIMEOUT_MS = 600;

/** What a failed call rejected with, and after how long. */
async function failure(work: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await work();
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
  throw new Error('did not fail');
}

describe.skipIf(!postgresUrl)('PostgreSQL connections through a failing network', () => {
  let created: Awaited<ReturnType<typeof createThrowAwayDatabase>>;
  let relay: TcpRelay;
  let database: Database;
  const uncaught: unknown[] = [];
  const recordUncaught = (error: unknown) => void uncaught.push(error);

  beforeAll(async () => {
    // An 'error' event nobody hears is thrown from a socket callback: seen here rather than as vitest's unhandled error.
    process.on('uncaughtException', recordUncaught);
    created = await createThrowAwayDatabase('notadoo_links');
    relay = await startTcpRelay(created.url);
    database = await openDatabase({ url: relay.url, settings: { connectTimeoutMs: 1500, queryTimeoutMs: QUERY_TIMEOUT_MS } });
    await database.db.execute(sql`CREATE TABLE notes (id serial PRIMARY KEY, text text NOT NULL)`);
  });
  afterEach(() => {
    relay.pass();
    expect(uncaught).toEqual([]);
  });
  afterAll(async () => {
    process.off('uncaughtException', recordUncaught);
    await database?.close();
    await relay?.close();
    await created?.drop();
  });

  const insertInTransaction = (text: string) =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notes (text) VALUES (${text})`);
      await tx.execute(sql`SELECT pg_sleep(0.01)`);
    });

  it('fails a transaction cut at BEGIN or in its middle as unavailable, never leaks its connection, and serves again once the link is back', async () => {
    // More cuts at BEGIN than the pool holds connections (10): a connection not given back would leave the pool empty.
    for (let round = 0; round < 14; round += 1) {
      const cut = relay.cutOnNext(round < 11 ? 'begin' : 'pg_sleep');
      const { error } = await failure(() => insertInTransaction(`coupé ${round}`));
      await cut;
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      relay.pass();
    }
    const started = performance.now();
    await insertInTransaction('après les coupures');
    expect(performance.now() - started).toBeLessThan(1000);
    const { rows } = (await database.db.execute(sql`SELECT text FROM notes`)) as unknown as { rows: Array<{ text: string }> };
    // A cut at BEGIN or before COMMIT: nothing of the cut transactions was kept.
    expect(rows.map((r) => r.text)).toEqual(['après les coupures']);
  });

  it('fails a query and a transaction on a frozen link within the query timeout, and drops their connections instead of reusing them', async () => {
    // Two connections, both used below: whatever the pool held before is gone with the cut.
    relay.cut();
    // The pool hears of its idle connections' end.
    await new Promise((resolve) => setTimeout(resolve, 100));
    relay.pass();
    await Promise.all([database.db.execute(sql`SELECT 1`), insertInTransaction('avant le gel')]);
    expect(relay.openConnections).toBe(2);
    relay.freeze();
    const [query, transaction] = await Promise.all([
      failure(() => database.db.execute(sql`SELECT 1`)),
      failure(() => insertInTransaction('pendant le gel')),
    ]);
    for (const { error, ms } of [query, transaction]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      expect(ms).toBeGreaterThanOrEqual(QUERY_TIMEOUT_MS - 50);
      // The transaction's ROLLBACK does not wait a second timeout: its connection was already dropped.
      expect(ms).toBeLessThan(QUERY_TIMEOUT_MS + 500);
    }
    // Both frozen connections were destroyed, not given back to the pool: the relay sees them closed.
    await expect.poll(() => relay.openConnections, { timeout: 1000 }).toBe(0);
    relay.pass();
    const started = performance.now();
    await Promise.all([database.db.execute(sql`SELECT 1`), insertInTransaction('après le gel')]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('stops listening within a second on a frozen link, where a polite goodbye would wait for good', async () => {
    const lost: Error[] = [];
    const stop = await database.listen(
      'notadoo_links_test',
      () => undefined,
      (error) => void lost.push(error),
    );
    relay.freeze();
    const started = performance.now();
    await stop();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(lost).toEqual([]);
  });
});
