/**
 * `npm run bench:web`, after the size budgets: Lighthouse (mobile preset, its
 * default: a mid-range phone on a slow 4G link, throttling simulated) on `/`
 * and `/login` of the built app served by the production server, 3 runs per
 * page, medians printed against the goals of issue 11 (performance ≥ 95,
 * LCP < 2.5 s, accessibility and best practices 100).
 *
 * The scores are a benchmark, not a test: they are printed with a verdict per
 * goal but do not change the exit code, which is non-zero only when something
 * crashed (no build, a server or a browser that does not start, a failed run).
 * The full reports of the last run of each page are written to a temporary
 * folder whose path is printed, for reading the audits behind a score.
 *
 * Environment: CHROMIUM_PATH (as the e2e tests; CHROME_PATH also read; default
 * /usr/bin/chromium), LIGHTHOUSE_RUNS (default 3), LIGHTHOUSE_CPU_SLOWDOWN
 * (default 4, Lighthouse's own): the factor applied to the CPU time observed.
 * Lighthouse's 4 stands for a phone four times slower than the machine running
 * it, so the same page scores lower on a slower machine; a higher factor on a
 * fast machine shows what a slower one would measure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';

const PAGES = ['/', '/login'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CPU_SLOWDOWN = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? 4);
const CHROME_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
// Chromium as root in a sandbox-less container; no calls to Google's services (a closed network refuses them and they add noise).
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GOALS = { performance: 95, lcpMs: 2500, accessibility: 100, bestPractices: 100 };

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const dist = path.resolve(here, '../dist');

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('aucun port libre'))));
    });
  });
}

/** The server as `npm start` runs it, in production mode (no demo accounts), on an empty embedded database. */
async function startServer(port: number, dataDir: string): Promise<{ child: ChildProcess; output: () => string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: dist,
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Le serveur s'est arrêté au démarrage (code ${child.exitCode}) :\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/site`);
      if (res.ok) return { child, output: () => output };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`Le serveur ne répond pas après 120 s :\n${output}`);
}

interface RunFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  benchmarkIndex: number;
}

/** One Lighthouse run in a fresh browser profile (cold cache, as a first visit). */
async function runOnce(url: string): Promise<{ figures: RunFigures; lhr: Result; html: string }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'html', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      // Merged into the default settings: only the CPU factor changes.
      { extends: 'lighthouse:default', settings: { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } },
    );
    if (!result) throw new Error(`Lighthouse n'a rien rendu pour ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse : ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
    return {
      lhr,
      html: String(result.report),
      figures: {
        scores: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
        },
        lcp: metric('largest-contentful-paint'),
        fcp: metric('first-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        speedIndex: metric('speed-index'),
        benchmarkIndex: lhr.environment.benchmarkIndex,
      },
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP) on a loaded machine: one more try before giving up. */
async function runWithRetry(url: string): Promise<Awaited<ReturnType<typeof runOnce>>> {
  try {
    return await runOnce(url);
  } catch (error) {
    console.log(`  (passage manqué, recommencé : ${error instanceof Error ? error.message : String(error)})`);
    return runOnce(url);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The audits that cost points outside performance, by title: what to fix for a 100. */
function failedAudits(lhr: Result): string[] {
  const lines: string[] = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) lines.push(`${id} : ${audit.id} — ${audit.title}`);
    }
  }
  return lines;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok: boolean, text: string) => `  ${ok ? 'atteint    ' : 'NON ATTEINT'}  ${text}`;

async function main(): Promise<void> {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('apps/web/dist est absent : lancer `npm run build` avant.');
  if (!existsSync(CHROME_PATH)) throw new Error(`Chromium est absent (${CHROME_PATH}) : apt-get install chromium, ou CHROMIUM_PATH.`);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'notadoo-lighthouse-data-'));
  const reportDir = mkdtempSync(path.join(tmpdir(), 'notadoo-lighthouse-'));
  const server = await startServer(port, dataDir);
  const verdicts: string[] = [];
  try {
    console.log(`Lighthouse (préréglage mobile, throttling simulé, processeur ×${CPU_SLOWDOWN}), ${RUNS} passages par page, médianes :`);
    for (const page of PAGES) {
      const runs: RunFigures[] = [];
      let last: Awaited<ReturnType<typeof runOnce>> | undefined;
      for (let i = 0; i < RUNS; i += 1) {
        last = await runWithRetry(`http://127.0.0.1:${port}${page}`);
        runs.push(last.figures);
      }
      const m = (pick: (run: RunFigures) => number) => median(runs.map(pick));
      const perf = m((r) => r.scores.performance);
      const a11y = m((r) => r.scores.accessibility);
      const bp = m((r) => r.scores['best-practices']);
      const seo = m((r) => r.scores.seo);
      const lcp = m((r) => r.lcp);
      console.log(
        `  ${page.padEnd(7)} performance ${String(perf).padStart(3)} (passages ${runs.map((r) => r.scores.performance).join(', ')})` +
          `   accessibilité ${a11y}   bonnes pratiques ${bp}   SEO ${seo}`,
      );
      console.log(
        `          LCP ${seconds(lcp)}   FCP ${seconds(m((r) => r.fcp))}   TBT ${Math.round(m((r) => r.tbt))} ms` +
          `   CLS ${m((r) => r.cls).toFixed(3)}   Speed Index ${seconds(m((r) => r.speedIndex))}   benchmarkIndex ${Math.round(m((r) => r.benchmarkIndex))}`,
      );
      const fileBase = path.join(reportDir, page === '/' ? 'home' : page.slice(1).replaceAll('/', '-'));
      writeFileSync(`${fileBase}.report.html`, last!.html);
      writeFileSync(`${fileBase}.report.json`, JSON.stringify(last!.lhr));
      for (const line of failedAudits(last!.lhr)) console.log(`          à corriger : ${line}`);
      verdicts.push(
        verdict(perf >= GOALS.performance, `${page} performance ${perf} (objectif ≥ ${GOALS.performance})`),
        verdict(lcp < GOALS.lcpMs, `${page} LCP ${seconds(lcp)} (objectif < ${seconds(GOALS.lcpMs)})`),
        verdict(a11y >= GOALS.accessibility, `${page} accessibilité ${a11y} (objectif ${GOALS.accessibility})`),
        verdict(bp >= GOALS.bestPractices, `${page} bonnes pratiques ${bp} (objectif ${GOALS.bestPractices})`),
      );
    }
    console.log('Objectifs (mesurés, non bloquants : le throttling simulé dépend de la charge de la machine) :');
    for (const line of verdicts) console.log(line);
    console.log(`Rapports complets du dernier passage : ${reportDir}`);
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
