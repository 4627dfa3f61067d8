/**
 * The databases of the capacity bench (capacity-bench.ts): a notary
 * network's file base, seeded by SQL in bulk (generate_series) and kept, so
 * that a second run starts in seconds:
 *   - PostgreSQL: `notadoo_bench_capacity_<size>` on BENCH_DATABASE_URL's server;
 *   - PGlite: $TMPDIR/notadoo-bench/pglite-capacity-<size>/db (the server runs
 *     on a copy, so every run starts from the same data).
 * A database is reused when its recorded seed version is CAPACITY_SEED_VERSION;
 * otherwise (older seed, or a seed cut short) it is made again from scratch.
 * New migrations are applied to a kept database, as to a production one.
 *
 * Per `size` projects: size/2 client accounts (at least the simulated ones),
 * each the seller of two files and the buyer of two others; three notaries per
 * office of the network; one admin. Per file: two people with accounts, four
 * documents (both people's civil status questionnaires, the file's sale or
 * succession questionnaire, a drawer of identity papers) whose answers are
 * JSONB taken from the questionnaires' own samples.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fullyAnsweredSample, QUESTIONNAIRE_DEFINITIONS } from '@notadoo/domain';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { hashPassword } from '../src/auth/passwords';
import { openDatabase, type Database } from '../src/db/database';
import { createEmbeddedMaintenance } from '../src/db/embedded-maintenance';
import { migrate } from '../src/db/migrate';
import { rowsOf } from '../src/db/rows';
import { DEFAULT_POSTGRES_SETTINGS } from '../src/db/postgres-settings';
import { seedOffices } from '../src/seed/seed';

export const CAPACITY_PASSWORD = 'Kq7#vLp2!xWr9';
const CAPACITY_SEED_VERSION = 'capacity-3';
const BENCH_DIR = path.join(tmpdir(), 'notadoo-bench');
/** Projects per INSERT: each statement stays a few seconds long, whatever the size. */
const CHUNK = 100_000;
/** The buyer of file g is the client this far from its seller, so each client is also someone else's buyer. */
const BUYER_SHIFT = 7919;

export type CapacityBackend = 'PGlite' | 'PostgreSQL';

export interface SimulatedClient {
  email: string;
  /** The files this client sells: the project page read, the questionnaire saved, the drawer filled. */
  files: Array<{ projectId: number; civilStatusId: number; drawerId: number; version: number }>;
}

export interface CapacityPeople {
  clients: SimulatedClient[];
  notaries: Array<{ email: string; officeId: number }>;
  admin: string;
}

export interface CapacityDatabase {
  backend: CapacityBackend;
  size: number;
  /** PostgreSQL: the bench database's address, for the server's DATABASE_URL. */
  url?: string;
  /** PGlite: the kept folder the server's DATA_DIR/db is copied from. */
  pgliteDir?: string;
  people: CapacityPeople;
  /** Seconds spent seeding in this run; undefined when the kept database was reused. */
  seedSeconds: number | undefined;
}

const clientCount = (size: number, simulated: number) => Math.max(simulated, Math.floor(size / 2));

const rows = <T>(database: Database, query: SQL): Promise<T[]> => rowsOf<T>(database.db, query);

/** Keys of a questionnaire's sample, the first `keys` of them (a questionnaire half answered), as JSON text. */
function sampleAnswers(docType: keyof typeof QUESTIONNAIRE_DEFINITIONS, keys = Infinity): string {
  return JSON.stringify(Object.fromEntries(Object.entries(fullyAnsweredSample(QUESTIONNAIRE_DEFINITIONS[docType])).slice(0, keys)));
}

