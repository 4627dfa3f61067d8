/**
 * The databases of `npm run bench`, seeded once and kept: under
 * $TMPDIR/notadoo-bench for PGlite, and as `notadoo_bench_v2_<size>` on the
 * server of BENCH_DATABASE_URL. "v2" since the seed has as many users as
 * projects (the admin's users table); older bench databases are left alone.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { hashPassword } from '../src/auth/passwords';
import { openDatabase, type Database } from '../src/db/database';
import { createEmbeddedMaintenance } from '../src/db/embedded-maintenance';
import { migrate } from '../src/db/migrate';
import { projects } from '../src/db/schema';
import { seedOffices } from '../src/seed/seed';

export const BENCH_PASSWORD = 'Kq7#vLp2!xWr9';
const BENCH_DIR = path.join(tmpdir(), 'notadoo-bench');
const SEED_VERSION = 'v2';

export type Backend = 'PGlite' | 'PostgreSQL';

/**
 * Seeds `size` projects in one statement each (generate_series): one in 26 at
 * the Paris office (3,846 of 100,000), two participants and three documents
 * each, `size` users, then the measured people: a client with 20 projects of
 * 5 people and 12 documents, a Paris notary and an admin.
 */
async function seed(database: Database, size: number): Promise<void> {
  const db = database.db;
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await db.execute(sql`INSERT INTO users (email, password_hash, first_name, last_name, is_email_confirmed, roles, is_notary, notary_office_id)
    VALUES ('client@bench.fr', ${passwordHash}, 'Claire', 'Banc', true, ARRAY['ROLE_USER'], false, NULL),
           ('notaire@bench.fr', ${passwordHash}, 'Paul', 'Banc', true, ARRAY['ROLE_USER'], true, 1),
           ('admin@bench.fr', ${passwordHash}, 'Anne', 'Banc', true, ARRAY['ROLE_USER','ROLE_ADMIN'], false, NULL),
           ('filler@bench.fr', ${passwordHash}, 'Autre', 'Client', true, ARRAY['ROLE_USER'], false, NULL)`);
  // The users table of /admin: as many accounts as projects, a few waiting for a role change.
  await db.execute(sql`INSERT INTO users (email, first_name, last_name, password_hash, needs_role_change, created_at)
    SELECT 'u' || g || '@bench.fr', (ARRAY['Jean','Marie','Pierre','Sophie','Luc','Camille','Hugo','Léa','Paul','Claire'])[1 + g % 10],
           'Nom' || md5(g::text), 'x', g % 997 = 0, now() - make_interval(mins => g)
    FROM generate_series(1, ${size}) AS g`);
  await db.execute(sql`INSERT INTO projects (name, type, subtype, status, notary_office_id, creator_id, created_at)
    SELECT 'Dossier ' || g,
           CASE WHEN g % 3 = 0 THEN 'succession' ELSE 'realty' END,
           CASE WHEN g % 3 = 0 THEN 'settlement' ELSE 'appt' END,
           1 + g % 7,
           CASE WHEN g % 26 = 0 THEN 1 ELSE 2 + g % 12 END,
           (SELECT id FROM users WHERE email = 'filler@bench.fr'),
           now() - make_interval(mins => g)
    FROM generate_series(1, ${size - 20}) AS g`);
  await db.execute(sql`INSERT INTO participants (project_id, first_name, last_name, email, user_id, role, is_creator, role_confirmed)
    SELECT p.id, 'Vendeur', 'N' || p.id, NULL, p.creator_id, 'seller', true, true FROM projects p
    UNION ALL SELECT p.id, 'Acquéreur', 'N' || p.id, 'acquereur' || p.id || '@exemple.fr', NULL, 'buyer', false, false FROM projects p`);
  await db.execute(sql`INSERT INTO documents (project_id, participant_id, kind, doc_type, progress)
    SELECT pa.project_id, pa.id, 'questionnaire', d.doc_type, (pa.id * 7) % 101
    FROM participants pa CROSS JOIN (VALUES ('document_civil_statuses'), ('document_sale_appts')) AS d(doc_type)
    WHERE pa.role = 'seller' OR d.doc_type = 'document_civil_statuses'`);
  // The client's 20 projects, newest of all: 5 people and 12 documents each.
  await db.execute(sql`WITH mine AS (
      INSERT INTO projects (name, type, subtype, status, notary_office_id, creator_id, created_at)
      SELECT 'Mon dossier ' || g, 'realty', 'house', 2, 1, (SELECT id FROM users WHERE email = 'client@bench.fr'), now() + make_interval(mins => g)
      FROM generate_series(1, 20) AS g RETURNING id, creator_id)
    INSERT INTO participants (project_id, first_name, last_name, email, user_id, role, is_creator, role_confirmed)
    SELECT id, 'Claire', 'Banc', 'client@bench.fr', creator_id, 'seller', true, true FROM mine
    UNION ALL SELECT id, 'Personne ' || r, 'N' || id, 'p' || r || '-' || id || '@exemple.fr', NULL, (ARRAY['buyer','buyer','intermediary','seller'])[r], false, r = 4
      FROM mine CROSS JOIN generate_series(1, 4) AS r`);
  await db.execute(sql`INSERT INTO documents (project_id, participant_id, kind, doc_type, progress)
    SELECT pa.project_id, pa.id, 'questionnaire', 'document_civil_statuses', 50 FROM participants pa JOIN projects p ON p.id = pa.project_id WHERE p.name LIKE 'Mon dossier %'
    UNION ALL SELECT p.id, NULL, 'files', 'identity_card', 0 FROM projects p CROSS JOIN generate_series(1, 7) WHERE p.name LIKE 'Mon dossier %'`);
}

