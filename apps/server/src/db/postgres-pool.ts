import { Socket } from 'node:net';
import pg from 'pg';
import type { PostgresConnectionSettings } from './postgres-settings';

/** What pg's message for a query whose answer did not come within `query_timeout` says. */
const QUERY_TIMED_OUT = 'Query read timeout';

/**
 * Keepalive probes find a peer that vanished (host down, network gone) on a
 * connection nobody writes to; a relay that still answers them is found by
 * the query timeout instead.
 */
const KEEPALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 };

/**
 * pg's Pool, safe when the network fails:
 *
 * - every connection has an error listener for its whole life. pg's Pool
 *   listens only on idle connections: one lost while checked out (a
 *   transaction) emitted an 'error' nobody heard, which ended the process;
 * - a connection checked out with `connect()` (transactions) that breaks, or
 *   whose query times out, is given back at once and dropped: drizzle gives
 *   back nothing when a BEGIN fails (the pool would lose that place for
 *   good), and a connection still waiting for a timed-out answer would hang
 *   whoever got it next. Giving it back twice is harmless.
 */
export function createPostgresPool(url: string, settings: PostgresConnectionSettings, warn: (message: string) => void): pg.Pool {
  const giveBackOf = new WeakMap<pg.PoolClient, (error: Error) => void>();

  class SafePool extends pg.Pool {
    override connect(): Promise<pg.PoolClient>;
    override connect(
      callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
    ): void;
    override connect(
      callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
    ): Promise<pg.PoolClient> | void {
      // pool.query's own path: it gives the connection back itself, with the error if any.
      if (callback) return super.connect(callback);
      return super.connect().then((client) => {
        const release = client.release.bind(client);
        const giveBack = (error?: Error | boolean) => {
          if (giveBackOf.get(client) !== giveBack) return;
          giveBackOf.delete(client);
          release(error);
        };
        giveBackOf.set(client, giveBack);
        client.release = giveBack;
        return client;
      });
    }
  }

  const pool = new SafePool({
    connectionString: url,
    max: 10,
    // Idle connections are kept (no timer set and cleared around every query); one the server drops is dropped from the pool.
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    query_timeout: settings.queryTimeoutMs,
    ...KEEPALIVE,
  });
  // An idle connection dropped by the server (restart, network): the pool has dropped it and reconnects on demand.
  pool.on('error', (error) => warn(`Connexion PostgreSQL perdue : ${error.message}`));
  pool.on('connect', (client) => {
    // Heard, so that it cannot end the process: the query in flight fails with it (503), and an idle connection's loss is logged above.
    client.on('error', () => undefined);
    client.on('end', () => giveBackOf.get(client)?.(new Error('Connection terminated unexpectedly')));
    // Called below with this client as `this`.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const query = client.query;
    client.query = function queryWatched(this: pg.PoolClient, ...args: unknown[]) {
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === QUERY_TIMED_OUT) giveBackOf.get(client)?.(error);
        });
      }
      return result;
    } as typeof client.query;
  });
  return pool;
}

/**
 * A connection of its own (not pooled), for what must not share the pool's
 * limits: the change feed's LISTEN, idle between notifications, and the
 * startup lock and migrations, whose queries may rightly take long (no query
 * timeout unless given). `destroy` closes it even when the link went silent, where pg's
 * `end()` would wait for an answer that never comes.
 */
export function createOwnConnection(
  url: string,
  settings: { connectTimeoutMs: number; queryTimeoutMs?: number },
): { client: pg.Client; destroy(): void } {
  const socket = new Socket();
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    query_timeout: settings.queryTimeoutMs,
    ...KEEPALIVE,
    stream: () => socket,
  });
  return { client, destroy: () => socket.destroy() };
}

/** Ends `connection` politely, or destroys it if the database has not acknowledged within `ms`. */
export async function endOwnConnection(connection: { client: pg.Client; destroy(): void }, ms = 1000): Promise<void> {
  const timer = setTimeout(() => connection.destroy(), ms);
  try {
    await connection.client.end();
  } catch {
    connection.destroy();
  } finally {
    clearTimeout(timer);
  }
}