async function seed(database: Database, size: number, clients: number): Promise<void> {
  const db = database.db;
  const hash = await hashPassword(CAPACITY_PASSWORD);
  // The revision triggers bump each file as its rows arrive; a fresh seed has no reader to revalidate, and they would double its writes.
  for (const table of ['users', 'projects', 'participants', 'documents'])
    await db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`));
  // Secondary indexes are built once at the end: inserting a million rows into a dozen B-tree and trigram
  // indexes one by one is what made a 1,000,000-file seed take hours; a build sorts each once.
  const deferred = await rows<{ name: string; definition: string }>(
    database,
    sql`SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename IN ('users', 'projects', 'participants', 'documents')
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const { name } of deferred) await db.execute(sql.raw(`DROP INDEX ${JSON.stringify(name)}`));
  await db.execute(sql`INSERT INTO users (email, password_hash, first_name, last_name, is_email_confirmed, roles, created_at)
    SELECT 'client' || c || '@bench.fr', ${hash}, (ARRAY['Jean','Marie','Pierre','Sophie','Luc','Camille','Hugo','Léa','Paul','Claire'])[1 + c % 10],
           'Nom' || c, true, ARRAY['ROLE_USER'], now() - make_interval(mins => c)
    FROM generate_series(1, ${clients}) AS c`);
  await db.execute(sql`INSERT INTO users (email, password_hash, first_name, last_name, is_email_confirmed, roles, is_notary, notary_office_id)
    SELECT 'notaire' || o.id || '-' || k || '@bench.fr', ${hash}, 'Notaire', 'Office' || o.id, true, ARRAY['ROLE_USER'], true, o.id
    FROM notary_offices o CROSS JOIN generate_series(1, 3) AS k`);
  await db.execute(sql`INSERT INTO users (email, password_hash, first_name, last_name, is_email_confirmed, roles)
    VALUES ('admin@bench.fr', ${hash}, 'Anne', 'Admin', true, ARRAY['ROLE_USER','ROLE_ADMIN'])`);
  const [first] = await rows<{ id: number }>(database, sql`SELECT id FROM users WHERE email = 'client1@bench.fr'`);
  const [offices] = await rows<{ n: number }>(database, sql`SELECT count(*)::int AS n FROM notary_offices`);
  const base = first!.id;
  const civilFull = sampleAnswers('document_civil_statuses');
  const civilHalf = sampleAnswers('document_civil_statuses', 8);
  const sale = {
    appt: sampleAnswers('document_sale_appts', 12),
    house: sampleAnswers('document_sale_houses', 12),
    settlement: sampleAnswers('document_successions', 12),
  };
  // Ids are the file's number (projects), 2g-1/2g (people) and 4g-3..4g (documents): every row of file g is found without a lookup.
  for (let from = 1; from <= size; from += CHUNK) {
    const to = Math.min(size, from + CHUNK - 1);
    await db.execute(sql`INSERT INTO projects (id, name, type, subtype, status, notary_office_id, creator_id, created_at, updated_at)
      SELECT g, 'Dossier ' || g, CASE WHEN g % 3 = 0 THEN 'succession' ELSE 'realty' END,
             CASE g % 3 WHEN 0 THEN 'settlement' WHEN 1 THEN 'appt' ELSE 'house' END,
             1 + g % 2, 1 + g % ${offices!.n}, ${base} + (g - 1) % ${clients},
             now() - make_interval(mins => ${size} - g), now() - make_interval(mins => ${size} - g)
      FROM generate_series(${from}::int, ${to}::int) AS g`);
    await db.execute(sql`INSERT INTO participants (id, project_id, first_name, last_name, email, user_id, role, is_creator, role_confirmed)
      SELECT 2 * g - 1, g, 'Vendeur', 'Nom' || (1 + (g - 1) % ${clients}), 'client' || (1 + (g - 1) % ${clients}) || '@bench.fr',
             ${base} + (g - 1) % ${clients}, CASE WHEN g % 3 = 0 THEN 'heir' ELSE 'seller' END, true, true
      FROM generate_series(${from}::int, ${to}::int) AS g
      UNION ALL
      SELECT 2 * g, g, 'Acquéreur', 'Nom' || (1 + (g - 1 + ${BUYER_SHIFT}) % ${clients}), 'client' || (1 + (g - 1 + ${BUYER_SHIFT}) % ${clients}) || '@bench.fr',
             ${base} + (g - 1 + ${BUYER_SHIFT}) % ${clients}, CASE WHEN g % 3 = 0 THEN 'heir' ELSE 'buyer' END, false, true
      FROM generate_series(${from}::int, ${to}::int) AS g`);
    await db.execute(sql`INSERT INTO documents (id, project_id, participant_id, kind, doc_type, answers, progress, files)
      SELECT 4 * g - 3, g, 2 * g - 1, 'questionnaire', 'document_civil_statuses',
             ${civilFull}::jsonb || jsonb_build_object('last_name', 'Nom' || g, 'city', 'Ville ' || g % 500), 100, '{}'::text[]
      FROM generate_series(${from}::int, ${to}::int) AS g
      UNION ALL
      SELECT 4 * g - 2, g, 2 * g - 1, 'questionnaire',
             CASE g % 3 WHEN 0 THEN 'document_successions' WHEN 1 THEN 'document_sale_appts' ELSE 'document_sale_houses' END,
             (CASE g % 3 WHEN 0 THEN ${sale.settlement} WHEN 1 THEN ${sale.appt} ELSE ${sale.house} END)::jsonb, (g * 7) % 101, '{}'::text[]
      FROM generate_series(${from}::int, ${to}::int) AS g
      UNION ALL
      SELECT 4 * g - 1, g, 2 * g, 'questionnaire', 'document_civil_statuses', ${civilHalf}::jsonb, 40, '{}'::text[]
      FROM generate_series(${from}::int, ${to}::int) AS g
      UNION ALL
      SELECT 4 * g, g, 2 * g - 1, 'files', 'identity_card', '{}'::jsonb, 0, '{}'::text[]
      FROM generate_series(${from}::int, ${to}::int) AS g`);
  }
  for (const table of ['projects', 'participants', 'documents']) {
    await db.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`));
  }
  for (const table of ['users', 'projects', 'participants', 'documents'])
    await db.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER USER`));
  for (const { definition } of deferred) {
    await db.transaction(async (tx) => {
      // Each build sorts in memory rather than in temporary files (the setting holds for this transaction's connection).
      if (database.kind === 'postgres') await tx.execute(sql`SET LOCAL maintenance_work_mem = '1GB'`);
      await tx.execute(sql.raw(definition));
    });
  }
  // Planner statistics and visibility map, as the server would have them after a while (see bench-seed.ts).
  if (database.kind === 'postgres') await db.execute(sql`VACUUM ANALYZE`);
  else await createEmbeddedMaintenance(database, { info: () => {}, warn: console.warn }).runOnce();
  await db.execute(sql`CREATE TABLE IF NOT EXISTS capacity_bench_seed (version text NOT NULL)`);
  await db.execute(sql`INSERT INTO capacity_bench_seed (version) VALUES (${CAPACITY_SEED_VERSION})`);
}

