import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { createEmbeddedMaintenance, tablesDue, type TableActivity } from './embedded-maintenance';
import { migrate } from './migrate';

const quiet: TableActivity = {
  table: 't',
  reltuples: 10_000,
  relpages: 100,
  pages: 100,
  deadRows: 0,
  changedSinceAnalyze: 0,
  insertedSinceVacuum: 0,
};

describe('tables due for VACUUM / ANALYZE (autovacuum defaults)', () => {
  it('leaves a quiet table, and an empty one never analyzed, alone', () => {
    expect(tablesDue([quiet, { ...quiet, reltuples: -1, relpages: 0, pages: 0 }])).toEqual([]);
  });

  it('vacuums past 50 + 20 % dead rows or 1,000 + 20 % inserted rows, and analyzes past 50 + 10 % changed rows', () => {
    expect(tablesDue([{ ...quiet, deadRows: 2050 }])).toEqual([]);
    expect(tablesDue([{ ...quiet, deadRows: 2051 }])).toEqual([{ table: 't', vacuum: true, analyze: false }]);
    expect(tablesDue([{ ...quiet, insertedSinceVacuum: 3001 }])).toEqual([{ table: 't', vacuum: true, analyze: false }]);
    expect(tablesDue([{ ...quiet, changedSinceAnalyze: 1050 }])).toEqual([]);
    expect(tablesDue([{ ...quiet, changedSinceAnalyze: 1051 }])).toEqual([{ table: 't', vacuum: false, analyze: true }]);
  });

  it('does both on a table never vacuumed, or grown past what the planner knows (counters lost on restart)', () => {
    expect(tablesDue([{ ...quiet, reltuples: -1, relpages: 0, pages: 3 }])).toEqual([{ table: 't', vacuum: true, analyze: true }]);
    expect(tablesDue([{ ...quiet, pages: 130 }])).toEqual([]);
    expect(tablesDue([{ ...quiet, pages: 131 }])).toEqual([{ table: 't', vacuum: true, analyze: true }]);
  });
});

describe('maintenance of the embedded database', () => {
  const log = { info: () => {}, warn: () => {} };
  let dir: string;
  let database: Database | undefined;

  afterEach(async () => {
    await database?.close();
    database = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function open(): Promise<Database> {
    database = await openDatabase({ pgliteDir: path.join(dir, 'db') });
    return database;
  }

  async function addProjects(db: Database['db'], n: number): Promise<void> {
    await db.execute(sql`INSERT INTO projects (name, type, subtype, created_at)
      SELECT 'Dossier ' || g, 'realty', 'appt', now() - make_interval(mins => g) FROM generate_series(1, ${n}) AS g`);
  }

  /** A new embedded database, migrated, with `n` projects. */
  async function newDatabaseWithProjects(n: number): Promise<Database['db']> {
    dir = mkdtempSync(path.join(tmpdir(), 'notadoo-maintenance-'));
    const { db } = await open();
    await migrate(database!);
    await addProjects(db, n);
    return db;
  }

  /** How many table rows a deep page of the billing list reads besides its index (0 once the visibility map is set). */
  async function heapFetchesOfDeepPage(db: Database['db']): Promise<{ node: string; heapFetches: number }> {
    const result = (await db.execute(
      sql`EXPLAIN (ANALYZE, FORMAT JSON) SELECT id FROM projects ORDER BY created_at, id LIMIT 100 OFFSET 2500`,
    )) as unknown as { rows: Array<{ 'QUERY PLAN': Array<{ Plan: { Plans: Array<{ 'Node Type': string; 'Heap Fetches'?: number }> } }> }> };
    const scan = result.rows[0]!['QUERY PLAN'][0]!.Plan.Plans[0]!;
    return { node: scan['Node Type'], heapFetches: scan['Heap Fetches'] ?? -1 };
  }

  it('vacuums and analyzes what changed, so that a deep page is read from the index alone; then rests', async () => {
    const db = await newDatabaseWithProjects(3000);
    const maintenance = createEmbeddedMaintenance(database!, log);

    const before = await heapFetchesOfDeepPage(db);
    expect(before.heapFetches).not.toBe(0);

    const done = await maintenance.runOnce();
    expect(done.find((w) => w.table === 'projects')).toMatchObject({ vacuum: true, analyze: true });
    expect(await heapFetchesOfDeepPage(db)).toEqual({ node: 'Index Only Scan', heapFetches: 0 });
    const planned = (await db.execute(sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'projects'`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(planned.rows[0]?.n).toBe(3000);

    // Nothing changed since: the next pass does nothing.
    expect(await maintenance.runOnce()).toEqual([]);
  });

  it('analyzes from a sample of 3,000 rows and builds indexes in 8 MB, all PostgreSQL in WebAssembly keeps for good', async () => {
    const db = await newDatabaseWithProjects(5000);
    await createEmbeddedMaintenance(database!, log).runOnce();
    const [stats] = (
      (await db.execute(
        sql`SELECT cardinality(histogram_bounds::text::text[]) AS bounds, current_setting('maintenance_work_mem') AS work
            FROM pg_stats WHERE tablename = 'projects' AND attname = 'created_at'`,
      )) as unknown as { rows: Array<{ bounds: number; work: string }> }
    ).rows;
    // 10 buckets, the statistics target that makes a sample of 300 × 10 rows (100 buckets from 30,000 rows by default).
    expect(stats).toEqual({ bounds: 11, work: '8MB' });
  });

  it('after a restart, which loses the counters, still catches a table grown since its last vacuum', async () => {
    let db = await newDatabaseWithProjects(1000);
    await createEmbeddedMaintenance(database!, log).runOnce();
    await addProjects(db, 3000);
    await database!.close();

    db = (await open()).db;
    const [counters] = (
      (await db.execute(sql`SELECT n_ins_since_vacuum::int AS n FROM pg_stat_user_tables WHERE relname = 'projects'`)) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows;
    expect(counters?.n).toBe(0);
    const done = await createEmbeddedMaintenance(database!, log).runOnce();
    expect(done.map((w) => w.table)).toEqual(['projects']);
    expect(await heapFetchesOfDeepPage(db)).toEqual({ node: 'Index Only Scan', heapFetches: 0 });
  });

  it('does nothing on a PostgreSQL server, which has its own autovacuum', async () => {
    let asked = 0;
    const server = { kind: 'postgres', db: { execute: async () => asked++ } } as unknown as Database;
    const maintenance = createEmbeddedMaintenance(server, log);
    maintenance.start();
    await maintenance.stop();
    expect(asked).toBe(0);
  });
});
