/**
 * `npm run bench` (issue 24, point 3): how many requests a second the built
 * server holds for a notary network's day, with p99 under 100 ms and no error.
 *
 * The server runs as `npm start` runs it (SERVER_COMMAND, built first if
 * apps/server/dist is missing), as a child process in production mode, on a
 * kept bench database (capacity-seed.ts: size/2 clients, three notaries per
 * office, an admin, four documents per file) and a temporary DATA_DIR.
 *
 * 1. Every simulated user signs in (CAPACITY_USERS clients, default 1,000,
 *    every notary, the admin), each with its own account and its own address
 *    in X-Forwarded-For: the bench stands for the reverse proxy, so the server
 *    gets TRUST_PROXY=127.0.0.1 (unset by default: nothing is weakened).
 * 2. After a warm-up (PostgreSQL's base read into the file cache by
 *    pg_prewarm; CAPACITY_WARMUP_SECONDS of the mix, half at the first rate
 *    and half at half the goal's rate, not judged), the day's mix, open loop (open-loop-load.ts) at a fixed rate, stepped up
 *    by CAPACITY_RATE_FACTOR from CAPACITY_START_RATE until a step misses
 *    p99 < 100 ms or has an error: clients' dashboards (25 %) and file pages
 *    (25 %), questionnaire saves with the document's version (10 %), 1 MB PDF
 *    uploads (1 %); notaries' office lists, first pages (3 %) and next pages
 *    by `after` cursor walking deeper all run long (27 %), and their files
 *    (5 %); the admin's network list (4 %).
 *    At the largest size of a backend, before the steps, the goal's rate
 *    (GOAL_RATES: 600 /s on PostgreSQL, 200 /s on PGlite) for
 *    CAPACITY_LONG_SOAK_SECONDS (600: the goal's 10 minutes), the server's
 *    RSS sampled every second: is the rate held, and does memory settle?
 *    Run first, so that no overloaded step has grown the heap before it.
 * 3. At the highest rate held: CAPACITY_SOAK_SECONDS more (40), the RSS
 *    sampled (growth check).
 * 4. PostgreSQL only: two processes on one database at the goal's rate, the
 *    same mix sent to them in turn (the bench is the round-robin balancer);
 *    each acknowledged save is read back at once from the other process
 *    (stale reads counted), and one process is stopped (SIGTERM) halfway
 *    (errors counted).
 *
 * Sizes: PGlite CAPACITY_PGLITE_SIZES (default 10000,100000), PostgreSQL
 * CAPACITY_POSTGRES_SIZES (default 10000,1000000) when BENCH_DATABASE_URL is
 * set; BENCH_BACKENDS=PGlite or PostgreSQL keeps one. CAPACITY_QUICK=1: 10,000
 * projects, short steps, to try it out. See docs/performance.md.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import http from 'node:http';
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fullyAnsweredSample, NEXT_PAGE_HEADER, QUESTIONNAIRE_DEFINITIONS } from '@notadoo/domain';
import pg from 'pg';
import { freePort, signInThroughSecondFactor } from '../test/server-process';
import { multipartBody, pdfWith } from '../test/multipart';
import {
  CAPACITY_PASSWORD,
  openCapacityDatabase,
  type CapacityBackend,
  type CapacityDatabase,
  type SimulatedClient,
} from './capacity-seed';
import { makeTarget, runOpenLoop, send, type Action, type Answer, type StepResult, type Target } from './open-loop-load';
import { SERVER_COMMAND } from './server-command';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const env = process.env;
const QUICK = env.CAPACITY_QUICK === '1';
const USERS = Number(env.CAPACITY_USERS ?? 1000);
const STEP_SECONDS = Number(env.CAPACITY_STEP_SECONDS ?? (QUICK ? 4 : 10));
const SOAK_SECONDS = Number(env.CAPACITY_SOAK_SECONDS ?? (QUICK ? 8 : 40));
const LONG_SOAK_SECONDS = Number(env.CAPACITY_LONG_SOAK_SECONDS ?? (QUICK ? 8 : 600));
const START_RATE = Number(env.CAPACITY_START_RATE ?? 25);
const RATE_FACTOR = Number(env.CAPACITY_RATE_FACTOR ?? 1.5);
const MAX_STEPS = Number(env.CAPACITY_MAX_STEPS ?? 14);
// A server just started on a base of a million files reads it from disk at first: the steps measure it warm.
const WARMUP_SECONDS = Number(env.CAPACITY_WARMUP_SECONDS ?? (QUICK ? 2 : 60));
const CLUSTER_SECONDS = Number(env.CAPACITY_CLUSTER_SECONDS ?? (QUICK ? 10 : 30));
const P99_GOAL_MS = 100;
/** The rates issue 24 asks for at the largest base of each backend. */
const GOAL_RATES: Record<CapacityBackend, number> = { PostgreSQL: 600, PGlite: 200 };
/** CAPACITY_LONG_SOAK_RATE: the long run at another rate than the goal's, e.g. to compare memory at a rate a slower machine holds. */
const longSoakRate = (backend: CapacityBackend) => Number(env.CAPACITY_LONG_SOAK_RATE ?? GOAL_RATES[backend]);
const FLAT_GOAL = 1.5;
const sizesOf = (value: string | undefined, fallback: string) =>
  (value ?? (QUICK ? '10000' : fallback))
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
const SIZES: Record<CapacityBackend, number[]> = {
  PGlite: sizesOf(env.CAPACITY_PGLITE_SIZES, '10000,100000'),
  PostgreSQL: sizesOf(env.CAPACITY_POSTGRES_SIZES, '10000,1000000'),
};
const BACKENDS = (env.BENCH_DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite']).filter(
  (b) => !env.BENCH_BACKENDS || env.BENCH_BACKENDS.split(',').includes(b),
) as CapacityBackend[];
const JWT_SECRET = 'secret-du-banc-de-capacite-secret-du-banc-de-capacite';
const BROWSER = { 'accept-encoding': 'br, gzip', accept: 'application/json' };
const CIVIL_ANSWERS = fullyAnsweredSample(QUESTIONNAIRE_DEFINITIONS.document_civil_statuses);
// A 1 MB scan, whole in form (the server checks a PDF's two ends), made once: each upload only wraps it for its drawer.
const SCAN = { field: 'file', name: 'scan.pdf', content: pdfWith(Buffer.alloc(1024 * 1024 - 100, 0x20)), type: 'application/pdf' };

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} Mo`;

// ---------------------------------------------------------------- server processes

interface ServerProcess {
  target: Target;
  child: ChildProcess;
  exited: Promise<unknown>;
  output: () => string;
  logFile: string;
}

/**
 * What the server logged besides its requests (background tasks: the
 * embedded database's maintenance, mails, summaries...), from line `from`
 * of its log: a long background pass shows in p99. Answers the lines' count
 * and « message × n (longest ms) ».
 */
function backgroundLogged(logFile: string, from = 0): { lines: number; summary: string[] } {
  const lines = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'));
  const byMessage = new Map<string, { n: number; ms: number }>();
  for (const line of lines.slice(from)) {
    const entry = JSON.parse(line) as { msg?: string; req?: unknown; res?: unknown; ms?: number; table?: string };
    if (entry.req !== undefined || entry.res !== undefined || !entry.msg) continue;
    const key = entry.table ? `${entry.msg} ${entry.table}` : entry.msg;
    const seen = byMessage.get(key) ?? { n: 0, ms: 0 };
    byMessage.set(key, { n: seen.n + 1, ms: Math.max(seen.ms, entry.ms ?? 0) });
  }
  return { lines: lines.length, summary: [...byMessage].map(([msg, { n, ms }]) => `${msg} × ${n}${ms > 0 ? ` (jusqu'à ${ms} ms)` : ''}`) };
}

/** VmRSS (kB) of a process, 0 once it is gone. */
function rssOf(pid: number | undefined): number {
  try {
    return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function buildServerIfMissing(): void {
  if (existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) return;
  console.log('apps/server/dist absent : construction du serveur…');
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/build/build-server.ts'], { cwd: ROOT, stdio: 'inherit' });
}

/** Servers still running: stopped if the bench is interrupted, so none is left behind holding the database. */
const running = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill('SIGTERM');
    process.exit(1);
  });
}

async function startServer(name: string, dataDir: string, databaseUrl: string | undefined): Promise<ServerProcess> {
  const port = await freePort();
  // The server writes its logs to a file, as under a process manager: a pipe read by this busy bench fills
  // up, and the server's synchronous log writes would then wait on the bench (seen as 10 % of its CPU).
  // CAPACITY_LOG_DIR: the logs are kept there (the data folder is removed at the end).
  const logDir = env.CAPACITY_LOG_DIR ?? dataDir;
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${path.basename(dataDir)}.log`);
  const log = openSync(logFile, 'a');
  const output = () => readFileSync(logFile, 'utf8').slice(-4000);
  // CAPACITY_PROFILE_DIR: each server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = env.CAPACITY_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${env.CAPACITY_PROFILE_DIR}`] : [];
  // CAPACITY_NODE_FLAGS: more of Node's flags for the servers, e.g. --trace-gc (refused in NODE_OPTIONS).
  const flags = env.CAPACITY_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  // After the command's own flags, so that one given again (e.g. --max-semi-space-size) wins.
  const child = spawn(SERVER_COMMAND[0]!, [...profile, ...SERVER_COMMAND.slice(1, -1), ...flags, ...SERVER_COMMAND.slice(-1)], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // As operators run it: no demo accounts, request logs at info level.
      NODE_ENV: 'production',
      // Shared by the two processes, as in production, so a token (and a second factor) is good on either.
      JWT_SECRET,
      SECOND_FACTOR_KEY: 'cle-du-second-facteur-du-banc-de-capacite',
      // The bench plays the reverse proxy: the per-address sign-in limit applies to each simulated user's address.
      TRUST_PROXY: '127.0.0.1',
      SMTP_URL: '',
      S3_BUCKET: '',
      // The daily reminders' pass would land at a random moment of some step: it is not what is measured here.
      PIECE_REMINDERS_INTERVAL_MS: '0',
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let ended: unknown;
  running.add(child);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve((ended = code ?? signal))));
  void exited.then(() => running.delete(child));
  const target = makeTarget(name, port);
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (ended !== undefined) throw new Error(`le serveur s'est arrêté (${String(ended)}) :\n${output()}`);
    try {
      if ((await send(target, 'GET', '/api/site', BROWSER, undefined, 2000)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`le serveur ne répond pas :\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { target, child, exited, output, logFile };
}

async function stopServer(server: ServerProcess): Promise<void> {
  server.target.agent.destroy();
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

// ---------------------------------------------------------------- simulated people

interface Session {
  email: string;
  /** Its own address, as the proxy would forward it. */
  ip: string;
  headers: Record<string, string>;
}

interface ClientSession extends Session {
  files: Array<SimulatedClient['files'][number] & { saving: boolean }>;
}

interface ListSession extends Session {
  /** The cursor of the next page of the walk through the list, and its page number. */
  cursor: string | undefined;
  page: number;
  /**
   * The last list page read: a notary opens one of its files next. Kept as it
   * came and decoded only then, as a browser decodes on its own machine.
   */
  lastPage: Answer | undefined;
}

/** The ids of the files a list page shows. */
const idsOn = (page: Answer): number[] => (JSON.parse(page.body.toString()) as Array<{ id: number }>).map((p) => p.id);

interface Population {
  clients: ClientSession[];
  notaries: ListSession[];
  admin: ListSession;
}

const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** Everyone signs in, a few at a time (below the server's argon2 queue, PASSWORD_HASH_QUEUE). */
async function signIn(target: Target, database: CapacityDatabase): Promise<Population> {
  const people = database.people;
  const emails = [...people.clients.map((c) => c.email), ...people.notaries.map((n) => n.email), people.admin];
  const tokens: string[] = new Array<string>(emails.length);
  const times: number[] = [];
  let nextIndex = 0;
  const start = performance.now();
  const worker = async () => {
    while (nextIndex < emails.length) {
      const i = nextIndex++;
      const began = performance.now();
      // The web's sign-in: for an office member or the admin, the second factor too (set up on its first
      // sign-in of a run — the kept bases start without, capacity-seed.ts — then from a trusted device).
      tokens[i] = await signInThroughSecondFactor({ url: `http://127.0.0.1:${target.port}` }, emails[i]!, CAPACITY_PASSWORD, {
        'x-forwarded-for': addressOf(i + 1),
      });
      times.push(performance.now() - began);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const seconds = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.ceil(q * times.length) - 1]!;
  console.log(
    `  connexions : ${emails.length} utilisateurs distincts en ${fmt(seconds)} s (${fmt(emails.length / seconds)} /s, 8 à la fois), médiane ${fmt(at(0.5))} ms, p99 ${fmt(at(0.99))} ms`,
  );
  const session = (i: number): Session => ({
    email: emails[i]!,
    ip: addressOf(i + 1),
    headers: { ...BROWSER, authorization: `Bearer ${tokens[i]}`, 'x-forwarded-for': addressOf(i + 1) },
  });
  const list = (i: number): ListSession => ({ ...session(i), cursor: undefined, page: 1, lastPage: undefined });
  const clientCount = people.clients.length;
  return {
    clients: people.clients.map((c, i) => ({ ...session(i), files: c.files.map((f) => ({ ...f, saving: false })) })),
    notaries: people.notaries.map((_, i) => list(clientCount + i)),
    admin: list(emails.length - 1),
  };
}

