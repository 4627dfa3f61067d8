/**
 * `npm run bench` (issue 22): the pieces of a file.
 *
 * 1. Deriving the pieces of a full house sale (a fully answered house
 *    questionnaire, two civil statuses, a buyer's questionnaire): what every
 *    save of an answer pays before reconciling; time per derivation over
 *    PIECES_BENCH_RUNS runs (default 1,000).
 * 2. At 100,000 projects and 1,000,000 pieces (10 per file, 5 per person;
 *    2 % received, 60 % demandées, 10 % à corriger, the rest accepted or
 *    waived, changed over the last 30 days): the office's dashboard with its
 *    counts of pieces to review, first and deep pages (goal: under 100 ms),
 *    the admin's too; and the reminders' pass query (one page of 500 people,
 *    first and middle of the table) with its plan (EXPLAIN ANALYZE).
 *
 * Seeded once by generate_series on top of bench-seed.ts's database, in a
 * database of its own (`pglite-v2-pieces-100000`, or `notadoo_bench_v2_pieces_100000`
 * on the server of BENCH_DATABASE_URL, measured too when it is set).
 * PIECES_BENCH_SIZE changes the number of projects; BENCH_BACKENDS=PostgreSQL measures only that backend.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  derivePieceRequests,
  fullyAnsweredSample,
  QUESTIONNAIRE_DEFINITIONS,
  saleHouseDefinition,
  type PieceDerivationInput,
} from '@notadoo/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/database';
import {
  findReminderCandidates,
  loadPeopleRequests,
  loadRemindersSent,
  personKeyOf,
  reminderCandidatesQuery,
} from '../src/modules/pieces/piece-reminder-data';
import { testConfig } from '../test/test-app';
import { BENCH_PASSWORD, openSeededDatabase, type Backend, type SeedVariant } from './bench-seed';

const RUNS = Number(process.env.PIECES_BENCH_RUNS ?? 1000);
const SIZE = Number(process.env.PIECES_BENCH_SIZE ?? 100_000);
const REPEATS = 15;
const BACKENDS = (process.env.BENCH_DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite']).filter(
  (b) => !process.env.BENCH_BACKENDS || process.env.BENCH_BACKENDS.split(',').includes(b),
) as Backend[];

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function timed<T>(work: () => Promise<T>, repeats = REPEATS): Promise<{ median: number; p95: number; last: T }> {
  await work(); // warm-up (statements prepared, pages in cache)
  const times: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < repeats; i += 1) {
    const start = performance.now();
    last = await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95), last: last as T };
}

// ---------------------------------------------------------------- 1. derivation

function benchDerivation(): void {
  const civil = QUESTIONNAIRE_DEFINITIONS.document_civil_statuses;
  const buyer = QUESTIONNAIRE_DEFINITIONS.document_buyers;
  const input: PieceDerivationInput = {
    project: { type: 'realty', subtype: 'house' },
    participants: [
      { id: 1, role: 'seller' },
      { id: 2, role: 'buyer' },
    ],
    questionnaires: [
      { docType: 'document_sale_houses', participantId: 1, answers: fullyAnsweredSample(saleHouseDefinition) },
      { docType: 'document_civil_statuses', participantId: 1, answers: fullyAnsweredSample(civil) },
      { docType: 'document_civil_statuses', participantId: 2, answers: fullyAnsweredSample(civil) },
      { docType: 'document_buyers', participantId: 2, answers: fullyAnsweredSample(buyer) },
    ],
  };
  let pieces = 0;
  for (let i = 0; i < 50; i += 1) pieces = derivePieceRequests(input).length; // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    pieces = derivePieceRequests(input).length;
    times.push(performance.now() - start);
  }
  const total = times.reduce((a, b) => a + b, 0);
  times.sort((a, b) => a - b);
  console.log(`\nDérivation des pièces d'une vente de maison complète (${pieces} pièces, ${RUNS.toLocaleString('fr-FR')} dérivations)`);
  console.log(
    `  moyenne ${ms(total / RUNS)}, médiane ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}, max ${ms(times.at(-1)!)} par dérivation`,
  );
}

// ---------------------------------------------------------------- 2. at scale

/** 10 pieces per file, 5 per person (the seed's two people per file), by generate_series; triggers off (no one listens to a seed). */
const PIECES: SeedVariant = {
  name: 'pieces',
  async seed(database: Database) {
    const db = database.db;
    await db.execute(sql`ALTER TABLE piece_requests DISABLE TRIGGER USER`);
    const [range] = ((await db.execute(sql`SELECT max(id)::int AS last FROM participants`)) as unknown as { rows: Array<{ last: number }> })
      .rows;
    // By ranges of people: each statement stays well under the PostgreSQL query timeout (10 s).
    for (let from = 0; from <= range!.last; from += 20_000) {
      await db.execute(sql`INSERT INTO piece_requests (project_id, participant_id, piece_id, label, origin, state, file_types, created_at, updated_at)
      SELECT pa.project_id, pa.id, 'piece_' || k, 'Pièce ' || k, 'derived',
             CASE WHEN (pa.id * 5 + k) % 50 = 0 THEN 'received'
                  WHEN (pa.id * 5 + k) % 10 < 6 THEN 'requested'
                  WHEN (pa.id * 5 + k) % 10 = 6 THEN 'to_correct'
                  WHEN (pa.id * 5 + k) % 10 < 9 THEN 'accepted'
                  ELSE 'waived' END,
             ARRAY['other'], now() - make_interval(days => 40), now() - make_interval(days => (pa.id + k) % 30, hours => k)
      FROM participants pa CROSS JOIN generate_series(1, 5) AS k WHERE pa.id > ${from} AND pa.id <= ${from + 20_000}`);
    }
    await db.execute(sql`ALTER TABLE piece_requests ENABLE TRIGGER USER`);
  },
};

