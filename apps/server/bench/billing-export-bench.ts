/**
 * `npm run bench`: the admin's billing CSV of a whole base, streamed, and the
 * server's memory meanwhile.
 *
 * On the capacity bench's kept database (capacity-seed.ts): 1,000,000 files on
 * PostgreSQL when BENCH_DATABASE_URL is set, else 100,000 on PGlite
 * (BILLING_BENCH_SIZE changes it). The built server runs as `npm start` runs
 * it, twice: with Node's default heap, then with its old space capped
 * (BILLING_BENCH_HEAP_MB, 96). The export is read as a browser does (brotli,
 * decoded, lines counted, nothing kept) while the server's RSS is sampled
 * every 250 ms. If the capped run ends as fast with a flat RSS, the export
 * holds no more than a batch at a time, and the rise of the first run is the
 * collector letting its heap grow (V8 sizes it from the machine's memory),
 * not data held.
 */
import { spawn } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort, signInThroughSecondFactor } from '../test/server-process';
import { CAPACITY_PASSWORD, openCapacityDatabase, type CapacityDatabase } from './capacity-seed';
import { SERVER_COMMAND } from './server-command';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const POSTGRES = Boolean(process.env.BENCH_DATABASE_URL);
const SIZE = Number(process.env.BILLING_BENCH_SIZE ?? (POSTGRES ? 1_000_000 : 100_000));
const HEAP_MB = Number(process.env.BILLING_BENCH_HEAP_MB ?? 96);

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function exportOnce(database: CapacityDatabase, nodeFlags: string[]): Promise<string> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'notadoo-billing-bench-'));
  if (database.pgliteDir) cpSync(database.pgliteDir, path.join(dataDir, 'db'), { recursive: true });
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(SERVER_COMMAND[0]!, [...nodeFlags, ...SERVER_COMMAND.slice(1)], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url ?? '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'production',
      JWT_SECRET: 'secret-du-banc-de-l-export-de-facturation-0123456789',
      SECOND_FACTOR_KEY: 'cle-du-second-facteur-du-banc-de-facturation',
      SMTP_URL: '',
      S3_BUCKET: '',
      PIECE_REMINDERS_INTERVAL_MS: '0',
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const url = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries += 1) {
      if (child.exitCode !== null || tries > 900)
        throw new Error(`le serveur ne répond pas :\n${readFileSync(path.join(dataDir, 'server.log'), 'utf8').slice(-3000)}`);
      if (
        await fetch(`${url}/api/site`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const token = await signInThroughSecondFactor({ url }, database.people.admin, CAPACITY_PASSWORD);
    const pid = child.pid!;
    const before = rssMb(pid);
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250);
    const start = performance.now();
    const lines = await new Promise<number>((resolve, reject) => {
      const today = new Date().toISOString().slice(0, 10);
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: `/api/projects/open/export?from=2000-01-01&to=${today}`,
            headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
          },
          (res) => {
            let count = 0;
            const text = res.headers['content-encoding'] === 'br' ? res.pipe(zlib.createBrotliDecompress()) : res;
            text.on('data', (chunk: Buffer) => {
              for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) count += 1;
            });
            text.on('end', () => (res.statusCode === 200 ? resolve(count) : reject(new Error(`HTTP ${res.statusCode}`))));
            text.on('error', reject);
          },
        )
        .on('error', reject);
    });
    clearInterval(timer);
    const seconds = (performance.now() - start) / 1000;
    return `${(lines - 1).toLocaleString('fr-FR')} lignes en ${seconds.toFixed(1)} s ; RSS ${before.toFixed(0)} Mo avant, pic ${peak.toFixed(0)} Mo (+${(peak - before).toFixed(0)} Mo), ${rssMb(pid).toFixed(0)} Mo après`;
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const database = await openCapacityDatabase(POSTGRES ? 'PostgreSQL' : 'PGlite', SIZE, 1);
console.log(`\nExport CSV de facturation de toute la base (${database.backend}, ${SIZE.toLocaleString('fr-FR')} dossiers)`);
console.log(`  tas par défaut de Node : ${await exportOnce(database, [])}`);
console.log(`  tas limité à ${HEAP_MB} Mo (--max-old-space-size) : ${await exportOnce(database, [`--max-old-space-size=${HEAP_MB}`])}`);