// ---------------------------------------------------------------- the day's mix

interface Balancer {
  pick(): Target;
  /** The other live process than `target`, if any (read-after-write checks). */
  other(target: Target): Target | undefined;
}

function roundRobin(targets: Target[]): Balancer {
  let turn = 0;
  return {
    pick() {
      const live = targets.filter((t) => !t.down);
      if (live.length === 0) throw new Error('aucun serveur en service');
      return live[turn++ % live.length]!;
    },
    other: (target) => targets.find((t) => t !== target && !t.down),
  };
}

interface MixCounters {
  deepestPage: number;
  checks: number;
  stale: number;
  checkErrors: number;
}

const pickOne = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;

/**
 * A request through the balancer: a connection refused or cut marks the
 * process down (the balancer's health check). A refused connection never
 * reached the server, so the request goes to another process, as a load
 * balancer does (nginx's `proxy_next_upstream error`); a cut one counts as an error.
 */
async function request(
  balancer: Balancer,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ answer: Answer; target: Target }> {
  for (;;) {
    const target = balancer.pick();
    try {
      return { answer: await send(target, method, url, headers, body), target };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE') target.down = true;
      if (code === 'ECONNREFUSED' && balancer.other(target)) continue;
      throw new Error(`${method} ${url.replace(/\d+/g, '{n}')} : ${code ?? (error as Error).message}`, { cause: error });
    }
  }
}

