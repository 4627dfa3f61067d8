import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { openPgliteWorker } from './pglite-worker-client';
import { createOwnConnection, createPostgresPool, endOwnConnection } from './postgres-pool';
import { DEFAULT_POSTGRES_SETTINGS, type PostgresConnectionSettings } from './postgres-settings';
import { schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** One typed query layer over either PostgreSQL server (`pg`) or embedded PGlite. */
export interface Database {
  db: Db;
  /** Runs SQL text that may hold several statements (migrations), all or nothing. */
  execScriptAtomically(sql: string): Promise<void>;
  /** Runs `work` while holding a database-wide lock, so concurrent starts migrate once. */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Issue 11: hears the notifications of `channel` (LISTEN) on a connection
   * of its own. `lost` is called once if that connection breaks: whatever
   * was sent meanwhile is not heard, and listening again is the caller's
   * call. Answers a function that stops listening.
   */
  listen(channel: string, heard: (payload: string) => void, lost: (error: Error) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  kind: 'postgres' | 'pglite';
}

/**
 * PGlite runs PostgreSQL in WebAssembly, whose memory, once touched, stays
 * resident until the process ends: what PostgreSQL's settings let it allocate
 * at its busiest becomes the server's memory for good. A PostgreSQL server
 * keeps its own settings. So, for the embedded database (decision 0093):
 * - 16 MB of shared buffers instead of the stock 128 MB (issue 11): the
 *   database is one process's and its files stay in the OS page cache;
 * - statistics from a sample of 3,000 rows instead of 30,000: ANALYZE holds its
 *   whole sample in memory, and on a table of 1 KB rows (the questionnaires'
 *   answers) that was 87 MB more for good at 100,000 files, against 13 MB;
 * - 8 MB for maintenance work instead of 64 MB: an index built by a migration
 *   sorted in memory up to that, 18 MB more for good at 400,000 documents.
 */
const PGLITE_SETTINGS = { shared_buffers: '16MB', default_statistics_target: '10', maintenance_work_mem: '8MB' };

export type DatabaseTarget = { url: string; settings?: PostgresConnectionSettings } | { pgliteDir: string } | { pgliteInMemory: true };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) return openPostgres(target.url, target.settings ?? DEFAULT_POSTGRES_SETTINGS);
  if ('pgliteDir' in target) mkdirSync(path.dirname(target.pgliteDir), { recursive: true, mode: 0o700 });
  // PGlite in a worker thread: PostgreSQL's work and the application's run on two cores at once.
  const client = await openPgliteWorker({ dataDir: 'pgliteDir' in target ? target.pgliteDir : undefined, settings: PGLITE_SETTINGS });
  return {
    kind: 'pglite',
    // drizzle uses query (with text-keeping parsers) and transaction, which the worker's client has; cast, as
    // PGlite is a class with private members that no other object matches by type.
    db: drizzlePglite(client as unknown as PGlite, { schema }),
    execScriptAtomically: async (sql) => {
      await client.transaction(async (tx) => {
        await tx.exec(sql);
      });
    },
    // A PGlite database belongs to one process: nothing to lock against.
    withStartupLock: (work) => work(),
    // A commit's notifications come over the same port before its answer; `lost` if the worker stops.
    listen: (channel, heard, lost) => client.listen(channel, heard, lost),
    close: () => client.close(),
  };
}

const STARTUP_LOCK_KEY = 727_2026;

async function openPostgres(url: string, settings: PostgresConnectionSettings): Promise<Database> {
  const pool = createPostgresPool(url, settings, (message) => console.warn(message));
  // Fail at start with a clear error rather than at the first request.
  await pool.query('SELECT 1');
  /** Runs `work` on a connection of its own, without the query timeout: a migration or the wait for the startup lock may rightly take long. */
  const withOwnConnection = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const connection = createOwnConnection(url, { connectTimeoutMs: settings.connectTimeoutMs });
    // A lost connection fails the query in flight; unheard, its 'error' would end the process.
    connection.client.on('error', () => undefined);
    try {
      await connection.client.connect();
      return await work(connection.client);
    } finally {
      await endOwnConnection(connection);
    }
  };
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }),
    execScriptAtomically: (sql) =>
      withOwnConnection(async (conn) => {
        try {
          await conn.query('BEGIN');
          await conn.query(sql);
          await conn.query('COMMIT');
        } catch (error) {
          await conn.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    // The lock is the connection's: it goes with it, whatever happens to `work`.
    withStartupLock: (work) =>
      withOwnConnection(async (conn) => {
        await conn.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await conn.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        }
      }),
    listen: async (channel, heard, lost) => {
      // Not a pooled connection: it must stay open and idle between notifications.
      // Its LISTEN bounded: on a silent link it would otherwise hold the feed's start (and its retries) for good.
      const connection = createOwnConnection(url, settings);
      const { client } = connection;
      let open = true;
      const drop = (error: Error) => {
        if (!open) return;
        open = false;
        void endOwnConnection(connection);
        lost(error);
      };
      client.on('notification', (message) => {
        if (message.channel === channel) heard(message.payload ?? '');
      });
      client.on('error', drop);
      client.on('end', () => drop(new Error('connexion fermée')));
      try {
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        open = false;
        await endOwnConnection(connection);
        throw error;
      }
      return async () => {
        open = false;
        // Destroyed if the link went silent: the feed's watchdog calls this when the link stopped answering.
        await endOwnConnection(connection);
      };
    },
    close: () => pool.end(),
  };
}
