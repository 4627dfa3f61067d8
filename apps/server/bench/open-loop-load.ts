/**
 * An open-loop load generator for the capacity bench: requests start at a
 * fixed rate whatever the server's answers, and each one's latency runs from
 * the moment it was due, not from when it could be sent. A closed loop (the
 * next request once the answer came, as autocannon does) slows down with the
 * server and hides the wait of the requests it did not send (coordinated
 * omission); here a server that falls behind shows it in p99.
 *
 * Plain node:http with a keep-alive agent per target (no extra dependency).
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Decoded on first read. */
  readonly body: Buffer;
}

export interface Target {
  name: string;
  port: number;
  agent: http.Agent;
  /** Set by the balancer once a connection to it failed: no more requests go there. */
  down: boolean;
}

export function makeTarget(name: string, port: number): Target {
  return { name, port, agent: new http.Agent({ keepAlive: true, maxSockets: 256 }), down: false };
}

/** One request; rejects on a connection error or after `timeoutMs`. */
export function send(
  target: Target,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
  timeoutMs = 30_000,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method,
        path,
        agent: target.agent,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve(answerOf(res.statusCode ?? 0, res.headers, raw));
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`délai de ${timeoutMs} ms dépassé`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Asked compressed as a browser asks (accept-encoding), the body is decoded
 * only when the bench reads it (a list's cursor, a document's version): the
 * people it stands for decode their answers on their own machines, so
 * decoding every answer here would take the server's cores for nothing.
 */
function answerOf(status: number, headers: http.IncomingHttpHeaders, raw: Buffer): Answer {
  let decoded: Buffer | undefined;
  const encoding = headers['content-encoding'];
  return {
    status,
    headers,
    get body() {
      decoded ??= encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
      return decoded;
    },
  };
}

/** What one simulated request did: resolves its kind's name; throws (with the reason) when it failed. */
export type Action = () => Promise<string>;

export interface StepResult {
  offered: number;
  achieved: number;
  sent: number;
  ok: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  /** The first few reasons, counted. */
  reasons: Map<string, number>;
  /** Per kind of request: how many answered, and their median and 99th percentile latency (ms). */
  byKind: Map<string, { n: number; p50: number; p99: number }>;
  /** Per second of the run (by due time): the longest latency of the requests due then (ms; Infinity if one failed). */
  slowestBySecond: number[];
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * Starts `rate` actions a second for `seconds`, each due at start + i/rate,
 * then waits for the last answers. `maxInFlight` bounds what a stalled server
 * can pile up: an action due beyond it is not sent and counts as an error.
 * `onTick` is called about every 100 ms (memory sampling).
 */
export async function runOpenLoop(options: {
  rate: number;
  seconds: number;
  next: () => Action;
  maxInFlight?: number;
  onTick?: () => void;
}): Promise<StepResult> {
  const { rate, seconds, next } = options;
  const maxInFlight = options.maxInFlight ?? 2000;
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const reasons = new Map<string, number>();
  const kinds = new Map<string, number[]>();
  const slowestBySecond = new Array<number>(Math.ceil(seconds)).fill(0);
  const slowest = (dueAt: number, latency: number) => {
    const second = Math.min(slowestBySecond.length - 1, Math.floor((dueAt - start) / 1000));
    slowestBySecond[second] = Math.max(slowestBySecond[second]!, latency);
  };
  let errors = 0;
  let inFlight = 0;
  let sent = 0;
  const fail = (reason: string) => {
    errors += 1;
    const short = reason.slice(0, 120);
    if (reasons.has(short) || reasons.size < 8) reasons.set(short, (reasons.get(short) ?? 0) + 1);
  };
  const pending = new Set<Promise<void>>();
  const start = performance.now();
  let lastTick = start;
  while (sent < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor(((now - start) / 1000) * rate) + 1);
    for (; sent < due; sent += 1) {
      const dueAt = start + (sent * 1000) / rate;
      if (inFlight >= maxInFlight) {
        slowest(dueAt, Infinity);
        fail(`non envoyée : ${maxInFlight} requêtes déjà en attente`);
        continue;
      }
      inFlight += 1;
      const run = next()()
        .then(
          (kind) => {
            const latency = performance.now() - dueAt;
            latencies.push(latency);
            slowest(dueAt, latency);
            const list = kinds.get(kind);
            if (list) list.push(latency);
            else kinds.set(kind, [latency]);
          },
          (error: unknown) => {
            slowest(dueAt, Infinity);
            fail(error instanceof Error ? error.message : String(error));
          },
        )
        .finally(() => {
          inFlight -= 1;
          pending.delete(run);
        });
      pending.add(run);
    }
    if (now - lastTick >= 100) {
      options.onTick?.();
      lastTick = now;
    }
    // Wake up at the next due time (timers are ~1 ms grained); answers are handled meanwhile.
    const wait = start + (sent * 1000) / rate - performance.now();
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(wait, 50))));
  }
  await Promise.all([...pending]);
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const byKind = new Map(
    [...kinds].map(([kind, list]) => {
      list.sort((a, b) => a - b);
      return [kind, { n: list.length, p50: quantile(list, 0.5), p99: quantile(list, 0.99) }];
    }),
  );
  return {
    offered: rate,
    achieved: latencies.length / elapsed,
    sent: total,
    ok: latencies.length,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    errors,
    reasons,
    byKind,
    slowestBySecond,
  };
}