function expectOk(kind: string, answer: Answer): void {
  if (answer.status !== 200) throw new Error(`${kind} : ${answer.status} ${answer.body.toString().slice(0, 100)}`);
}

function makeMix(population: Population, balancer: Balancer, counters: MixCounters, checkStale: boolean): () => Action {
  let saves = 0;
  const civilVersion = (project: Answer, documentId: number): number | undefined => {
    const body = JSON.parse(project.body.toString()) as {
      documents: Array<{ document_civil_statuses: Array<{ id: number; version: number }> }>;
    };
    return body.documents.flatMap((d) => d.document_civil_statuses).find((q) => q.id === documentId)?.version;
  };

  const save =
    (client: ClientSession): Action =>
    async () => {
      const file = client.files.find((f) => !f.saving);
      if (!file) return clientPage(client)();
      file.saving = true;
      try {
        const document = { ...CIVIL_ANSWERS, id: file.civilStatusId, version: file.version, city: `Ville ${(saves += 1)}` };
        const body = Buffer.from(JSON.stringify({ docType: 'document_civil_statuses', document }));
        const { answer, target } = await request(
          balancer,
          'PATCH',
          '/api/document',
          { ...client.headers, 'content-type': 'application/json' },
          body,
        );
        if (answer.status === 409)
          file.version = (JSON.parse(answer.body.toString()) as { document: { version: number } }).document.version;
        expectOk('enregistrement', answer);
        const saved = (JSON.parse(answer.body.toString()) as { version: number }).version;
        file.version = saved;
        const other = checkStale ? balancer.other(target) : undefined;
        if (other) {
          // Read back at once from the other process: does it see the acknowledged save? Outside the latency figures.
          counters.checks += 1;
          void send(other, 'GET', `/api/project/${file.projectId}`, client.headers).then(
            (page) => {
              try {
                if (page.status !== 200) counters.checkErrors += 1;
                else if ((civilVersion(page, file.civilStatusId) ?? 0) < saved) counters.stale += 1;
              } catch {
                counters.checkErrors += 1;
              }
            },
            () => (counters.checkErrors += 1),
          );
        }
        return 'enregistrement';
      } finally {
        file.saving = false;
      }
    };

  const upload =
    (client: ClientSession): Action =>
    async () => {
      const file = pickOne(client.files);
      const upload = multipartBody({ id: String(file.drawerId) }, SCAN);
      const { answer } = await request(
        balancer,
        'POST',
        `/api/project/${file.projectId}/addfile`,
        { ...client.headers, ...upload.headers },
        upload.payload,
      );
      expectOk('dépôt', answer);
      return 'dépôt 1 Mo';
    };

  const clientDashboard =
    (client: ClientSession): Action =>
    async () => {
      expectOk('tableau de bord client', (await request(balancer, 'GET', '/api/projects/mine', client.headers)).answer);
      return 'tableau de bord client';
    };

  const clientPage =
    (client: ClientSession): Action =>
    async () => {
      expectOk(
        'dossier (client)',
        (await request(balancer, 'GET', `/api/project/${pickOne(client.files).projectId}`, client.headers)).answer,
      );
      return 'dossier (client)';
    };

  /** A page of the list: the first, or the next of the walk (deeper and deeper, back to the start at the end). */
  const listPage =
    (who: ListSession, kind: string, walk: boolean): Action =>
    async () => {
      const cursor = walk ? who.cursor : undefined;
      const url = cursor ? `/api/projects/mine?after=${encodeURIComponent(cursor)}` : '/api/projects/mine';
      const { answer } = await request(balancer, 'GET', url, who.headers);
      expectOk(kind, answer);
      who.lastPage = answer;
      if (walk && who.cursor === cursor) {
        const next = answer.headers[NEXT_PAGE_HEADER];
        who.cursor = typeof next === 'string' ? next : undefined;
        who.page = who.cursor ? who.page + 1 : 1;
        counters.deepestPage = Math.max(counters.deepestPage, who.page);
      }
      return walk ? `${kind}, page suivante` : `${kind}, 1re page`;
    };

  const officePage =
    (notary: ListSession): Action =>
    async () => {
      const seen = notary.lastPage ? idsOn(notary.lastPage) : [];
      if (seen.length === 0) return listPage(notary, 'liste office', false)();
      expectOk('dossier (notaire)', (await request(balancer, 'GET', `/api/project/${pickOne(seen)}`, notary.headers)).answer);
      return 'dossier (notaire)';
    };

  return () => {
    const r = Math.random();
    const client = pickOne(population.clients);
    const notary = pickOne(population.notaries);
    if (r < 0.1) return save(client);
    if (r < 0.11) return upload(client);
    if (r < 0.36) return clientDashboard(client);
    if (r < 0.61) return clientPage(client);
    if (r < 0.64) return listPage(notary, 'liste office', false);
    if (r < 0.91) return listPage(notary, 'liste office', true);
    if (r < 0.96) return officePage(notary);
    return listPage(population.admin, 'liste admin', Math.random() < 0.5);
  };
}

