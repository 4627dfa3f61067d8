import { createHmac } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { periodicTask } from '../periodic-task';

/**
 * Fixed-window counters kept in the database (table `rate_limits`, issue 11),
 * so that every server process on one PostgreSQL database counts together.
 * One hit is one statement: an upsert that starts a new window when the old
 * one is over, timed by the database's clock so processes agree on windows.
 * Nothing is kept in process memory; expired rows are purged in bounded
 * batches by each process (`startPurging`).
 */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface RateLimiterOptions {
  db: Db;
  /** Keys are stored as an HMAC under a key derived from this secret (no address or e-mail in clear). */
  secret: string;
  /**
   * The clock of the windows. Unset (servers): the database's `now()`, the
   * same for every process. Tests set their fake clock to expire windows
   * without waiting.
   */
  now?: () => Date;
  /** How often expired rows are purged once `startPurging` was called. */
  purgeIntervalMs?: number;
  log?: { warn(obj: object, message: string): void };
}

export interface RateLimiter {
  /**
   * Counts one hit on each key of `hits` and reads the keys of `peek` without
   * counting, in one statement. Answers the count of every key in its current
   * window, this hit included (0 for a peeked key without a live window).
   */
  hit(hits: ReadonlyArray<readonly [key: string, limit: RateLimit]>, peek?: readonly string[]): Promise<Map<string, number>>;
  /** As `hit`, with the time left in each key's window (for a Retry-After; 0 for a peeked key without a live window). */
  hitWindows(hits: ReadonlyArray<readonly [key: string, limit: RateLimit]>, peek?: readonly string[]): Promise<Map<string, LimitWindow>>;
  /**
   * Takes hits back, in one statement: one on each key of `undo` (an attempt
   * counted beforehand that turned out legitimate), all of them on each key of
   * `clear`. Keys without a live window are left alone.
   */
  takeBack(undo: readonly string[], clear?: readonly string[]): Promise<void>;
  /** Hits counted on `key` in its current window, without counting one. */
  count(key: string): Promise<number>;
  /** Forgets `key` (e.g. the failures of an address once it signed in). */
  reset(key: string): Promise<void>;
  /** Deletes expired windows, at most `batchSize` rows a statement and `maxBatches` statements; answers how many went. */
  purgeExpired(batchSize?: number, maxBatches?: number): Promise<number>;
  /** Purges now and then every `purgeIntervalMs` until `stopPurging` (idempotent). */
  startPurging(): void;
  stopPurging(): Promise<void>;
}

export interface LimitWindow {
  count: number;
  /** Milliseconds until the window ends and its count starts again from zero. */
  resetInMs: number;
}

export const DEFAULT_PURGE_INTERVAL_MS = 60_000;
const PURGE_BATCH_SIZE = 1000;
const PURGE_MAX_BATCHES = 50;
/** The stored key: a readable kind (`login:ip`) and 32 characters of HMAC (192 bits). */
const HASH_LENGTH = 32;
const KIND = /^[a-z]{1,20}:[a-z]{1,20}(?=:)/;
const MAX_COUNT = 2_147_483_646;

/**
 * The key as stored: the kind of counter in clear, for an operator reading
 * the table, and the rest (an address, an e-mail, a user id) only as an HMAC,
 * so the table neither holds personal data in clear nor lets anyone recover
 * an IPv4 address by hashing all four billion of them. Bounded in length
 * whatever the caller passes.
 */
