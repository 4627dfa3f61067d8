import { Worker } from 'node:worker_threads';
import { types, type QueryOptions, type Results } from '@electric-sql/pglite';
import { namedStatementTexts } from './prepared-statements';
import type { PgliteReply, PgliteRequest, PgliteWorkerOptions, QueryShape, SerializedError } from './pglite-worker-protocol';

/**
 * The embedded PGlite database in a worker thread, seen from the server's
 * thread: the part of PGlite's API that drizzle (`drizzle-orm/pglite`) and
 * database.ts use. PostgreSQL in WASM takes about two thirds of a request's
 * CPU; in the server's one JavaScript thread it could not run while the
 * application did, and the second core stayed idle.
 *
 * Rows, dates, bytea (Uint8Array) and int8 (bigint) values cross the thread
 * boundary by structured clone and arrive as PGlite gives them; errors arrive
 * as Errors with PostgreSQL's fields (`code`, `detail`, `constraint`, ...).
 */

/** The message of every call failed because the worker stopped; isDatabaseUnavailable answers 503 for it. */
export const PGLITE_WORKER_STOPPED = 'PGlite worker stopped';

export interface PgliteWorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  /** ROLLBACK now; the callback's end then commits nothing. */
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PgliteWorkerClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  /** As PGlite's: BEGIN, `work`, then COMMIT, or ROLLBACK if it throws; everything else waits meanwhile. */
  transaction<T>(work: (tx: PgliteWorkerTransaction) => Promise<T>): Promise<T>;
  /** LISTEN; `lost` is called if the worker stops. Answers a function that stops listening. */
  listen(channel: string, heard: (payload: string) => void, lost?: (error: Error) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The thread itself (tests stop it to see calls fail). */
  readonly worker: Worker;
}

/** Next to this module, in the sources as in the bundle (build-server.ts copies it to dist/). */
const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

/** Starts the worker and opens the database in it; fails as PGlite.create would. */
export async function openPgliteWorker(options: PgliteWorkerOptions): Promise<PgliteWorkerClient> {
  // Plain JavaScript: no TypeScript loader (tsx's would cost the thread tens of MB); the profiler's flags
  // only (CAPACITY_PROFILE_DIR), the process-wide ones (--v8-pool-size) are refused here and apply anyway.
  const execArgv = process.execArgv.filter((arg) => /^--(cpu|heap)-prof/.test(arg));
  // A young generation of 12 MB (V8's default lets it grow to 48 MB): the thread's garbage is results
  // handed over at once. A process flag that sets the semi-spaces (--max-semi-space-size) would override it:
  // the server bounds the main thread's through --scavenger-max-new-space-capacity-mb instead (v8-flags.ts).
  const worker = new Worker(WORKER_URL, { workerData: options, execArgv, resourceLimits: { maxYoungGenerationSizeMb: 12 } });
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`${PGLITE_WORKER_STOPPED} while starting (exit code ${code})`));
    worker.once('error', reject);
    worker.once('exit', onExit);
    worker.once('message', (reply: PgliteReply) => {
      worker.off('error', reject);
      worker.off('exit', onExit);
      if ('ready' in reply && reply.ready) resolve();
      else {
        reject('ready' in reply ? errorFrom(reply.error) : new Error('PGlite worker: unexpected first message'));
        void worker.terminate();
      }
    });
  });
  return connect(worker);
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Listener = { heard: (payload: string) => void; lost?: (error: Error) => void };
type RequestWithoutId = PgliteRequest extends infer R ? (R extends PgliteRequest ? Omit<R, 'id'> : never) : never;