/**
 * bench-seed.ts makes one account the seller of every file; a person owing
 * pieces in 100,000 files is no one's case, and would make each page of the
 * reminders read all of them: each seller gets an account of their own (the
 * seed's `u<n>@bench.fr`). Idempotent: nothing to do once done.
 */
async function giveSellersTheirAccounts(database: Database): Promise<void> {
  await database.db.execute(sql`UPDATE participants pa SET user_id = u.id
    FROM users u, users filler
    WHERE filler.email = 'filler@bench.fr' AND pa.user_id = filler.id AND pa.role = 'seller' AND u.email = 'u' || pa.project_id || '@bench.fr'`);
}

async function login(app: FastifyInstance, email: string): Promise<Record<string, string>> {
  const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { login: email, password: BENCH_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json<{ token: string }>().token}` };
}

/** The dashboard's page `page` (1-based), reached by following the cursors as the web does. */
async function cursorOfPage(
  app: FastifyInstance,
  headers: Record<string, string>,
  page: number,
): Promise<{ url: string; reached: number }> {
  let url = '/api/projects/mine';
  for (let n = 1; n < page; n += 1) {
    const next = (await app.inject({ method: 'GET', url, headers })).headers['x-next-page'];
    if (typeof next !== 'string') return { url, reached: n };
    url = `/api/projects/mine?after=${encodeURIComponent(next)}`;
  }
  return { url, reached: page };
}

async function benchAtScale(backend: Backend): Promise<void> {
  const database = await openSeededDatabase(backend, SIZE, PIECES);
  await giveSellersTheirAccounts(database);
  const db = database.db;
  const counts =
    (await db.execute(sql`SELECT (SELECT count(*) FROM projects)::int AS projects, (SELECT count(*) FROM piece_requests)::int AS pieces,
      (SELECT count(*) FROM piece_requests WHERE state = 'received')::int AS received`)) as unknown as {
      rows: Array<{ projects: number; pieces: number; received: number }>;
    };
  const c = counts.rows[0]!;
  console.log(
    `\n${backend} : ${c.projects.toLocaleString('fr-FR')} dossiers, ${c.pieces.toLocaleString('fr-FR')} pièces (${c.received.toLocaleString('fr-FR')} reçues à examiner)`,
  );

  const app = await buildApp({
    database,
    mailer: { send: async () => {} },
    config: { ...testConfig, dataDir: mkdtempSync(path.join(tmpdir(), 'notadoo-bench-files-')) },
    rateLimits: { loginPerIp: { max: 1e9, windowMs: 1 } },
  });
  const notary = await login(app, 'notaire@bench.fr');
  const admin = await login(app, 'admin@bench.fr');
  console.log('  tableau de bord (GET /api/projects/mine, avec les pièces à examiner), médiane et p95 de 15 appels (objectif < 100 ms)');
  for (const [who, headers] of [
    ["notaire (l'office)", notary],
    ['admin (tout le réseau)', admin],
  ] as const) {
    for (const page of [1, 10, 100]) {
      const { url, reached } = await cursorOfPage(app, headers, page);
      const figure = await timed(async () => {
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
        return res.json<Array<{ pieces_to_review?: number }>>();
      });
      const toReview = figure.last.reduce((sum, line) => sum + (line.pieces_to_review ?? 0), 0);
      const verdict = figure.median < 100 ? 'oui' : 'NON';
      console.log(
        `    ${who.padEnd(24)} page ${String(reached).padStart(3)} : médiane ${ms(figure.median)}, p95 ${ms(figure.p95)} (${figure.last.length} dossiers, ${toReview} pièces à examiner) ${verdict}`,
      );
    }
  }

  // The reminders' pass: its page query as the pass runs it at 10:00, and the people's reads for that page.
  const quietBefore = new Date(Date.now() - 2 * 86_400_000);
  const [middle] = (
    (await db.execute(sql`SELECT (max(id) / 2)::int AS id FROM participants`)) as unknown as { rows: Array<{ id: number }> }
  ).rows;
  console.log('  passe des relances (une page de 500 personnes)');
  for (const [where, after] of [
    ['début', 0],
    ['milieu', middle!.id],
  ] as const) {
    const page = await timed(() => findReminderCandidates(db, { afterParticipantId: after, quietBefore, limit: 500 }));
    const people = page.last.candidates;
    const reads = await timed(async () => {
      const rows = await loadPeopleRequests(db, people);
      await loadRemindersSent(
        db,
        people.flatMap((p) => personKeyOf(p) ?? []),
      );
      return rows.length;
    }, 5);
    console.log(
      `    ${where.padEnd(7)} : page des candidats médiane ${ms(page.median)} (p95 ${ms(page.p95)}, ${people.length} personnes) ; ` +
        `leurs pièces et relances médiane ${ms(reads.median)} (${reads.last.toLocaleString('fr-FR')} pièces lues)`,
    );
  }
  const plan = (await db.execute(
    sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${reminderCandidatesQuery(db, { afterParticipantId: middle!.id, quietBefore, limit: 500 }).getSQL()}`,
  )) as unknown as { rows: Array<Record<string, string>> };
  console.log('  plan de la page du milieu :');
  for (const row of plan.rows) console.log(`    ${Object.values(row)[0]}`);
  await app.close();
  await database.close();
}

benchDerivation();
for (const backend of BACKENDS) await benchAtScale(backend);
