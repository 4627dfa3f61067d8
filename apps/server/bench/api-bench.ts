/**
 * `npm run bench` (issue 11): the API calls of the table, measured as
 * a browser meets them, on databases seeded once with 1,000 and with 100,000
 * projects (each with its participants and documents, and as many users).
 *
 * Method: real HTTP over loopback (see http-load.ts). The app listens on
 * 127.0.0.1 as `main.ts` would run it (request logs at `info`, written to
 * /dev/null); autocannon, in a worker thread, keeps CONNECTIONS keep-alive
 * connections busy for a few seconds per route: req/s, p50 and p99, and
 * for reference the req/s divided by those of a bare Fastify JSON route
 * (`{ ok: true }`, no plugin) in the same process, measured under the same
 * load just before it; the median of ROUNDS rounds. Every answer is read from
 * the database (issue 24: nothing is kept in memory); the rows marked 304
 * are a browser's repeated reads with If-None-Match. With several requests in flight the
 * database round trips overlap, as they do on a server with many users; p50
 * and p99 are the latencies under that load (queueing included).
 *
 * Embedded PGlite always; a PostgreSQL server too when BENCH_DATABASE_URL is
 * set (databases `notadoo_bench_v2_<size>` are created and seeded on first use).
 * BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS and BENCH_SIZES change the
 * load (defaults 2 s, 3 rounds, 10 connections, 1000,100000); BENCH_ONLY=mine,project
 * measures only those rows, BENCH_BACKENDS=PostgreSQL only that backend (for a profile: `node --cpu-prof --import tsx apps/server/bench/api-bench.ts`).
 */
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../test/test-app';
import { BENCH_PASSWORD, openSeededDatabase, type Backend } from './bench-seed';
import { measureOneAtATime, measureUnderLoad, type Figure, type LoadOptions } from './http-load';

const SIZES = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
const LOAD: LoadOptions = {
  seconds: Number(process.env.BENCH_SECONDS ?? 2),
  sequentialSeconds: Number(process.env.BENCH_SEQUENTIAL_SECONDS ?? 1),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
};
const BACKENDS = (process.env.BENCH_DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite']).filter(
  (b) => !process.env.BENCH_BACKENDS || process.env.BENCH_BACKENDS.split(',').includes(b),
) as Backend[];

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function startApp(database: Awaited<ReturnType<typeof openSeededDatabase>>): Promise<FastifyInstance> {
  const unlimited = { max: 1e9, windowMs: 1 };
  return buildApp({
    database,
    mailer: { send: async () => {} },
    config: { ...testConfig, dataDir: mkdtempSync(path.join(tmpdir(), 'notadoo-bench-files-')) },
    rateLimits: {
      loginPerIp: unlimited,
      loginFailuresPerAccountAndIp: unlimited,
      loginFailuresPerAccount: unlimited,
      signupPerIp: unlimited,
    },
    // As in production: one line per request and per answer.
    logger: { level: 'info', stream: createWriteStream('/dev/null') },
  });
}