// ---------------------------------------------------------------- measuring

interface StepFigure extends StepResult {
  rssKb: number;
  peakRssKb: number;
  held: boolean;
  /** CPU time per request served (ms): the server processes, the database's backends, this bench. */
  cpu: { server: number; database: number | undefined; bench: number };
}

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU time (user + system, ms) a process has used, 0 once it is gone. */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * The CPU time of the PostgreSQL backends serving the bench database (ms):
 * on a shared machine, latencies follow the neighbours' load, while the CPU
 * time a request costs does not, and says what a dedicated machine would hold.
 */
/**
 * PostgreSQL: reads the whole bench database once into memory (pg_prewarm),
 * as a server that has been running holds it; without it, the first minutes
 * after the machine starts measure its disk.
 */
async function prewarm(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const start = performance.now();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
    // Into PostgreSQL's own buffers when the base fits in them (a server sized for its base, whose
    // working set stays there), else into the system's file cache, which a backend reads with a system call per page.
    const { rows: sizes } = await client.query<{ base: string; buffers: string; setting: string; huge_pages: string }>(
      `SELECT pg_database_size(current_database()) AS base, (SELECT setting::bigint * 8192 FROM pg_settings WHERE name = 'shared_buffers') AS buffers,
         current_setting('shared_buffers') AS setting, current_setting('huge_pages') AS huge_pages`,
    );
    const fits = Number(sizes[0]!.base) < 0.9 * Number(sizes[0]!.buffers);
    const { rows } = await client.query<{ blocks: string }>(
      `SELECT coalesce(sum(pg_prewarm(c.oid, $1)), 0) AS blocks FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname IN ('public', 'pg_toast') AND c.relkind IN ('r', 'i', 't', 'm') AND c.relpersistence = 'p'`,
      [fits ? 'buffer' : 'read'],
    );
    const where = fits ? 'les tampons de PostgreSQL' : 'le cache du système';
    console.log(
      `  base lue dans ${where} (pg_prewarm ; shared_buffers ${sizes[0]!.setting}, huge_pages ${sizes[0]!.huge_pages}) : ${((Number(rows[0]!.blocks) * 8) / 1024).toFixed(0)} Mo en ${fmt((performance.now() - start) / 1000)} s`,
    );
    // Decision 0096: outside PostgreSQL's buffers, a page a request reads may have left the system's cache
    // (read again from the disk): the figures then measure the machine's memory more than the server.
    if (!fits) console.log('  attention : la base ne tient pas dans shared_buffers ; voir docs/operations.md (PostgreSQL)');
  } catch (error) {
    console.log(
      `  base non préchargée (${error instanceof Error ? error.message : String(error)}) : les premiers paliers mesurent aussi le disque`,
    );
  } finally {
    await client.end();
  }
}

