/**
 * The two ways `npm run bench` measures a route, each against the bare
 * Fastify route measured the same way right before it (so a busy neighbour
 * on the shared machine weighs on both), as the median of a few rounds.
 *
 * Under load: real HTTP requests over loopback from a worker thread
 * (autocannon's), so the client runs beside the server's event loop rather
 * than on it; a fixed number of keep-alive connections each send their next
 * request as soon as the answer arrives. The database round trips of
 * concurrent requests overlap, as on a server with many users.
 *
 * One at a time: `app.inject` (Fastify's in-process request, no socket), one
 * request after the other, as the first figures were taken: each
 * request's round trips add up and nothing overlaps.
 *
 * Both send what a browser sends (`accept-encoding: br, gzip`), so answers
 * are compressed as in production.
 */
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';

export interface LoadOptions {
  /** Connections open at once under load (each with one request in flight). */
  connections: number;
  /** Seconds per route and round under load. */
  seconds: number;
  /** Seconds per route and round one at a time. */
  sequentialSeconds: number;
  /** Rounds; the median of each figure is kept. */
  rounds: number;
}

export interface Figure {
  perSecond: number;
  p50: number;
  p99: number;
  /** perSecond / the bare route's perSecond measured just before, the same way. */
  ratio: number;
}

type Run = Omit<Figure, 'ratio'>;

const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip', accept: 'application/json' };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Warms the route up (plans, caches, JIT), then `rounds` × (bare, route). */
async function figure(rounds: number, warmUp: () => Promise<Run>, bare: () => Promise<Run>, route: () => Promise<Run>): Promise<Figure> {
  await warmUp();
  const runs: Figure[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const reference = await bare();
    const measured = await route();
    runs.push({ ...measured, ratio: measured.perSecond / reference.perSecond });
  }
  return {
    perSecond: median(runs.map((r) => r.perSecond)),
    ratio: median(runs.map((r) => r.ratio)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
  };
}

async function underLoad(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<Run> {
  const result = await autocannon({ url, headers: { ...BROWSER_HEADERS, ...headers }, connections, duration: seconds, workers: 1 });
  // A repeated read (If-None-Match) is answered 304 Not Modified (issue 24): expected, like a 200.
  const notModified = headers['if-none-match'] === undefined ? 0 : result['3xx'];
  if (result.non2xx > notModified || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} réponses hors 2xx, ${result.errors} erreurs, ${result.timeouts} délais dépassés`);
  }
  return { perSecond: result.requests.total / (result.duration || seconds), p50: result.latency.p50, p99: result.latency.p99 };
}

async function oneAtATime(app: FastifyInstance, url: string, headers: Record<string, string>, seconds: number): Promise<Run> {
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { ...BROWSER_HEADERS, ...headers } });
    samples.push(performance.now() - start);
    if (res.statusCode !== (headers['if-none-match'] === undefined ? 200 : 304))
      throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)]!;
  return { perSecond: (samples.length * 1000) / samples.reduce((a, b) => a + b, 0), p50: at(0.5), p99: at(0.99) };
}

/** `url` and `bareUrl` are absolute (http://127.0.0.1:port/...). */
export function measureUnderLoad(bareUrl: string, url: string, headers: Record<string, string>, options: LoadOptions): Promise<Figure> {
  const { connections, seconds } = options;
  return figure(
    options.rounds,
    () => underLoad(url, headers, connections, Math.max(1, seconds / 2)),
    () => underLoad(bareUrl, {}, connections, seconds),
    () => underLoad(url, headers, connections, seconds),
  );
}

/** `path` is the route's path on `app`; the bare app answers `/bare`. */
export function measureOneAtATime(
  bareApp: FastifyInstance,
  app: FastifyInstance,
  path: string,
  headers: Record<string, string>,
  options: LoadOptions,
): Promise<Figure> {
  const seconds = options.sequentialSeconds;
  return figure(
    options.rounds,
    () => oneAtATime(app, path, headers, seconds / 2),
    () => oneAtATime(bareApp, '/bare', {}, seconds),
    () => oneAtATime(app, path, headers, seconds),
  );
}