async function json<T>(
  base: string,
  url: string,
  headers: Record<string, string>,
  init: RequestInit = {},
): Promise<{ body: T; headers: Headers }> {
  const res = await fetch(`${base}${url}`, { ...init, headers: { 'content-type': 'application/json', ...headers } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return { body: (await res.json()) as T, headers: res.headers };
}

async function etagOf(base: string, url: string, headers: Record<string, string>): Promise<string> {
  return (await json<unknown>(base, url, headers)).headers.get('etag') ?? '';
}

async function login(base: string, email: string): Promise<Record<string, string>> {
  const { body } = await json<{ token: string }>(
    base,
    '/api/users/login',
    {},
    { method: 'POST', body: JSON.stringify({ login: email, password: BENCH_PASSWORD }) },
  );
  return { authorization: `Bearer ${body.token}` };
}

interface Row {
  key: string;
  label: string;
  url: string;
  headers: Record<string, string>;
}

interface Measured {
  load: Figure;
  single: Figure;
}
const results = new Map<string, Measured>();
const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(7);
const cells = (f: Figure) => `${fmt(f.perSecond, 0)} ${fmt(f.ratio, 3)} ${fmt(f.p50)} ${fmt(f.p99)}`;

const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
const bareUrl = `${await listen(bare)}/bare`;

console.log(
  `En charge : ${LOAD.connections} connexions HTTP simultanées, ${LOAD.seconds} s par mesure. ` +
    `Un par un : inject, ${LOAD.sequentialSeconds} s par mesure. Médiane de ${LOAD.rounds} tours, la route nue mesurée de la même façon juste avant chaque route.`,
);
for (const backend of BACKENDS) {
  for (const size of SIZES) {
    const database = await openSeededDatabase(backend, size);
    const app = await startApp(database);
    const base = await listen(app);
    const client = await login(base, 'client@bench.fr');
    const notary = await login(base, 'notaire@bench.fr');
    const admin = await login(base, 'admin@bench.fr');
    const mine = (await json<Array<{ id: number }>>(base, '/api/projects/mine?limit=100', client)).body;
    const next = (await json<unknown>(base, '/api/projects/mine', admin)).headers.get('x-next-page');
    const billingPages = Number((await json<unknown>(base, '/api/projects/open', admin)).headers.get('x-total-count')) / 100;
    const userPages = Number((await json<unknown>(base, '/api/admin/users', admin)).headers.get('x-total-count')) / 10;
    const deepBilling = Math.max(1, Math.floor(billingPages * 0.9));
    const deepUsers = Math.max(1, Math.floor(userPages / 2));
    const rows: Row[] = [
      { key: 'me', label: 'GET /api/users/me', url: '/api/users/me', headers: client },
      { key: 'mine', label: `GET /api/projects/mine (client, ${mine.length} dossiers)`, url: '/api/projects/mine', headers: client },
      { key: 'project', label: 'GET /api/project/{id} (5 personnes, 12 documents)', url: `/api/project/${mine[0]!.id}`, headers: client },
      // Issue 24: the same reads repeated by a browser that holds the answer (If-None-Match → 304, no body).
      {
        key: 'me304',
        label: 'GET /api/users/me, déjà reçu (304)',
        url: '/api/users/me',
        headers: { ...client, 'if-none-match': await etagOf(base, '/api/users/me', client) },
      },
      {
        key: 'project304',
        label: 'GET /api/project/{id}, déjà reçu (304)',
        url: `/api/project/${mine[0]!.id}`,
        headers: { ...client, 'if-none-match': await etagOf(base, `/api/project/${mine[0]!.id}`, client) },
      },
      { key: 'office', label: "GET /api/projects/mine (notaire, 1re page de l'office)", url: '/api/projects/mine', headers: notary },
      { key: 'admin', label: 'GET /api/projects/mine (admin, 1re page)', url: '/api/projects/mine', headers: admin },
      { key: 'adminNext', label: 'GET /api/projects/mine (admin, page suivante)', url: `/api/projects/mine?after=${next}`, headers: admin },
      { key: 'search', label: 'GET /api/projects/mine?q=dossier 4242 (admin)', url: '/api/projects/mine?q=dossier%204242', headers: admin },
      { key: 'users', label: 'GET /api/admin/users (1re page)', url: '/api/admin/users', headers: admin },
      {
        key: 'usersDeep',
        label: `GET /api/admin/users (par nom, page ${deepUsers})`,
        url: `/api/admin/users?sort=name&order=asc&page=${deepUsers}`,
        headers: admin,
      },
      { key: 'billing', label: 'GET /api/projects/open (1re page)', url: '/api/projects/open', headers: admin },
      {
        key: 'billingDeep',
        label: `GET /api/projects/open (page ${deepBilling})`,
        url: `/api/projects/open?page=${deepBilling}`,
        headers: admin,
      },
    ];
    console.log(`\n${backend}, ${size.toLocaleString('fr-FR')} dossiers et ${size.toLocaleString('fr-FR')} utilisateurs en base`);
    console.log(`  ${''.padEnd(54)} | ${'en charge'.padEnd(31)} | un par un`);
    console.log(`  ${'appel'.padEnd(54)} |   req/s   ratio     p50     p99 |   req/s   ratio     p50     p99 (ms)`);
    const only = process.env.BENCH_ONLY?.split(',');
    for (const row of rows.filter((r) => !only || only.includes(r.key))) {
      const measured: Measured = {
        load: await measureUnderLoad(bareUrl, `${base}${row.url}`, row.headers, LOAD),
        single: await measureOneAtATime(bare, app, row.url, row.headers, LOAD),
      };
      const atSmall = size !== SIZES[0] ? results.get(`${backend} ${SIZES[0]} ${row.key}`) : undefined;
      const vsSmall = atSmall
        ? `  ratio ÷${(atSmall.load.ratio / measured.load.ratio).toFixed(2)} | ÷${(atSmall.single.ratio / measured.single.ratio).toFixed(2)} de ${SIZES[0]!.toLocaleString('fr-FR')}`
        : '';
      console.log(`  ${row.label.padEnd(54)} | ${cells(measured.load)} | ${cells(measured.single)}${vsSmall}`);
      results.set(`${backend} ${size} ${row.key}`, measured);
    }
    console.log(`  mémoire du processus : ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} Mio`);
    await app.close();
    await database.close();
  }
}
await bare.close();

// Issue 24: the goals in ratios to the bare route were met by answers kept in memory, which are gone; the
// ratios above stay as a reference. The goals in milliseconds remain.
const small = SIZES[0]!;
const large = SIZES.at(-1)!;
type Goal = { label: string; at: Measured | undefined; met: (f: Figure) => boolean };
const goals: Goal[] = [
  {
    label: `/projects/mine, ${small.toLocaleString('fr-FR')} dossiers, PostgreSQL : p99 < 100 ms`,
    at: results.get(`PostgreSQL ${small} mine`),
    met: (f) => f.p99 < 100,
  },
];
for (const backend of BACKENDS) {
  for (const [key, what] of [
    ['mine', 'le tableau de bord'],
    ['admin', "la 1re page de l'admin"],
    ['adminNext', "la page suivante de l'admin"],
    ['search', 'une recherche'],
    ['users', 'les utilisateurs'],
    ['usersDeep', 'les utilisateurs, page profonde'],
    ['billing', 'la facturation'],
    ['billingDeep', 'facturation, page profonde'],
  ] as const) {
    goals.push({
      label: `${what} à ${large.toLocaleString('fr-FR')}, ${backend} : p50 < 100 ms`,
      at: results.get(`${backend} ${large} ${key}`),
      met: (f) => f.p50 < 100,
    });
  }
}
console.log('\nObjectifs');
for (const goal of goals) {
  if (!goal.at) continue;
  const text = (f: Figure) =>
    `${goal.met(f) ? 'oui' : 'NON'} ${f.perSecond.toFixed(0)} req/s, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms`;
  console.log(`  ${goal.label}\n      en charge : ${text(goal.at.load)}\n      un par un : ${text(goal.at.single)}`);
}
