/**
 * `npm run bench` (lists at scale, issue 11): the calls every page makes,
 * measured through the whole HTTP stack (inject) on a database seeded once
 * with 1,000 and with 100,000 projects (each with its participants and
 * documents), each figure also given as a ratio to a bare Fastify JSON route
 * measured in the same run. Embedded PGlite always; a PostgreSQL server too
 * when BENCH_DATABASE_URL is set (its databases `notadoo_bench_1000` and
 * `notadoo_bench_100000` are created and seeded on first use).
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/auth/passwords';
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { projects } from '../src/db/schema';
import { seedOffices } from '../src/seed/seed';
import { testConfig } from '../test/test-app';

const SIZES = [1_000, 100_000];
const PASSWORD = 'Motdepasse1';
const BENCH_DIR = path.join(tmpdir(), 'notadoo-bench');

interface Sample {
  label: string;
  perSecond: number;
  p50: number;
  p99: number;
}

async function measure(label: string, n: number, run: () => Promise<{ statusCode: number; body: string }>): Promise<Sample> {
  for (let i = 0; i < Math.min(20, n); i += 1) await run(); // warm-up: plans and caches
  const samples: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const start = performance.now();
    const res = await run();
    samples.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)]!;
  const total = samples.reduce((a, b) => a + b, 0);
  return { label, perSecond: (samples.length * 1000) / total, p50: at(0.5), p99: at(0.99) };
}

/**
 * Seeds `size` projects in one statement each (generate_series): one in 26 at
 * the Paris office (3,846 of 100,000), two participants and three documents
 * each, then the measured people: a client with 20 projects of 5 people and
 * 12 documents, a Paris notary and an admin.
 */
async function seed(database: Database, size: number): Promise<void> {
  const db = database.db;
  const passwordHash = await hashPassword(PASSWORD);
  await db.execute(sql`INSERT INTO users (email, password_hash, first_name, last_name, is_email_confirmed, roles, is_notary, notary_office_id)
    VALUES ('client@bench.fr', ${passwordHash}, 'Claire', 'Banc', true, ARRAY['ROLE_USER'], false, NULL),
           ('notaire@bench.fr', ${passwordHash}, 'Paul', 'Banc', true, ARRAY['ROLE_USER'], true, 1),
           ('admin@bench.fr', ${passwordHash}, 'Anne', 'Banc', true, ARRAY['ROLE_USER','ROLE_ADMIN'], false, NULL),
           ('filler@bench.fr', ${passwordHash}, 'Autre', 'Client', true, ARRAY['ROLE_USER'], false, NULL)`);
  await db.execute(sql`INSERT INTO projects (name, type, subtype, status, notary_office_id, creator_id, created_at)
    SELECT 'Dossier ' || g,
           CASE WHEN g % 3 = 0 THEN 'succession' ELSE 'realty' END,
           CASE WHEN g % 3 = 0 THEN 'settlement' ELSE 'appt' END,
           1 + g % 7,
           CASE WHEN g % 26 = 0 THEN 1 ELSE 2 + g % 12 END,
           (SELECT id FROM users WHERE email = 'filler@bench.fr'),
           now() - make_interval(mins => g)
    FROM generate_series(1, ${size - 20}) AS g`);
  await db.execute(sql`INSERT INTO participants (project_id, first_name, last_name, email, user_id, role, is_creator)
    SELECT p.id, 'Vendeur', 'N' || p.id, NULL, p.creator_id, 'seller', true FROM projects p
    UNION ALL SELECT p.id, 'Acquéreur', 'N' || p.id, 'acquereur' || p.id || '@exemple.fr', NULL, 'buyer', false FROM projects p`);
  await db.execute(sql`INSERT INTO documents (project_id, participant_id, kind, doc_type, progress)
    SELECT pa.project_id, pa.id, 'questionnaire', d.doc_type, (pa.id * 7) % 101
    FROM participants pa CROSS JOIN (VALUES ('document_civil_statuses'), ('document_sale_appts')) AS d(doc_type)
    WHERE pa.role = 'seller' OR d.doc_type = 'document_civil_statuses'`);
  // The client's 20 projects, newest of all: 5 people and 12 documents each.
  await db.execute(sql`WITH mine AS (
      INSERT INTO projects (name, type, subtype, status, notary_office_id, creator_id, created_at)
      SELECT 'Mon dossier ' || g, 'realty', 'house', 2, 1, (SELECT id FROM users WHERE email = 'client@bench.fr'), now() + make_interval(mins => g)
      FROM generate_series(1, 20) AS g RETURNING id, creator_id)
    INSERT INTO participants (project_id, first_name, last_name, email, user_id, role, is_creator)
    SELECT id, 'Claire', 'Banc', 'client@bench.fr', creator_id, 'seller', true FROM mine
    UNION ALL SELECT id, 'Personne ' || r, 'N' || id, 'p' || r || '-' || id || '@exemple.fr', NULL, (ARRAY['buyer','buyer','intermediary','seller'])[r], false
      FROM mine CROSS JOIN generate_series(1, 4) AS r`);
  await db.execute(sql`INSERT INTO documents (project_id, participant_id, kind, doc_type, progress)
    SELECT pa.project_id, pa.id, 'questionnaire', 'document_civil_statuses', 50 FROM participants pa JOIN projects p ON p.id = pa.project_id WHERE p.name LIKE 'Mon dossier %'
    UNION ALL SELECT p.id, NULL, 'files', 'identity_card', 0 FROM projects p CROSS JOIN generate_series(1, 7) WHERE p.name LIKE 'Mon dossier %'`);
  await db.execute(sql`ANALYZE`);
}

