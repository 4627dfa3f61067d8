/**
 * `npm run bench` (server memory, issue 11): the real server started as
 * `npm start` starts it (SERVER_COMMAND; the server is built first, the web
 * app is not needed), on
 * the embedded PGlite, first on an empty DATA_DIR ("new": initdb,
 * migrations, offices and demo accounts) and then again on the same folder
 * ("reopen"). Memory is the resident size (VmRSS) of the server's process
 * tree (the server and any child, e.g. a compiler service), read:
 *   - "listening": once `GET /api/site` answers;
 *   - "after requests": after a short mix (client login, dashboard, project
 *     creation, project page, site, three times over), 2 s later;
 *   - "peak": the highest tree RSS sampled every 50 ms from spawn to the end,
 *     and the server process's own VmHWM (the kernel's high-water mark).
 * Three rounds; the median of each figure is printed with the goals.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../test/server-process';
import { SERVER_COMMAND } from './server-command';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ROUNDS = Number(process.env.MEMORY_BENCH_ROUNDS ?? 3);
const GOALS = { new: 400, reopen: 250 };

interface Figures {
  listening: number;
  afterRequests: number;
  peakTree: number;
  serverHwm: number;
  startSeconds: number;
}

/** kB figures of /proc/<pid>/status, or undefined once the process is gone. */
function status(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(text.match(new RegExp(`^${key}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return undefined;
  }
}

/** The process and all its descendants still alive. */
function processTree(root: number): number[] {
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) {
    const pid = tree[i]!;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // ended meanwhile
    }
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
        if (children) tree.push(...children.split(/\s+/).map(Number));
      } catch {
        // the task ended meanwhile
      }
    }
  }
  return tree;
}

const treeRssMb = (pid: number) => processTree(pid).reduce((sum, p) => sum + (status(p)?.rss ?? 0), 0) / 1024;

async function call(base: string, method: string, url: string, body?: unknown, token?: string): Promise<unknown> {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/** What a client does on a first visit: sign in, see the dashboard, create a project and open it. */
async function requestMix(base: string): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    await call(base, 'GET', '/site');
    const { token } = (await call(base, 'POST', '/users/login', { login: 'client@notadoo.fr', password: 'Dossier2026' })) as {
      token: string;
    };
    await call(base, 'GET', '/users/me', undefined, token);
    await call(base, 'GET', '/projects/mine', undefined, token);
    const created = (await call(
      base,
      'POST',
      '/project',
      { name: `Vente ${i + 1}`, type: 'realty', subtype: 'appt', role: 'seller' },
      token,
    )) as { id: number };
    await call(base, 'GET', `/project/${created.id}`, undefined, token);
    await call(base, 'GET', '/projects/mine', undefined, token);
  }
}

async function runServer(dataDir: string): Promise<Figures> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const [command, ...args] = SERVER_COMMAND;
  const child: ChildProcess = spawn(command!, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      NODE_ENV: 'development',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const pid = child.pid!;
  let peakTree = 0;
  const sampler = setInterval(() => (peakTree = Math.max(peakTree, treeRssMb(pid))), 50);
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté :\n${output}`);
      if (Date.now() > deadline) throw new Error(`le serveur ne répond pas :\n${output}`);
      const ok = await fetch(`${base}/api/site`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const startSeconds = (performance.now() - started) / 1000;
    const listening = treeRssMb(pid);
    await requestMix(base);
    await new Promise((r) => setTimeout(r, 2000));
    const afterRequests = treeRssMb(pid);
    peakTree = Math.max(peakTree, afterRequests);
    const serverHwm = (status(pid)?.hwm ?? 0) / 1024;
    return { listening, afterRequests, peakTree, serverHwm, startSeconds };
  } finally {
    clearInterval(sampler);
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// What `npm start` runs first (the server part of `npm run build`).
execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/build/build-server.ts'], { cwd: ROOT, stdio: 'inherit' });

const results: Record<'new' | 'reopen', Figures[]> = { new: [], reopen: [] };
for (let round = 1; round <= ROUNDS; round += 1) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'notadoo-memory-'));
  try {
    results.new.push(await runServer(dataDir));
    results.reopen.push(await runServer(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const last = (k: 'new' | 'reopen') => results[k].at(-1)!;
  console.log(
    `round ${round}: new ${last('new').afterRequests.toFixed(0)} MB, reopen ${last('reopen').afterRequests.toFixed(0)} MB (after requests)`,
  );
}

console.log(`\nServer memory, embedded PGlite — median of ${ROUNDS} (${SERVER_COMMAND.slice(1).join(' ')})`);
console.log('start    listening  after requests  peak (tree)  peak (VmHWM)  start time   goal (after requests)');
for (const kind of ['new', 'reopen'] as const) {
  const m = (k: keyof Figures) => median(results[kind].map((f) => f[k]));
  console.log(
    `${kind.padEnd(8)} ${m('listening').toFixed(0).padStart(6)} MB ${m('afterRequests').toFixed(0).padStart(11)} MB ` +
      `${m('peakTree').toFixed(0).padStart(9)} MB ${m('serverHwm').toFixed(0).padStart(10)} MB ${m('startSeconds').toFixed(1).padStart(9)} s   ≤ ${GOALS[kind]} MB`,
  );
}