function databaseCpu(url: string | undefined): (() => Promise<Map<number, number>>) | undefined {
  if (!url) return undefined;
  const name = new URL(url).pathname.slice(1);
  return async () => {
    const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      return new Map(rows.map((r) => [r.pid, cpuMsOf(r.pid)]));
    } finally {
      await client.end();
    }
  };
}

function printStep(label: string, step: StepFigure, counters: MixCounters): void {
  console.log(
    `  ${label} ${fmt(step.offered, 0).padStart(5)} /s offert, ${fmt(step.achieved).padStart(6)} /s servi, ` +
      `p50 ${fmt(step.p50).padStart(6)} ms, p95 ${fmt(step.p95).padStart(6)} ms, p99 ${fmt(step.p99).padStart(6)} ms, ` +
      `${step.errors} erreur(s), RSS ${mb(step.rssKb)} (pic ${mb(step.peakRssKb)}), page la plus profonde ${counters.deepestPage} ${step.held ? 'tenu' : 'NON tenu'}`,
  );
  const { server, database, bench } = step.cpu;
  console.log(
    `      CPU par requête : serveur ${fmt(server, 2)} ms${database === undefined ? '' : `, PostgreSQL ${fmt(database, 2)} ms`}, banc ${fmt(bench, 2)} ms` +
      ` → sur 2 cœurs sans le banc, au plus ${fmt(2000 / (server + (database ?? 0)), 0)} requêtes/s`,
  );
  const kinds = [...step.byKind].sort(([a], [b]) => a.localeCompare(b));
  console.log(
    `      par type (n, p50 / p99 ms) : ${kinds.map(([kind, k]) => `${kind} ${k.n}, ${fmt(k.p50)} / ${fmt(k.p99)}`).join(' ; ')}`,
  );
  for (const [reason, n] of step.reasons) console.log(`      ${n} × ${reason}`);
}

async function measureStep(
  rate: number,
  seconds: number,
  mix: () => Action,
  pids: Array<number | undefined>,
  backends?: () => Promise<Map<number, number>>,
  everySecond?: (rssKb: number) => void,
): Promise<StepFigure> {
  let peak = 0;
  let lastSecond = performance.now();
  const sum = (f: (pid: number | undefined) => number) => pids.reduce<number>((total, pid) => total + f(pid), 0);
  const sample = () => {
    const rss = sum(rssOf);
    peak = Math.max(peak, rss);
    if (everySecond && performance.now() - lastSecond >= 1000) {
      everySecond(rss);
      lastSecond = performance.now();
    }
  };
  const [serverBefore, benchBefore, databaseBefore] = [sum(cpuMsOf), process.cpuUsage(), await backends?.()];
  const result = await runOpenLoop({ rate, seconds, next: mix, onTick: sample });
  const bench = process.cpuUsage(benchBefore);
  const databaseAfter = await backends?.();
  sample();
  const rssKb = sum(rssOf);
  // Backends opened during the step count from zero; those closed during it are not counted.
  const database = databaseAfter && [...databaseAfter].reduce((total, [pid, ms]) => total + ms - (databaseBefore?.get(pid) ?? 0), 0);
  const served = Math.max(1, result.ok);
  const cpu = {
    server: (sum(cpuMsOf) - serverBefore) / served,
    database: database === undefined ? undefined : database / served,
    bench: (bench.user + bench.system) / 1000 / served,
  };
  return { ...result, rssKb, peakRssKb: peak, held: result.errors === 0 && result.p99 < P99_GOAL_MS, cpu };
}