/**
 * What keeps the planner's statistics and the visibility map up to date once
 * the server runs: on PostgreSQL its autovacuum (run here at once rather than
 * waited for), on PGlite the server's own pass (db/embedded-maintenance.ts),
 * which it runs when it starts and every minute.
 */
async function maintain(database: Database): Promise<void> {
  if (database.kind === 'postgres') await database.db.execute(sql`VACUUM ANALYZE`);
  else await createEmbeddedMaintenance(database, { info: () => {}, warn: console.warn }).runOnce();
}

/**
 * More rows on top of the common seed, in a database of its own (named after
 * it), so that the other benches' databases stay as they are.
 */
export interface SeedVariant {
  name: string;
  seed(database: Database, size: number): Promise<void>;
}

async function openBenchDatabase(backend: Backend, size: number, variant?: SeedVariant): Promise<Database> {
  const suffix = variant ? `${variant.name}-${size}` : `${size}`;
  if (backend === 'PGlite') {
    mkdirSync(BENCH_DIR, { recursive: true });
    return openDatabase({ pgliteDir: path.join(BENCH_DIR, `pglite-${SEED_VERSION}-${suffix}`) });
  }
  const serverUrl = process.env.BENCH_DATABASE_URL!;
  const name = `notadoo_bench_${SEED_VERSION}_${suffix.replace(/-/g, '_')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return openDatabase({ url: url.toString() });
}

/** The bench database of this backend and size, migrated, and seeded on first use. */
export async function openSeededDatabase(backend: Backend, size: number, variant?: SeedVariant): Promise<Database> {
  const database = await openBenchDatabase(backend, size, variant);
  await migrate(database);
  await seedOffices(database.db);
  const [seeded] = await database.db.select({ n: sql<number>`count(*)::int` }).from(projects);
  if (Number(seeded?.n ?? 0) === 0) {
    const start = performance.now();
    await seed(database, size);
    await variant?.seed(database, size);
    await maintain(database);
    console.log(`  (${backend} : ${size.toLocaleString('fr-FR')} dossiers créés en ${((performance.now() - start) / 1000).toFixed(1)} s)`);
  }
  return database;
}
