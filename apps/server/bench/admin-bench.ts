/**
 * `tsx apps/server/bench/admin-bench.ts`: the admin users table and the
 * billing list with 100,000 users and 100,000 projects, through the full HTTP
 * stack, plus the query plans. PGlite by default; with TEST_DATABASE_URL set,
 * on that PostgreSQL server (a throw-away database).
 */
import { sql } from 'drizzle-orm';
import { bearer, buildTestApp } from '../test/test-app';

const backend = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const t = await buildTestApp(backend);
const admin = await t.createUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
const headers = bearer(await t.tokenFor(admin.email, admin.password));
const db = t.database.db;

const N = 100_000;
const FIRST = ['Jean', 'Marie', 'Pierre', 'Sophie', 'Luc', 'Camille', 'Hugo', 'Léa', 'Paul', 'Claire'];
await db.execute(sql`
  INSERT INTO users (email, first_name, last_name, password_hash, needs_role_change, created_at)
  SELECT 'u' || i || '@bench.fr', (${`{${FIRST.join(',')}}`}::text[])[1 + i % 10], 'Nom' || md5(i::text),
         'x', i % 997 = 0, now() - (i || ' minutes')::interval
  FROM generate_series(1, ${N}) AS i`);
await db.execute(sql`
  INSERT INTO projects (name, type, subtype, notary_office_id, created_at)
  SELECT 'Dossier ' || i, 'realty', 'house', 1 + i % 10, date '2026-01-01' + (i % 330) * interval '1 day' + (i % 1440) * interval '1 minute'
  FROM generate_series(1, ${N}) AS i`);
await db.execute(sql`ANALYZE users`);
await db.execute(sql`ANALYZE projects`);

async function time(label: string, url: string, n = 30): Promise<void> {
  const samples: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const start = performance.now();
    const res = await t.app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  console.log(`${label.padEnd(46)} p50 ${samples[Math.floor(n / 2)]!.toFixed(1)} ms  p95 ${samples[Math.floor(n * 0.95)]!.toFixed(1)} ms`);
}

console.log(`${backend}, ${N} users and ${N} projects`);
await time('GET /admin/users (date, page 1)', '/api/admin/users');
await time('GET /admin/users (name asc, page 500)', '/api/admin/users?sort=name&order=asc&page=500');
await time('GET /admin/users?search=nom3f', '/api/admin/users?search=nom3f&sort=name');
await time('GET /admin/users?search=marie nom3', '/api/admin/users?search=marie%20nom3');
await time('GET /admin/users?pending=1', '/api/admin/users?pending=1');
await time('GET /projects/open (page 1)', '/api/projects/open?from=2026-01-01&to=2026-12-31');
await time('GET /projects/open (page 900)', '/api/projects/open?from=2026-01-01&to=2026-12-31&page=900');
await time('GET /projects/open/export (whole year)', '/api/projects/open/export?from=2026-01-01&to=2026-12-31', 3);

async function explain(label: string, query: ReturnType<typeof sql>): Promise<void> {
  const result = (await db.execute(sql`EXPLAIN ${query}`)) as unknown as { rows: Array<Record<string, string>> };
  console.log(`\n${label}\n${result.rows.map((r) => `  ${Object.values(r)[0]}`).join('\n')}`);
}
await explain(
  'search by prefix',
  sql`SELECT id FROM users WHERE (lower(last_name) LIKE 'nom3f%' OR lower(first_name) LIKE 'nom3f%' OR email LIKE 'nom3f%') ORDER BY lower(last_name), lower(first_name), id LIMIT 10`,
);
await explain('sort by name', sql`SELECT id FROM users ORDER BY lower(last_name) DESC, lower(first_name) DESC, id DESC LIMIT 10 OFFSET 0`);
await explain('sort by date', sql`SELECT id FROM users ORDER BY created_at DESC, id DESC LIMIT 10`);
await explain('pending', sql`SELECT id FROM users WHERE needs_role_change = true ORDER BY created_at DESC, id DESC LIMIT 10`);
await explain(
  'billing page',
  sql`SELECT id FROM projects WHERE created_at >= '2026-03-01' AND created_at < '2026-04-01' ORDER BY created_at, id LIMIT 100`,
);
await t.close();