async function openBenchDatabase(size: number): Promise<{ database: Database; where: string }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    const dir = path.join(BENCH_DIR, `pglite-${size}`);
    mkdirSync(BENCH_DIR, { recursive: true });
    return { database: await openDatabase({ pgliteDir: dir }), where: 'PGlite' };
  }
  const name = `notadoo_bench_${size}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { database: await openDatabase({ url: url.toString() }), where: 'PostgreSQL' };
}

async function prepare(size: number): Promise<{ app: FastifyInstance; database: Database; where: string }> {
  const { database, where } = await openBenchDatabase(size);
  await migrate(database);
  await seedOffices(database.db);
  const [seeded] = await database.db.select({ n: sql<number>`count(*)::int` }).from(projects);
  if (Number(seeded?.n ?? 0) === 0) {
    const start = performance.now();
    await seed(database, size);
    console.log(`  (${where} : ${size.toLocaleString('fr-FR')} dossiers créés en ${((performance.now() - start) / 1000).toFixed(1)} s)`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'notadoo-bench-files-'));
  const unlimited = { max: 1e9, windowMs: 1 };
  const app = await buildApp({
    database,
    mailer: { send: async () => {} },
    config: { ...testConfig, dataDir },
    rateLimits: { loginPerIp: unlimited, loginFailuresPerAccountAndIp: unlimited, signupPerIp: unlimited },
  });
  return { app, database, where };
}

async function login(app: FastifyInstance, email: string): Promise<Record<string, string>> {
  const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { login: email, password: PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.body}`);
  return { authorization: `Bearer ${res.json<{ token: string }>().token}` };
}

const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
await bare.ready();

const results = new Map<string, Sample>();
for (const size of SIZES) {
  const { app, database, where } = await prepare(size);
  const client = await login(app, 'client@bench.fr');
  const notary = await login(app, 'notaire@bench.fr');
  const admin = await login(app, 'admin@bench.fr');
  const get = (url: string, headers: Record<string, string>) => () => app.inject({ method: 'GET', url, headers });
  const mine = (await app.inject({ method: 'GET', url: '/api/projects/mine?limit=100', headers: client })).json<Array<{ id: number }>>();
  const deepCursor = (await app.inject({ method: 'GET', url: '/api/projects/mine?limit=100', headers: admin })).headers['x-next-page'];

  const baseline = await measure('route Fastify nue (référence)', 1000, () => bare.inject({ method: 'GET', url: '/bare' }));
  const samples = [
    await measure('GET /api/users/me', 300, get('/api/users/me', client)),
    await measure(`GET /api/projects/mine (client, ${mine.length} dossiers)`, 200, get('/api/projects/mine', client)),
    await measure('GET /api/project/{id} (5 personnes, 12 documents)', 200, get(`/api/project/${mine[0]!.id}`, client)),
    await measure("GET /api/projects/mine (notaire, 1re page de l'office)", 100, get('/api/projects/mine', notary)),
    await measure('GET /api/projects/mine (admin, 1re page)', 100, get('/api/projects/mine', admin)),
    await measure('GET /api/projects/mine (admin, 2e page)', 100, get(`/api/projects/mine?after=${String(deepCursor)}`, admin)),
    await measure('GET /api/projects/mine?q=dossier 4242 (admin)', 50, get('/api/projects/mine?q=dossier%204242', admin)),
  ];
  console.log(`\n${where}, ${size.toLocaleString('fr-FR')} dossiers en base — référence : ${baseline.perSecond.toFixed(0)} req/s`);
  for (const s of samples) {
    const atSmall = results.get(`${where} ${s.label}`);
    const vsSmall = atSmall ? `  ×${(atSmall.perSecond / s.perSecond).toFixed(2)} du temps à 1 000` : '';
    console.log(
      `  ${s.label.padEnd(56)} ${s.perSecond.toFixed(0).padStart(6)} req/s  ratio ${(s.perSecond / baseline.perSecond).toFixed(3)}` +
        `  p50 ${s.p50.toFixed(1).padStart(6)} ms  p99 ${s.p99.toFixed(1).padStart(6)} ms${vsSmall}`,
    );
    results.set(`${where} ${s.label}`, s);
  }
  console.log(`  mémoire du processus : ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} Mio`);
  await app.close();
  await database.close();
}
await bare.close();