interface Capacity {
  backend: CapacityBackend;
  size: number;
  held: number | undefined;
  steps: StepFigure[];
  /** The run at the goal's rate (largest size only). */
  goal?: Soak;
}

interface Soak {
  rate: number;
  p99: number;
  errors: number;
  held: boolean;
  /** RSS (kB) at the start, at the end, and the highest sampled. */
  rss: { before: number; after: number; peak: number };
}

/**
 * The mix at one rate for `seconds`, the server's RSS sampled every second:
 * does the rate hold, and does memory settle or keep growing?
 */
async function soak(
  label: string,
  rate: number,
  seconds: number,
  mix: () => Action,
  pid: number | undefined,
  counters: MixCounters,
  backends?: () => Promise<Map<number, number>>,
): Promise<Soak> {
  const before = rssOf(pid);
  const samples: number[] = [];
  const run = await measureStep(rate, seconds, mix, [pid], backends, (rss) => samples.push(rss));
  const after = rssOf(pid);
  const peak = Math.max(run.peakRssKb, after);
  const slices = [0, 0.25, 0.5, 0.75].map((q) => samples[Math.floor(q * samples.length)] ?? 0);
  // When the slow answers came: a few stalls, or all along?
  const slow = run.slowestBySecond.flatMap((ms, second) =>
    ms >= P99_GOAL_MS ? [`${second} s (${Number.isFinite(ms) ? `${fmt(ms, 0)} ms` : 'erreur'})`] : [],
  );
  printStep(label, run, counters);
  console.log(
    `      RSS ${mb(before)} au début, ${slices.map(mb).join(' → ')} → ${mb(after)} à la fin (pic ${mb(peak)}, ${after >= before ? '+' : ''}${mb(after - before)})`,
  );
  console.log(
    `      secondes avec une réponse d'au moins ${P99_GOAL_MS} ms : ${slow.length} sur ${seconds}${slow.length > 0 ? ` (${slow.slice(0, 12).join(', ')}${slow.length > 12 ? '…' : ''})` : ''}`,
  );
  return { rate, p99: run.p99, errors: run.errors, held: run.held, rss: { before, after, peak } };
}

/**
 * Warm-up (JIT, plans, the database's caches), printed but not judged: half
 * of WARMUP_SECONDS at the first rate, half at half the goal's rate. A server
 * taken cold from 25 /s to 600 /s spends its first seconds compiling and
 * falls a few seconds behind, which a run of minutes then carries in its p99.
 */
async function warmUp(
  goalRate: number,
  mix: () => Action,
  pids: Array<number | undefined>,
  databaseUrl: string | undefined,
  counters: MixCounters,
): Promise<void> {
  for (const rate of [START_RATE, Math.round(goalRate / 2)])
    printStep('chauffe', await measureStep(rate, WARMUP_SECONDS / 2, mix, pids, databaseCpu(databaseUrl)), counters);
}