function connect(worker: Worker): PgliteWorkerClient {
  const pending = new Map<number, Pending>();
  const listeners = new Map<number, Listener>();
  let nextId = 1;
  /** Set once the worker is gone: every later call fails with it. */
  let stopped: Error | undefined;
  let closing = false;
  let crash: Error | undefined;

  // The thread keeps the process alive only while a call waits on it, as an in-process PGlite does.
  worker.unref();

  function reserveId(): number {
    nextId += 1;
    return nextId - 1;
  }

  function call<R>(request: RequestWithoutId, id = reserveId()): Promise<R> {
    if (stopped) return Promise.reject(stopped);
    return new Promise<R>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (pending.size === 1) worker.ref();
      try {
        worker.postMessage({ ...request, id });
      } catch (error) {
        // A parameter structured clone cannot copy (a function, a class instance's private state).
        settle(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  function settle(id: number): Pending | undefined {
    const waiting = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return waiting;
  }

  worker.on('message', (reply: PgliteReply) => {
    if ('listener' in reply) {
      listeners.get(reply.listener)?.heard(reply.payload);
      return;
    }
    if (!('id' in reply)) return;
    const waiting = settle(reply.id);
    if (reply.ok) waiting?.resolve(reply.result);
    else waiting?.reject(errorFrom(reply.error));
  });
  worker.on('error', (error: Error) => {
    crash = error;
  });
  worker.on('exit', (code) => {
    stopped = closing
      ? new Error('PGlite is closed')
      : new Error(`${PGLITE_WORKER_STOPPED} (exit code ${code})${crash ? `: ${crash.message}` : ''}`, { cause: crash });
    for (const waiting of pending.values()) waiting.reject(stopped);
    pending.clear();
    if (!closing) for (const listener of listeners.values()) listener.lost?.(stopped);
    listeners.clear();
  });

  // async: options the worker cannot take fail the call, as a database error would.
  const query = async <T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number) => {
    const reading = readingOf(options);
    const named = namedStatementTexts.has(sql) ? true : undefined;
    return shapeRows(await call<Results<T>>({ op: 'query', sql, params, shape: reading.shape, tx, named }), reading);
  };
  const exec = async (sql: string, options?: QueryOptions, tx?: number) => {
    const reading = readingOf(options);
    return (await call<Results[]>({ op: 'exec', sql, shape: reading.shape, tx })).map((result) => shapeRows(result, reading));
  };

  return {
    worker,
    query: (sql, params, options) => query(sql, params, options),
    exec: (sql, options) => exec(sql, options),
    async transaction(work) {
      const tx = await call<number>({ op: 'begin' });
      let closed = false;
      const ensureOpen = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const handle: PgliteWorkerTransaction = {
        query: async (sql, params, options) => {
          ensureOpen();
          return query(sql, params, options, tx);
        },
        exec: async (sql, options) => {
          ensureOpen();
          return exec(sql, options, tx);
        },
        rollback: async () => {
          ensureOpen();
          await call({ op: 'rollback', tx });
          closed = true;
        },
        get closed() {
          return closed;
        },
      };
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work(handle);
      } catch (error) {
        closed = true;
        // The callback's error is the one to report; a worker gone meanwhile has rolled back with it.
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      closed = true;
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, heard, lost) {
      const listener = reserveId();
      listeners.set(listener, { heard, lost });
      try {
        await call({ op: 'listen', channel }, listener);
      } catch (error) {
        listeners.delete(listener);
        throw error;
      }
      return async () => {
        if (!listeners.delete(listener) || stopped) return;
        await call({ op: 'unlisten', listener });
      };
    },
    async close() {
      if (stopped) return;
      await call({ op: 'close' });
      closing = true;
      await worker.terminate();
    },
  };
}

/** A real Error carrying PostgreSQL's fields, as PGlite's DatabaseError does in-process. */
function errorFrom(serialized: SerializedError): Error {
  const error = Object.assign(new Error(serialized.message), serialized.fields);
  error.name = serialized.name;
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}

const keepText = (value: string) => value;
const arrayParser = types.arrayParser as (text: string, parser: (text: string) => unknown, typeId: number) => unknown;
const parsers = types.parsers as Record<number, (text: string) => unknown>;

/**
 * The types the worker leaves as text (pglite-worker.mjs, DECODED_BY_CLIENT),
 * decoded here as PGlite decodes them in-process. The worker then needs no
 * parsers per query (PGlite copies its whole table of parsers for each query
 * that brings some: about 150 µs), and a JSON text crosses the port as one
 * string copy, where a decoded value would be encoded and decoded again by
 * the structured clone (a 30 KB questionnaire's answers: as much work here,
 * less for the worker; pglite-worker-bench.ts).
 */
const DECODED_BY_CLIENT = new Map<number, (text: string) => unknown>([
  [types.JSON, parsers[types.JSON]!],
  [types.JSONB, parsers[types.JSONB]!],
  [types.TIMESTAMP, parsers[types.TIMESTAMP]!],
  [types.TIMESTAMPTZ, parsers[types.TIMESTAMPTZ]!],
  [types.DATE, parsers[types.DATE]!],
  // PGlite has no parser for intervals: their text, listed so that drizzle's parsers send nothing to the worker.
  [types.INTERVAL, keepText],
  // numeric[], timestamp[], timestamptz[], date[], interval[]: arrays of their elements' values.
  [1231, (text) => arrayParser(text, keepText, 1231)],
  [1115, (text) => arrayParser(text, parsers[types.TIMESTAMP]!, 1115)],
  [1185, (text) => arrayParser(text, parsers[types.TIMESTAMPTZ]!, 1185)],
  [1182, (text) => arrayParser(text, parsers[types.DATE]!, 1182)],
  [1187, (text) => arrayParser(text, keepText, 1187)],
]);

/** A query's options as the client reads them: what the worker gets, the rows' form, and the types whose text the caller keeps. */
interface Reading {
  shape: QueryShape;
  objectRows: boolean;
  keptAsText?: ReadonlySet<number>;
}

/**
 * The rows as the caller asked for them: the columns of the types the worker
 * left as text decoded (except those the caller keeps as text), and objects
 * made of the worker's arrays unless the caller asked for arrays (a repeated
 * column name: the last one's value, as PGlite's objects have).
 */
function shapeRows<T>(result: Results<T>, reading: Reading): Results<T> {
  const { fields } = result;
  const decoded: Array<[number, (text: string) => unknown]> = [];
  fields.forEach((field, index) => {
    const decode = DECODED_BY_CLIENT.get(field.dataTypeID);
    if (decode && !reading.keptAsText?.has(field.dataTypeID)) decoded.push([index, decode]);
  });
  const rows = result.rows as unknown[][];
  if (decoded.length > 0) {
    for (const row of rows) {
      for (const [index, decode] of decoded) {
        const value = row[index];
        if (typeof value === 'string') row[index] = decode(value);
      }
    }
  }
  if (reading.objectRows) {
    const names = fields.map((field) => field.name);
    const objects = new Array<Record<string, unknown>>(rows.length);
    for (let r = 0; r < rows.length; r += 1) {
      const row = rows[r]!;
      const object: Record<string, unknown> = {};
      for (let c = 0; c < names.length; c += 1) object[names[c]!] = row[c];
      objects[r] = object;
    }
    (result as { rows: unknown[] }).rows = objects;
  }
  return result;
}

const PLAIN: Reading = { shape: {}, objectRows: true };
const readings = new WeakMap<QueryOptions, Reading>();
/** Stands in for a parser that keeps the text: only those can be told to the worker. */
const PROBE = '\u0000probe';

/** How to run and decode a query with these options (drizzle builds one object per statement: each is read once). */
function readingOf(options: QueryOptions | undefined): Reading {
  if (!options) return PLAIN;
  let reading = readings.get(options);
  if (reading) return reading;
  const { rowMode, parsers: own, paramTypes, serializers, blob, onNotice } = options;
  if (serializers || blob || onNotice) throw new Error('PGlite worker: serializers, blob and onNotice cannot cross to the worker thread');
  const keptAsText = new Set<number>();
  for (const [oid, parser] of Object.entries(own ?? {}) as Array<[string, (text: string) => unknown]>) {
    if (parser(PROBE) !== PROBE)
      throw new Error(
        `PGlite worker: the parser of type ${oid} changes the text; only text-keeping parsers can cross to the worker thread`,
      );
    keptAsText.add(Number(oid));
  }
  // Types the worker decodes itself keep their text there (the slow path: PGlite copies its parsers for that query).
  const textTypes = [...keptAsText].filter((oid) => !DECODED_BY_CLIENT.has(oid));
  reading = { shape: { paramTypes, textTypes: textTypes.length > 0 ? textTypes : undefined }, objectRows: rowMode !== 'array', keptAsText };
  readings.set(options, reading);
  return reading;
}
