/**
 * `npm run bench` (issue 28): the pages of a thread of 10,000 messages.
 *
 * One file whose private thread holds 10,000 messages, beside 200 other
 * files of 250 messages each (60,000 rows in all), seeded by generate_series.
 * Measured through the API (`app.inject`, access checks included), median
 * and p95 of 15 runs: the newest page, a page from the middle (keyset
 * cursor), the oldest page, and the thread list with its unread counts
 * (10,000 unread for the office member), the dashboard's card count and its
 * "unread first" listing (201 files with unread messages for the office
 * member, 60,000 messages). Goal: a page under 100 ms.
 * On PGlite always; on PostgreSQL too when TEST_DATABASE_URL is set, with
 * the plan of the middle page (EXPLAIN ANALYZE).
 */
import { sql } from 'drizzle-orm';
import { messagePageQuery } from '../src/modules/messages/message-data';
import { BACKENDS, buildTestApp, type TestApp } from '../test/test-app';

const THREAD_SIZE = Number(process.env.MESSAGES_BENCH_SIZE ?? 10_000);
const OTHER_FILES = 200;
const REPEATS = 15;

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function timed(work: () => Promise<void>): Promise<{ median: number; p95: number }> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

async function seed(t: TestApp) {
  const client = await t.signedInUser({ firstName: 'Claire', lastName: 'Dubois' });
  const notary = await t.signedInUser({ isNotary: true, notaryOfficeId: 1 });
  const db = t.database.db;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/project',
    headers: client.headers,
    payload: { name: 'Dossier bavard', type: 'realty', subtype: 'house', role: 'seller' },
  });
  const projectId = res.json().id as number;
  await t.app.inject({ method: 'PATCH', url: `/api/project/${projectId}`, headers: client.headers, payload: { office: 1 } });
  const pid = (await t.app.inject({ method: 'GET', url: `/api/project/${projectId}`, headers: client.headers })).json().participants[0]
    .id as number;
  await t.app.inject({
    method: 'POST',
    url: `/api/project/${projectId}/threads/private-${pid}/messages`,
    headers: client.headers,
    payload: { text: 'Premier message.' },
  });
  const [thread] = (
    (await db.execute(sql`SELECT id FROM message_threads WHERE project_id = ${projectId}`)) as unknown as { rows: Array<{ id: number }> }
  ).rows;
  const start = Date.parse('2026-01-01T08:00:00Z');
  // Two authors in turn, one message a minute; some seconds shared so that (created_at, id) decides.
  await db.execute(sql`INSERT INTO messages (thread_id, project_id, author_user_id, author_name, author_side, body, created_at)
    SELECT ${thread!.id}::int, ${projectId}::int, CASE WHEN g % 2 = 0 THEN ${client.id}::int ELSE ${notary.id}::int END, CASE WHEN g % 2 = 0 THEN 'Claire Dubois' ELSE 'Maître Bernard' END,
           CASE WHEN g % 2 = 0 THEN 'person' ELSE 'office' END, 'Message numéro ' || g || ' : ' || repeat('texte ', 20),
           to_timestamp(${start / 1000}::bigint + (g / 2) * 60)
    FROM generate_series(1, ${THREAD_SIZE - 1}::int) g`);
  // Other files' threads around it.
  await db.execute(
    sql`INSERT INTO projects (name, type, subtype, status, notary_office_id, creator_id) SELECT 'Autre ' || g, 'realty', 'land', 2, 1, ${client.id}::int FROM generate_series(1, ${OTHER_FILES}::int) g`,
  );
  await db.execute(
    sql`INSERT INTO message_threads (project_id, kind, created_at) SELECT id, 'everyone', now() FROM projects WHERE name LIKE 'Autre %'`,
  );
  await db.execute(sql`INSERT INTO messages (thread_id, project_id, author_user_id, author_name, author_side, body, created_at)
    SELECT t.id, t.project_id, ${client.id}::int, 'Claire Dubois', 'person', 'Bruit ' || g, to_timestamp(${start / 1000}::bigint + g * 60)
    FROM message_threads t CROSS JOIN generate_series(1, 250) g WHERE t.kind = 'everyone'`);
  await db.execute(sql`ANALYZE messages`);
  await db.execute(sql`ANALYZE message_threads`);
  return { projectId, pid, threadId: thread!.id, client, notary };
}

async function benchBackend(backend: 'pglite' | 'postgres'): Promise<void> {
  const t = await buildTestApp(backend);
  try {
    const s = await seed(t);
    const get = async (url: string, headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const base = `/api/project/${s.projectId}/threads/private-${s.pid}/messages`;
    // Walk to the middle and the end once, to take real cursors.
    let before: string | null = null;
    let middle: string | null = null;
    let last: string | null = null;
    let pages = 0;
    do {
      const page: { before: string | null } = await get(
        before ? `${base}?before=${before}&limit=100` : `${base}?limit=100`,
        s.client.headers,
      );
      pages += 1;
      if (pages === Math.floor(THREAD_SIZE / 200)) middle = page.before;
      if (page.before) last = page.before;
      before = page.before;
    } while (before);
    const label = backend === 'pglite' ? 'PGlite' : 'PostgreSQL';
    console.log(
      `\n${label}: a thread of ${THREAD_SIZE.toLocaleString('fr-FR')} messages (${pages} pages of 100 walked), ${OTHER_FILES} other threads of 250`,
    );
    for (const [name, url] of [
      ['newest page (30)', base],
      ['middle page (30, keyset cursor)', `${base}?before=${middle}`],
      ['oldest page (30)', `${base}?before=${last}`],
      ['page of 100, middle', `${base}?before=${middle}&limit=100`],
    ] as const) {
      const r = await timed(async () => void (await get(url, s.client.headers)));
      console.log(`  ${name.padEnd(34)} median ${ms(r.median)}, p95 ${ms(r.p95)}`);
    }
    const list = await timed(async () => void (await get(`/api/project/${s.projectId}/threads`, s.notary.headers)));
    console.log(`  ${'thread list, unread counts (office)'.padEnd(34)} median ${ms(list.median)}, p95 ${ms(list.p95)}`);
    const first = await timed(async () => void (await get('/api/messages/unread-files', s.notary.headers)));
    console.log(`  ${'unread-first files, page 1 (office)'.padEnd(34)} median ${ms(first.median)}, p95 ${ms(first.p95)}`);
    const cards = await timed(async () => void (await get(`/api/messages/unread?ids=${s.projectId}`, s.notary.headers)));
    console.log(`  ${'dashboard card count (office)'.padEnd(34)} median ${ms(cards.median)}, p95 ${ms(cards.p95)}`);
    if (backend === 'postgres' && middle) {
      const [createdAt, id] = JSON.parse(Buffer.from(middle, 'base64url').toString('utf8')) as [string, number];
      const plan = (await t.database.db.execute(
        sql`EXPLAIN (ANALYZE, BUFFERS) ${messagePageQuery(s.threadId, { createdAt, id }, 30)}`,
      )) as unknown as { rows: Array<Record<string, string>> };
      console.log('  plan of the middle page:');
      for (const row of plan.rows) console.log(`    ${Object.values(row)[0]}`);
    }
  } finally {
    await t.close();
  }
}

for (const backend of BACKENDS) await benchBackend(backend);