async function measureCapacity(database: CapacityDatabase): Promise<Capacity> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'notadoo-capacity-'));
  // PGlite: the server works on a copy, so that the kept database stays as seeded.
  if (database.pgliteDir) cpSync(database.pgliteDir, path.join(dataDir, 'db'), { recursive: true });
  if (database.url) await prewarm(database.url);
  const server = await startServer('serveur', dataDir, database.url);
  const pid = server.child.pid;
  try {
    console.log(`  serveur démarré, RSS ${mb(rssOf(pid))}`);
    const population = await signIn(server.target, database);
    const counters: MixCounters = { deepestPage: 1, checks: 0, stale: 0, checkErrors: 0 };
    const mix = makeMix(population, roundRobin([server.target]), counters, false);
    await warmUp(longSoakRate(database.backend), mix, [pid], database.url, counters);
    await measureCostByKind(mix, pid, databaseCpu(database.url));
    const logBefore = backgroundLogged(server.logFile).lines;
    const goal =
      database.size === Math.max(...SIZES[database.backend])
        ? await soak('objectif', longSoakRate(database.backend), LONG_SOAK_SECONDS, mix, pid, counters, databaseCpu(database.url))
        : undefined;
    const background = backgroundLogged(server.logFile, logBefore).summary;
    if (goal && background.length > 0) console.log(`      journal du serveur pendant ce temps, hors requêtes : ${background.join(' ; ')}`);
    const steps: StepFigure[] = [];
    let held: number | undefined;
    for (let i = 0, rate = START_RATE; i < MAX_STEPS; i += 1, rate = Math.round(rate * RATE_FACTOR)) {
      const step = await measureStep(rate, STEP_SECONDS, mix, [pid], databaseCpu(database.url));
      steps.push(step);
      printStep('palier', step, counters);
      if (!step.held) break;
      held = rate;
    }
    if (held === undefined) console.log(`  aucun palier tenu (p99 < ${P99_GOAL_MS} ms sans erreur), même à ${START_RATE} /s`);
    else await soak('mémoire', held, SOAK_SECONDS, mix, pid, counters, databaseCpu(database.url));
    await measureBillingExport(server.target, population.admin, pid);
    return { backend: database.backend, size: database.size, held, steps, goal };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * What each kind of request costs in CPU, the mix sent one request at a
 * time: the CPU time used by the server (and the database's backends) while
 * a request runs is added to its kind. /proc counts in ticks of 10 ms, so
 * only sums over many requests mean something (CAPACITY_COST_REQUESTS, 1,500).
 */
async function measureCostByKind(mix: () => Action, pid: number | undefined, backends?: () => Promise<Map<number, number>>): Promise<void> {
  const count = Number(env.CAPACITY_COST_REQUESTS ?? 1500);
  if (count <= 0) return;
  const backendPids = [...((await backends?.())?.keys() ?? [])];
  const kinds = new Map<string, { n: number; server: number; total: number }>();
  for (let i = 0; i < count; i += 1) {
    const server = cpuMsOf(pid);
    const database = backendPids.map(cpuMsOf);
    const kind = await mix()().catch(() => 'erreur');
    const entry = kinds.get(kind) ?? { n: 0, server: 0, total: 0 };
    const serverUsed = cpuMsOf(pid) - server;
    // A backend the pool closed meanwhile reads 0: left out rather than counted negative.
    const databaseUsed = backendPids.reduce((total, backend, j) => {
      const now = cpuMsOf(backend);
      return now === 0 ? total : total + now - database[j]!;
    }, 0);
    entry.n += 1;
    entry.server += serverUsed;
    entry.total += serverUsed + databaseUsed;
    kinds.set(kind, entry);
  }
  const figures = [...kinds]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, k]) => {
      const database = backendPids.length > 0 ? ` + ${fmt((k.total - k.server) / k.n, 2)}` : '';
      return `${kind} ${fmt(k.server / k.n, 2)}${database} ms (${k.n})`;
    });
  console.log(
    `  CPU par type de requête, une à la fois (serveur${backendPids.length > 0 ? ' + PostgreSQL' : ''}) : ${figures.join(' ; ')}`,
  );
}

/**
 * The admin's billing CSV of every file of the base, read as it streams
 * (nothing kept but counts) while the server's RSS is sampled: a export of
 * the whole base must not hold it in memory.
 */
async function measureBillingExport(target: Target, admin: Session, pid: number | undefined): Promise<void> {
  const before = rssOf(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);
  const start = performance.now();
  const today = new Date().toISOString().slice(0, 10);
  try {
    const { status, bytes, lines } = await new Promise<{ status: number; bytes: number; lines: number }>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: target.port,
          path: `/api/projects/open/export?from=2000-01-01&to=${today}`,
          headers: admin.headers,
          agent: target.agent,
        },
        (res) => {
          let bytes = 0;
          let lines = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          // Decoded as a browser does (the answer is compressed), counting lines without keeping the text.
          const encoding = res.headers['content-encoding'];
          const text =
            encoding === 'br' ? res.pipe(zlib.createBrotliDecompress()) : encoding === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
          text.on('data', (chunk: Buffer) => {
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
          });
          text.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, lines }));
          text.on('error', reject);
        },
      );
      req.on('error', reject);
    });
    console.log(
      `  export CSV de facturation (toute la base) : HTTP ${status}, ${(lines - 1).toLocaleString('fr-FR')} lignes, ${(bytes / 1048576).toFixed(1)} Mo en ${fmt((performance.now() - start) / 1000)} s ; ` +
        `RSS ${mb(before)} avant, pic ${mb(peak)} pendant (+${mb(peak - before)})`,
    );
  } finally {
    clearInterval(timer);
  }
}