async function seedVersionOf(database: Database): Promise<string | undefined> {
  const [table] = await rows<{ present: boolean }>(database, sql`SELECT to_regclass('capacity_bench_seed') IS NOT NULL AS present`);
  if (!table?.present) return undefined;
  return (await rows<{ version: string }>(database, sql`SELECT version FROM capacity_bench_seed LIMIT 1`))[0]?.version;
}

/** The simulated people: `simulated` clients spread over the whole base (so reads touch old and new rows alike), every notary, the admin. */
async function describePeople(database: Database, size: number, simulated: number): Promise<CapacityPeople> {
  // As many as the seed made (it may have been made with another CAPACITY_USERS).
  const [counted] = await rows<{ n: number }>(database, sql`SELECT count(*)::int AS n FROM users WHERE email LIKE 'client%@bench.fr'`);
  const clients = counted!.n;
  if (clients < simulated)
    throw new Error(`${clients} clients dans la base, moins que les ${simulated} simulés : supprimer la base pour la refaire`);
  const chosen = Array.from({ length: simulated }, (_, i) => 1 + Math.floor((i * clients) / simulated));
  const ids = chosen.flatMap((c) => Array.from({ length: Math.ceil((size - c + 1) / clients) }, (_, k) => 4 * (c + k * clients) - 3));
  // Saves carry the version: the kept database's current one (earlier runs saved too).
  const versions = new Map(
    (
      await rows<{ id: number; version: number }>(
        database,
        sql`SELECT id, version FROM documents WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    ).map((r) => [r.id, r.version]),
  );
  const notaries = await rows<{ email: string; office: number }>(
    database,
    sql`SELECT email, notary_office_id AS office FROM users WHERE is_notary ORDER BY id`,
  );
  return {
    clients: chosen.map((c) => {
      const files: SimulatedClient['files'] = [];
      for (let g = c; g <= size; g += clients)
        files.push({ projectId: g, civilStatusId: 4 * g - 3, drawerId: 4 * g, version: versions.get(4 * g - 3) ?? 1 });
      return { email: `client${c}@bench.fr`, files };
    }),
    notaries: notaries.map((n) => ({ email: n.email, officeId: n.office })),
    admin: 'admin@bench.fr',
  };
}

async function ensurePostgresDatabase(serverUrl: string, name: string, fresh: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0;
    if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function openTarget(
  backend: CapacityBackend,
  size: number,
  fresh: boolean,
): Promise<{ database: Database; url?: string; pgliteDir?: string }> {
  if (backend === 'PGlite') {
    const pgliteDir = path.join(BENCH_DIR, `pglite-capacity-${size}`, 'db');
    if (fresh) rmSync(path.dirname(pgliteDir), { recursive: true, force: true });
    mkdirSync(path.dirname(pgliteDir), { recursive: true });
    return { database: await openDatabase({ pgliteDir }), pgliteDir };
  }
  const url = await ensurePostgresDatabase(process.env.BENCH_DATABASE_URL!, `notadoo_bench_capacity_${size}`, fresh);
  // A seed statement may take longer than the server's query timeout.
  return { database: await openDatabase({ url, settings: { ...DEFAULT_POSTGRES_SETTINGS, queryTimeoutMs: 30 * 60_000 } }), url };
}

/** The kept bench database of this backend and size, seeded on first use (or again when its seed is not the current one). */
export async function openCapacityDatabase(backend: CapacityBackend, size: number, simulated: number): Promise<CapacityDatabase> {
  let target = await openTarget(backend, size, false);
  let seedSeconds: number | undefined;
  if ((await seedVersionOf(target.database)) !== CAPACITY_SEED_VERSION) {
    const wasThere = backend === 'PostgreSQL' || existsSync(path.join(target.pgliteDir!, 'PG_VERSION'));
    await target.database.close();
    target = await openTarget(backend, size, wasThere);
    const start = performance.now();
    await migrate(target.database);
    await seedOffices(target.database.db);
    await seed(target.database, size, clientCount(size, simulated));
    seedSeconds = (performance.now() - start) / 1000;
  } else {
    await migrate(target.database);
  }
  // The bench's office members and admin set their second factor up at their first sign-in of each run
  // (capacity-bench.ts keeps the secret only in memory): the kept base starts every run without one.
  const staff = sql`SELECT id FROM users WHERE email LIKE 'notaire%@bench.fr' OR email = 'admin@bench.fr'`;
  await target.database.db.execute(sql`DELETE FROM user_backup_codes WHERE user_id IN (${staff})`);
  await target.database.db.execute(sql`DELETE FROM user_second_factors WHERE user_id IN (${staff})`);
  const people = await describePeople(target.database, size, simulated);
  await target.database.close();
  return { backend, size, url: target.url, pgliteDir: target.pgliteDir, people, seedSeconds };
}
