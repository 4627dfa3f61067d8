/**
 * What a query costs through the PGlite worker's message port, against the
 * same query on PGlite in the calling thread (db/pglite-worker-client.ts):
 * `SELECT 1`, one row of 30 KB of JSON (as a questionnaire's answers: decoded
 * as the client does, and as text decoded by the caller) and a page of 50
 * small rows, each sent one at a time. Printed per query: the
 * wall time, and the time the calling thread was busy (its event loop's
 * active time), which is what the server's thread pays; the rest is the
 * worker's and runs beside it.
 *
 *   npx tsx apps/server/bench/pglite-worker-bench.ts
 */
import { performance } from 'node:perf_hooks';
import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { openPgliteWorker } from '../src/db/pglite-worker-client';

const ROUNDS = Number(process.env.PGLITE_WORKER_BENCH_ROUNDS ?? 2000);
const SETTINGS = { shared_buffers: '16MB' };

type Client = { query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown> };

const answers = Object.fromEntries(
  Array.from({ length: 300 }, (_, i) => [`question_${i}`, { value: `réponse numéro ${i} ${'x'.repeat(20)}`, at: '2026-11-24T10:00:00Z' }]),
);
const SETUP = `
  CREATE TABLE docs (id int PRIMARY KEY, answers jsonb NOT NULL);
  CREATE TABLE people (id int PRIMARY KEY, first_name text, last_name text, email text, created_at timestamptz, office int);
  INSERT INTO people SELECT i, 'Prénom ' || i, 'Nom ' || i, 'p' || i || '@exemple.fr', now(), i % 7 FROM generate_series(1, 200) i;`;

const keep = (value: string) => value;
/** drizzle's options for its mapped selects: rows as arrays, dates kept as text. */
const DRIZZLE_ARRAY: QueryOptions = { rowMode: 'array', parsers: { [types.TIMESTAMPTZ]: keep, [types.DATE]: keep } };
/** The JSON column's text, decoded by the caller rather than by PGlite. */
const JSON_AS_TEXT: QueryOptions = { parsers: { [types.JSONB]: keep } };

const CASES: Array<{ name: string; run: (c: Client) => Promise<unknown> }> = [
  { name: 'SELECT 1', run: (c) => c.query('SELECT 1') },
  { name: 'ligne JSON de 30 Ko (décodée)', run: (c) => c.query('SELECT answers FROM docs WHERE id = $1', [1]) },
  {
    name: 'ligne JSON de 30 Ko (texte, JSON.parse ici)',
    run: async (c) => {
      const result = (await c.query('SELECT answers FROM docs WHERE id = $1', [1], JSON_AS_TEXT)) as { rows: Array<{ answers: string }> };
      return JSON.parse(result.rows[0]!.answers) as unknown;
    },
  },
  {
    name: '50 lignes de 6 colonnes (drizzle)',
    run: (c) => c.query('SELECT * FROM people WHERE id > $1 ORDER BY id LIMIT 50', [10], DRIZZLE_ARRAY),
  },
];

async function measure(client: Client, run: (c: Client) => Promise<unknown>): Promise<{ wallUs: number; busyUs: number }> {
  for (let i = 0; i < 200; i += 1) await run(client);
  const elu = performance.eventLoopUtilization();
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i += 1) await run(client);
  const wall = performance.now() - start;
  const busy = performance.eventLoopUtilization(elu).active;
  return { wallUs: (wall * 1000) / ROUNDS, busyUs: (busy * 1000) / ROUNDS };
}

const inProcess = await PGlite.create({ startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });
const worker = await openPgliteWorker({ settings: SETTINGS });
for (const db of [inProcess, worker]) {
  await db.exec(SETUP);
  await db.query('INSERT INTO docs VALUES (1, $1)', [answers]);
}
const size = ((await inProcess.query<{ n: number }>('SELECT length(answers::text) AS n FROM docs')).rows[0]!.n / 1024).toFixed(1);
console.log(`PGlite dans le fil appelant / dans un worker, ${ROUNDS} requêtes une à la fois (JSON de ${size} Ko)`);
console.log('µs par requête : durée, dont fil appelant occupé');
for (const { name, run } of CASES) {
  const here = await measure(inProcess, run);
  const there = await measure(worker, run);
  const fmt = (m: { wallUs: number; busyUs: number }) =>
    `${m.wallUs.toFixed(0).padStart(5)} µs, occupé ${m.busyUs.toFixed(0).padStart(5)} µs`;
  console.log(`  ${name.padEnd(44)} sur place ${fmt(here)} | worker ${fmt(there)}`);
}
await inProcess.close();
await worker.close();
