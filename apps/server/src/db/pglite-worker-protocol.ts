/**
 * The messages between the server's thread and the worker thread that owns
 * the embedded PGlite database (pglite-worker.mjs, pglite-worker-client.ts).
 * Types only: the worker is plain JavaScript, checked against these through
 * its JSDoc.
 */
import type { Results } from '@electric-sql/pglite';

/** What the worker is started with (`workerData`). */
export interface PgliteWorkerOptions {
  /** The data folder; in memory when absent. */
  dataDir?: string;
  /** PostgreSQL's `-c name=value` settings, after PGlite's own start parameters. */
  settings: Record<string, string>;
}

/**
 * What the worker needs of a query's options. Its rows are always arrays,
 * made objects by the client where the caller asked for objects. Parsers are
 * functions and cannot cross to the worker: it leaves the text of the types
 * the client decodes (json, jsonb, timestamps, dates, intervals, the arrays
 * drizzle reads as text), and the client decodes them unless the caller's
 * parsers keep their text. Callers may only pass parsers that keep the text:
 * those of other types are sent as `textTypes`, whose text the worker keeps.
 */
export interface QueryShape {
  paramTypes?: number[];
  textTypes?: number[];
}

/** A transaction opened by `begin`, named by that request's id. */
type InTransaction = { tx?: number };

export type PgliteRequest =
  /** `named`: a statement the code prepares by name (prepared-statements.ts), prepared by name on the connection too. */
  | ({ id: number; op: 'query'; sql: string; params: unknown[]; shape: QueryShape; named?: true } & InTransaction)
  | ({ id: number; op: 'exec'; sql: string; shape: QueryShape } & InTransaction)
  | { id: number; op: 'begin' }
  /** The transaction object's own `rollback()`: ROLLBACK now, the transaction stays open until `end`. */
  | { id: number; op: 'rollback'; tx: number }
  /** The end of the transaction's callback: commit (unless rolled back), or roll back when it threw. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'close' };

/** A database error's fields, as PostgreSQL's ErrorResponse gives them (PGlite's DatabaseError). */
export interface SerializedError {
  message: string;
  name: string;
  stack?: string;
  /** `code` (SQLSTATE), `detail`, `constraint`, `table`, `column`, `schema`, ... and `query`/`params`. */
  fields: Record<string, unknown>;
}

export type PgliteReply =
  | { id: number; ok: true; result: Results | Results[] | number | undefined }
  | { id: number; ok: false; error: SerializedError }
  /** A notification heard by the `listen` request `listener`. */
  | { listener: number; payload: string }
  | { ready: true }
  | { ready: false; error: SerializedError };