export function createKeyHasher(secret: string): (key: string) => string {
  const hashKey = createHmac('sha256', secret).update('notadoo:rate-limit-keys').digest();
  return (key) => {
    const kind = KIND.exec(key)?.[0] ?? 'key';
    return `${kind}:${createHmac('sha256', hashKey).update(key).digest('base64url').slice(0, HASH_LENGTH)}`;
  };
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { db } = options;
  const hashKey = createKeyHasher(options.secret);
  const purgeIntervalMs = options.purgeIntervalMs ?? DEFAULT_PURGE_INTERVAL_MS;
  /** The instant windows are measured against, as SQL (one value per statement). */
  const clock = (): SQL => (options.now ? sql`${options.now().toISOString()}::timestamptz` : sql`now()`);

  async function rows(query: SQL): Promise<Array<{ key: string; count: number; resetInMs: number }>> {
    const found = await rowsOf<{ key: string; count: number | string; reset_in_ms?: number | string | null }>(db, query);
    return found.map((r) => ({ key: r.key, count: Number(r.count), resetInMs: Math.max(0, Number(r.reset_in_ms ?? 0)) }));
  }

  async function hitWindows(
    hits: ReadonlyArray<readonly [key: string, limit: RateLimit]>,
    peek: readonly string[] = [],
  ): Promise<Map<string, LimitWindow>> {
    const stored = new Map<string, string>();
    const windows = new Map<string, number>();
    for (const [key, limit] of hits) {
      const s = hashKey(key);
      stored.set(key, s);
      windows.set(s, limit.windowMs);
    }
    const peeked = new Set<string>();
    for (const key of peek) {
      const s = hashKey(key);
      stored.set(key, s);
      if (!windows.has(s)) peeked.add(s);
    }
    const counts = new Map<string, LimitWindow>();
    if (stored.size === 0) return counts;
    const now = sql`(SELECT t FROM clock)`;
    const resetInMs = sql`ceil(extract(epoch FROM r.reset_at - ${now}) * 1000)`;
    // Sorted, so two statements locking the same keys lock them in the same order (no deadlock).
    const values = [...windows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, ms]) => sql`(${key}, ${ms}::double precision)`);
    const peekList = sql.join(
      [...peeked].map((key) => sql`${key}`),
      sql`, `,
    );
    const upsert = sql`
      INSERT INTO rate_limits AS r (key, count, reset_at)
      SELECT v.key, 1, ${now} + v.window_ms * interval '1 millisecond'
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v (key, window_ms)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN r.reset_at <= ${now} THEN 1 ELSE LEAST(r.count, ${MAX_COUNT}) + 1 END,
        reset_at = CASE WHEN r.reset_at <= ${now} THEN excluded.reset_at ELSE r.reset_at END
      RETURNING r.key, r.count, ${resetInMs} AS reset_in_ms`;
    const read = sql`SELECT r.key, r.count, ${resetInMs} AS reset_in_ms FROM rate_limits AS r WHERE r.key IN (${peekList}) AND r.reset_at > ${now}`;
    let query: SQL;
    if (values.length === 0) query = sql`WITH clock (t) AS (SELECT ${clock()}) ${read}`;
    else if (peeked.size === 0) query = sql`WITH clock (t) AS (SELECT ${clock()}) ${upsert}`;
    else query = sql`WITH clock (t) AS (SELECT ${clock()}), hits AS (${upsert}) SELECT key, count, reset_in_ms FROM hits UNION ALL ${read}`;
    const found = new Map((await rows(query)).map((r) => [r.key, r]));
    for (const [key, s] of stored) counts.set(key, { count: found.get(s)?.count ?? 0, resetInMs: found.get(s)?.resetInMs ?? 0 });
    return counts;
  }

  async function hit(
    hits: ReadonlyArray<readonly [key: string, limit: RateLimit]>,
    peek: readonly string[] = [],
  ): Promise<Map<string, number>> {
    return new Map([...(await hitWindows(hits, peek))].map(([key, window]) => [key, window.count]));
  }

  async function takeBack(undo: readonly string[], clear: readonly string[] = []): Promise<void> {
    const cleared = new Set(clear.map(hashKey));
    const keys = [...new Set([...undo.map(hashKey), ...cleared])].sort();
    if (keys.length === 0) return;
    const newCount =
      cleared.size === 0
        ? sql`GREATEST(count - 1, 0)`
        : sql`CASE WHEN key IN (${sql.join(
            [...cleared].map((k) => sql`${k}`),
            sql`, `,
          )}) THEN 0 ELSE GREATEST(count - 1, 0) END`;
    // Rows locked in the order `hit` locks them (JavaScript's, bytewise for these ASCII keys: COLLATE "C"), so the two cannot deadlock.
    await db.execute(sql`
      WITH clock (t) AS (SELECT ${clock()}),
      locked AS (SELECT key FROM rate_limits WHERE key IN (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}) AND reset_at > (SELECT t FROM clock) ORDER BY key COLLATE "C" FOR UPDATE)
      UPDATE rate_limits SET count = ${newCount} WHERE key IN (SELECT key FROM locked)`);
  }

  async function purgeExpired(batchSize = PURGE_BATCH_SIZE, maxBatches = PURGE_MAX_BATCHES): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < maxBatches; batch += 1) {
      // SKIP LOCKED: a row being counted right now, or taken by another process's purge, is left for later.
      const deleted = await rows(sql`
        WITH clock (t) AS (SELECT ${clock()})
        DELETE FROM rate_limits WHERE key IN (
          SELECT key FROM rate_limits WHERE reset_at <= (SELECT t FROM clock) LIMIT ${batchSize} FOR UPDATE SKIP LOCKED
        ) AND reset_at <= (SELECT t FROM clock)
        RETURNING key, count`);
      total += deleted.length;
      if (deleted.length < batchSize) break;
    }
    return total;
  }

  const purging = periodicTask(purgeExpired, purgeIntervalMs, (error) =>
    options.log?.warn({ err: error }, 'Purge des compteurs de limitation impossible ; nouvel essai plus tard.'),
  );

  return {
    hit,
    hitWindows,
    takeBack,
    async count(key) {
      return (await hit([], [key])).get(key) ?? 0;
    },
    async reset(key) {
      await db.execute(sql`DELETE FROM rate_limits WHERE key = ${hashKey(key)}`);
    },
    purgeExpired,
    startPurging: () => purging.start(),
    stopPurging: () => purging.stop(),
  };
}
