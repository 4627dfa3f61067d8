import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { periodicTask } from '../periodic-task';
import type { Database } from './database';
import { rowsOf } from './rows';

/**
 * PGlite runs PostgreSQL as one process with no autovacuum worker, and its
 * statistics counters start again from zero each time it is opened. Left
 * alone, the embedded database is never vacuumed nor analyzed: the planner
 * works from no statistics and index-only scans read the table anyway (page
 * 900 of the billing list at 100,000 projects: 83-115 ms instead of 12-22 ms).
 * This does autovacuum's work in the server process, with PostgreSQL's
 * default thresholds. A PostgreSQL server does it itself: nothing runs there.
 */

/** What the catalog and the statistics say of one table. */
export interface TableActivity {
  table: string;
  /** The planner's row count: -1 until the table is first vacuumed or analyzed. */
  reltuples: number;
  /** The table's pages at its last vacuum or analyze. */
  relpages: number;
  /** The table's pages now. */
  pages: number;
  deadRows: number;
  changedSinceAnalyze: number;
  insertedSinceVacuum: number;
}

export interface TableWork {
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

/** A table a pass did, and how long PGlite was busy with it. */
export type TableDone = TableWork & { ms: number };

/** PostgreSQL's autovacuum defaults (autovacuum_*_threshold and *_scale_factor). */
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const INSERT_VACUUM_BASE = 1000;
const INSERT_VACUUM_SCALE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;
/** The counters are lost on restart: a table grown by this much since its last vacuum is done again. */
const GROWTH_SCALE = 0.2;
const GROWTH_BASE_PAGES = 10;

/** The tables due for VACUUM and/or ANALYZE, by autovacuum's rules plus what a restart hides. */
export function tablesDue(activity: TableActivity[]): TableWork[] {
  const due: TableWork[] = [];
  for (const t of activity) {
    const rows = Math.max(t.reltuples, 0);
    // Never vacuumed nor analyzed, or grown well past what the planner knows (changes made before a restart).
    const unknown = t.pages > 0 && (t.reltuples < 0 || t.pages > t.relpages * (1 + GROWTH_SCALE) + GROWTH_BASE_PAGES);
    const vacuum =
      unknown || t.deadRows > VACUUM_BASE + VACUUM_SCALE * rows || t.insertedSinceVacuum > INSERT_VACUUM_BASE + INSERT_VACUUM_SCALE * rows;
    const analyze = unknown || t.changedSinceAnalyze > ANALYZE_BASE + ANALYZE_SCALE * rows;
    if (vacuum || analyze) due.push({ table: t.table, vacuum, analyze });
  }
  return due;
}

export interface EmbeddedMaintenance {
  /** Reads the tables' activity and vacuums/analyzes those due; answers what was done. */
  runOnce(): Promise<TableDone[]>;
  /** A pass now, then one every `intervalMs` (idempotent). */
  start(): void;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

/** autovacuum_naptime's default. */
export const MAINTENANCE_INTERVAL_MS = 60_000;

export function createEmbeddedMaintenance(
  database: Database,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  intervalMs = MAINTENANCE_INTERVAL_MS,
): EmbeddedMaintenance {
  const { db } = database;
  async function readActivity(): Promise<TableActivity[]> {
    // Counters are handed to the statistics at most once a second; this one is flushed before they are read.
    await db.execute(sql`SELECT pg_stat_force_next_flush()`);
    return rowsOf<TableActivity>(
      db,
      sql`
      SELECT c.relname AS "table", c.reltuples::float8 AS reltuples, c.relpages AS relpages,
             (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages,
             s.n_dead_tup::int AS "deadRows", s.n_mod_since_analyze::int AS "changedSinceAnalyze",
             s.n_ins_since_vacuum::int AS "insertedSinceVacuum"
      FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.schemaname = 'public'
      ORDER BY c.relname`,
    );
  }

  async function runOnce(): Promise<TableDone[]> {
    const done: TableDone[] = [];
    // One table at a time: PGlite answers nothing else meanwhile, so each pause stays short.
    for (const work of tablesDue(await readActivity())) {
      const start = performance.now();
      const table = sql.identifier(work.table);
      await db.execute(!work.vacuum ? sql`ANALYZE ${table}` : work.analyze ? sql`VACUUM (ANALYZE) ${table}` : sql`VACUUM ${table}`);
      const ms = Math.round(performance.now() - start);
      done.push({ ...work, ms });
      log.info({ ...work, ms }, 'Entretien de la base embarquée (VACUUM / ANALYZE).');
    }
    return done;
  }

  const repeated = periodicTask(runOnce, intervalMs, (error) =>
    log.warn({ err: error }, 'Entretien de la base embarquée impossible ; nouvel essai plus tard.'),
  );

  return {
    runOnce,
    start() {
      if (database.kind === 'pglite') repeated.start();
    },
    stop: () => repeated.stop(),
  };
}
