import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
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
  // Plain JavaScript: no TypeScript loader (tsx's would cost the thread tens of MB), nor the server's flags.
  const worker = new Worker(WORKER_URL, { workerData: options, execArgv: [] });
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
        reject(error as Error);
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
  worker.on('error', (error) => {
    crash = error;
  });
  worker.on('exit', (code) => {
    stopped = closing ? new Error('PGlite is closed') : new Error(`${PGLITE_WORKER_STOPPED} (exit code ${code})${crash ? `: ${crash.message}` : ''}`, { cause: crash });
    for (const waiting of pending.values()) waiting.reject(stopped);
    pending.clear();
    if (!closing) for (const listener of listeners.values()) listener.lost?.(stopped);
    listeners.clear();
  });

  // async: options the worker cannot take fail the call, as a database error would.
  const query = async <T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number) =>
    call<Results<T>>({ op: 'query', sql, params, shape: shapeOf(options), tx });
  const exec = async (sql: string, options?: QueryOptions, tx?: number) => call<Results[]>({ op: 'exec', sql, shape: shapeOf(options), tx });

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

const NO_SHAPE: QueryShape = {};
const shapes = new WeakMap<QueryOptions, QueryShape>();
/** Stands in for a parser that keeps the text: only those can be told to the worker. */
const PROBE = '\u0000probe';

/** What the worker needs of a query's options (drizzle builds one object per statement: each is read once). */
function shapeOf(options: QueryOptions | undefined): QueryShape {
  if (!options) return NO_SHAPE;
  let shape = shapes.get(options);
  if (shape) return shape;
  const { rowMode, parsers, paramTypes, serializers, blob, onNotice } = options;
  if (serializers || blob || onNotice) throw new Error('PGlite worker: serializers, blob and onNotice cannot cross to the worker thread');
  let textTypes: number[] | undefined;
  if (parsers) {
    textTypes = Object.entries(parsers).map(([oid, parser]) => {
      if (parser(PROBE) !== PROBE) throw new Error(`PGlite worker: the parser of type ${oid} changes the text; only text-keeping parsers can cross to the worker thread`);
      return Number(oid);
    });
  }
  shape = { rowMode, textTypes, paramTypes };
  shapes.set(options, shape);
  return shape;
}