/** Two processes on one PostgreSQL database, the bench balancing between them; one stops halfway. */
async function measureTwoProcesses(database: CapacityDatabase, rate: number): Promise<void> {
  const dirs = [mkdtempSync(path.join(tmpdir(), 'notadoo-capacity-a-')), mkdtempSync(path.join(tmpdir(), 'notadoo-capacity-b-'))];
  const servers = [await startServer('A', dirs[0]!, database.url), await startServer('B', dirs[1]!, database.url)];
  try {
    const population = await signIn(servers[0]!.target, database);
    const counters: MixCounters = { deepestPage: 1, checks: 0, stale: 0, checkErrors: 0 };
    const balancer = roundRobin(servers.map((s) => s.target));
    const mix = makeMix(population, balancer, counters, true);
    const pids = servers.map((s) => s.child.pid);
    await warmUp(rate, mix, pids, database.url, counters);
    Object.assign(counters, { checks: 0, stale: 0, checkErrors: 0 });
    const both = await measureStep(rate, CLUSTER_SECONDS / 2, mix, pids, databaseCpu(database.url));
    printStep('A + B    ', both, counters);
    console.log(
      `      lectures sur l'autre processus juste après un enregistrement acquitté : ${counters.checks}, dont ${counters.stale} périmée(s), ${counters.checkErrors} en erreur`,
    );
    // B stops as a deploy stops it; the balancer sees its connections refused and sends everything to A.
    const stopped = stopServer(servers[1]!);
    const alone = await measureStep(rate, CLUSTER_SECONDS / 2, mix, [servers[0]!.child.pid], databaseCpu(database.url));
    await stopped;
    printStep('B arrêté ', alone, counters);
    console.log(`      erreurs dues à l'arrêt de B : ${alone.errors} sur ${alone.sent} requêtes`);
  } finally {
    for (const server of servers) await stopServer(server);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- run

buildServerIfMissing();
console.log(
  `\nCapacité (open loop, paliers de ${STEP_SECONDS} s ×${RATE_FACTOR} dès ${START_RATE} /s ; objectif p99 < ${P99_GOAL_MS} ms sans erreur ; ` +
    `${USERS} clients simulés${QUICK ? ' ; mode rapide' : ''})`,
);
const results: Capacity[] = [];
// CAPACITY_SEED_ONLY=1: make (or check) the kept databases and stop, e.g. to seed the large ones ahead of a run.
const SEED_ONLY = env.CAPACITY_SEED_ONLY === '1';
for (const backend of BACKENDS) {
  for (const size of SIZES[backend]) {
    console.log(`\n${backend}, ${size.toLocaleString('fr-FR')} dossiers`);
    const database = await openCapacityDatabase(backend, size, USERS);
    if (database.seedSeconds !== undefined) console.log(`  base créée en ${fmt(database.seedSeconds)} s (generate_series)`);
    else console.log('  base conservée réutilisée');
    if (SEED_ONLY) continue;
    results.push(await measureCapacity(database));
  }
}

console.log('\nRésumé : débit le plus haut tenu (p99 < 100 ms, aucune erreur)');
for (const r of results)
  console.log(
    `  ${r.backend.padEnd(10)} ${r.size.toLocaleString('fr-FR').padStart(9)} dossiers : ${r.held === undefined ? 'aucun palier' : `${r.held} requêtes/s`}`,
  );
for (const { backend, size, goal } of results) {
  if (!goal) continue;
  console.log(
    `  objectif ${backend} ${size.toLocaleString('fr-FR')} dossiers, ${goal.rate} /s : p99 ${fmt(goal.p99)} ms, ${goal.errors} erreur(s) ${goal.held ? 'tenu' : 'NON tenu'} ; ` +
      `RSS ${mb(goal.rss.before)} → ${mb(goal.rss.after)}, pic ${mb(goal.rss.peak)} (objectif < 300 Mo ${goal.rss.peak < 300 * 1024 ? 'oui' : 'NON'})`,
  );
}
for (const backend of BACKENDS) {
  const mine = results.filter((r) => r.backend === backend).sort((a, b) => a.size - b.size);
  if (mine.length < 2) continue;
  const [small, large] = [mine[0]!, mine.at(-1)!];
  const shared = large.steps.filter((s) => s.held && small.steps.some((t) => t.offered === s.offered && t.held)).at(-1);
  const heldRatio = small.held && large.held ? small.held / large.held : Number.NaN;
  const p50Ratio = shared ? shared.p50 / small.steps.find((t) => t.offered === shared.offered)!.p50 : Number.NaN;
  const flat = heldRatio <= FLAT_GOAL && p50Ratio <= FLAT_GOAL;
  console.log(
    `  ${backend} : ${small.size.toLocaleString('fr-FR')} → ${large.size.toLocaleString('fr-FR')} dossiers : débit tenu ÷ ${fmt(heldRatio, 2)}, ` +
      `p50 à ${shared?.offered ?? '—'} /s × ${fmt(p50Ratio, 2)} (objectif ≤ ${FLAT_GOAL}) ${flat ? 'oui' : 'NON'}`,
  );
}

const pgSizes = SIZES.PostgreSQL;
if (!SEED_ONLY && CLUSTER_SECONDS > 0 && BACKENDS.includes('PostgreSQL') && pgSizes.length > 0) {
  const size = Number(env.CAPACITY_CLUSTER_SIZE ?? Math.max(...pgSizes));
  // Opened again: the runs above saved answers, and each save must carry the document's current version.
  const database = await openCapacityDatabase('PostgreSQL', size, USERS);
  // The goal asks two processes for the same rate as one.
  const rate = Number(env.CAPACITY_CLUSTER_RATE ?? GOAL_RATES.PostgreSQL);
  console.log(
    `\nDeux processus sur une base PostgreSQL (${size.toLocaleString('fr-FR')} dossiers), répartis à tour de rôle, ${rate} /s ; B arrêté à mi-parcours`,
  );
  await measureTwoProcesses(database, rate);
}
