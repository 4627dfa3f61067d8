/**
 * `npm run bench`: the cost of the rate limiter (issue 11), one statement per
 * call, on embedded PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL
 * (there also with the table made LOGGED, to show what UNLOGGED saves).
 *
 * Then a password-guessing attack (issue 9, hostile test): ATTACK_ADDRESSES
 * clients, each from its own address (X-Forwarded-For, trusted from
 * 127.0.0.1 as behind a load balancer), send wrong passwords for one account
 * as fast as answers come back, for ATTACK_SECONDS, over real HTTP; a
 * bystander meanwhile opens their dashboard (GET /api/projects/mine) one
 * request after the other. Prints the guesses checked per second (answers
 * 401: argon2 ran) and the bystander's p50/p99, with the bystander's figures
 * without attack for reference. The clients run in worker threads so they do
 * not share the server's event loop. BENCH_ATTACK_SECONDS changes the length;
 * BENCH_ATTACK_ONLY=1 runs the attack alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { createRateLimiter } from '../src/auth/rate-limiter';
import { migrate } from '../src/db/migrate';
import { BACKENDS, openTestDatabase, testConfig } from '../test/test-app';

const N = 2000;
const limit = { max: 1e9, windowMs: 60 * 60_000 };

async function perCall(label: string, n: number, run: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 50; i += 1) await run(-1 - i); // warm-up
  const start = performance.now();
  for (let i = 0; i < n; i += 1) await run(i);
  const us = ((performance.now() - start) * 1000) / n;
  console.log(`${label.padEnd(52)} n=${String(n).padStart(5)}  ${us.toFixed(0).padStart(6)} µs/appel`);
}

for (const backend of process.env.BENCH_ATTACK_ONLY ? [] : BACKENDS) {
  const database = await openTestDatabase(backend);
  await migrate(database);
  const passes = backend === 'postgres' ? ['UNLOGGED', 'LOGGED'] : ['UNLOGGED'];
  for (const persistence of passes) {
    if (persistence === 'LOGGED') await database.db.execute(sql`ALTER TABLE rate_limits SET LOGGED`);
    console.log(`-- ${backend} (${persistence})`);
    const limiter = createRateLimiter({ db: database.db, secret: 'secret-du-banc-secret-du-banc-secret-du-banc' });
    const tag = persistence.toLowerCase();
    await perCall('hit, one key, same key (update)', N, () => limiter.hit([[`bench:same:${tag}`, limit]]));
    await perCall('hit, one key, a new key each time (insert)', N, (i) => limiter.hit([[`bench:new:${tag}-${i}`, limit]]));
    await perCall('login check: hit the address, read two keys', N, (i) =>
      limiter.hit([[`bench:ip:${tag}`, limit]], [`bench:pair:${tag}-${i % 10}`, `bench:account:${tag}-${i % 10}`]),
    );
    await perCall('failed login: hit two keys', N, (i) =>
      limiter.hit([
        [`bench:pair:${tag}-${i % 10}`, limit],
        [`bench:account:${tag}-${i % 10}`, limit],
      ]),
    );
  }
  // Purge: 20,000 expired rows, deleted by batches of 1,000.
  const expired = createRateLimiter({ db: database.db, secret: 'x'.repeat(40), now: () => new Date('2000-01-01T00:00:00Z') });
  for (let i = 0; i < 20_000; i += 500) {
    await expired.hit(Array.from({ length: 500 }, (_, j) => [`bench:old:${i + j}`, { max: 1, windowMs: 1000 }] as const));
  }
  const start = performance.now();
  const purged = await createRateLimiter({ db: database.db, secret: 'x'.repeat(40) }).purgeExpired();
  console.log(`${`purge of ${purged} expired rows`.padEnd(52)} ${(performance.now() - start).toFixed(0).padStart(6)} ms`);
  await database.drop();
}

const ATTACK_ADDRESSES = 200;
const ATTACK_SECONDS = Number(process.env.BENCH_ATTACK_SECONDS ?? 10);

/** Plain JavaScript run in a worker thread: `clients` loops of requests until the deadline; answers statuses and latencies. */
const CLIENT_LOOPS = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, method, headers, body, clients, seconds, addressOf } = workerData;
const statuses = {};
const latencies = [];
const end = performance.now() + seconds * 1000;
async function loop(i) {
  const address = addressOf ? '10.' + (1 + (i >> 8)) + '.' + (i & 255) + '.7' : undefined;
  while (performance.now() < end) {
    const start = performance.now();
    let status = 'error';
    try {
      const res = await fetch(url, { method, headers: address ? { ...headers, 'x-forwarded-for': address } : headers, body });
      await res.arrayBuffer();
      status = res.status;
    } catch {}
    latencies.push(performance.now() - start);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
}
Promise.all(Array.from({ length: clients }, (_, i) => loop(i))).then(() => parentPort.postMessage({ statuses, latencies }));
`;

interface ClientRun {
  statuses: Record<string, number>;
  latencies: number[];
}

function runClients(workerData: {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  clients: number;
  seconds: number;
  addressOf: boolean;
}): Promise<ClientRun> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT_LOOPS, { eval: true, workerData });
    worker.once('message', (run: ClientRun) => void worker.terminate().then(() => resolve(run)));
    worker.once('error', reject);
  });
}

function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}

for (const backend of BACKENDS) {
  const database = await openTestDatabase(backend);
  await migrate(database);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'notadoo-bench-attack-'));
  const app = await buildApp({ database, mailer: { send: async () => {} }, config: { ...testConfig, dataDir, trustProxy: ['127.0.0.1'] } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.10', ...headers },
      body: JSON.stringify(body),
    });
  const signup = async (email: string) => {
    const res = await post('/users/signup', {
      email,
      password: 'Kq7#vLp2!xWr9',
      passwordConfirm: 'Kq7#vLp2!xWr9',
      firstName: 'Banc',
      lastName: 'Essai',
    });
    if (res.status !== 201) throw new Error(`signup: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { token: string }).token;
  };
  await signup('victime@exemple.fr');
  const bystander = { authorization: `Bearer ${await signup('passant@exemple.fr')}` };
  for (const name of ['Vente Dupont', 'Succession Martin', 'Achat Leroy']) {
    await post('/project', { name, type: 'realty', subtype: 'house', role: 'seller' }, bystander);
  }
  const dashboard = {
    url: `${base}/projects/mine`,
    method: 'GET',
    headers: { ...bystander, 'accept-encoding': 'br, gzip' },
    clients: 1,
    addressOf: false,
  };
  const quiet = await runClients({ ...dashboard, seconds: Math.min(5, ATTACK_SECONDS) });
  const attack = runClients({
    url: `${base}/users/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'victime@exemple.fr', password: 'Devine1234' }),
    clients: ATTACK_ADDRESSES,
    seconds: ATTACK_SECONDS,
    addressOf: true,
  });
  const during = await runClients({ ...dashboard, seconds: ATTACK_SECONDS });
  const attacked = await attack;
  const answered = (run: ClientRun, status: string) => run.statuses[status] ?? 0;
  console.log(`-- ${backend}: ${ATTACK_ADDRESSES} addresses guessing one account's password for ${ATTACK_SECONDS} s`);
  console.log(
    `guesses checked (401)                                ${(answered(attacked, '401') / ATTACK_SECONDS).toFixed(1).padStart(8)} /s`,
  );
  console.log(`answers by status                                    ${JSON.stringify(attacked.statuses)}`);
  console.log(
    `attacker's p50 / p99                                 ${percentile(attacked.latencies, 0.5).toFixed(0)} / ${percentile(attacked.latencies, 0.99).toFixed(0)} ms`,
  );
  for (const [label, run] of [
    ['without attack', quiet],
    ['during the attack', during],
  ] as const) {
    const failed = run.latencies.length - answered(run, '200');
    console.log(
      `bystander's dashboard ${label.padEnd(18)} p50 ${percentile(run.latencies, 0.5).toFixed(1).padStart(7)} ms  p99 ${percentile(run.latencies, 0.99).toFixed(1).padStart(7)} ms  (${run.latencies.length} requests${failed ? `, ${failed} not 200` : ''})`,
    );
  }
  await app.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
