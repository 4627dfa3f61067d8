// @ts-check
/**
 * The worker thread that owns the embedded PGlite database: PostgreSQL in
 * WASM runs here, the application on the server's thread, so the two use the
 * machine's cores at once (pglite-worker-client.ts is the other end).
 *
 * Plain JavaScript so that it runs as it is both from the sources (tests, tsx)
 * and next to the built bundle (build-server.ts copies it to dist/), with no
 * TypeScript loader in this thread. Its messages are typed in
 * pglite-worker-protocol.ts.
 *
 * Each request is answered on its own; PGlite runs one statement at a time
 * and holds everything outside an open transaction until it ends, as it does
 * when called in-process.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** @typedef {import('./pglite-worker-protocol').PgliteRequest} PgliteRequest */
/** @typedef {import('./pglite-worker-protocol').PgliteReply} PgliteReply */
/** @typedef {import('./pglite-worker-protocol').PgliteWorkerOptions} PgliteWorkerOptions */
/** @typedef {import('./pglite-worker-protocol').QueryShape} QueryShape */
/** @typedef {import('./pglite-worker-protocol').SerializedError} SerializedError */
/** @typedef {import('@electric-sql/pglite').Transaction} Transaction */
/** @typedef {import('@electric-sql/pglite').QueryOptions} QueryOptions */

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const options = /** @type {PgliteWorkerOptions} */ (workerData);

/** @param {PgliteReply} reply */
const post = (reply) => port.postMessage(reply);

/**
 * An error as plain data (structured clone keeps an Error's message but not
 * the fields PostgreSQL's ErrorResponse adds): every own field that is data.
 * @param {unknown} error
 * @returns {SerializedError}
 */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'queryOptions' || key === 'name' || value === undefined) continue;
    if (value === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof value)) fields[key] = value;
    // The statement's parameters: they came from the other thread, so they go back.
    else if (key === 'params' && Array.isArray(value)) fields[key] = value;
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

/**
 * The types whose text is sent as it is, for the client to decode
 * (pglite-worker-client.ts, DECODED_BY_CLIENT): json and jsonb, timestamps,
 * dates and intervals, and the arrays drizzle wants as text. Set once on the instance,
 * so queries pass no parsers of their own: PGlite copies its whole table of
 * about 320 parsers into a new object for every query that does (some
 * 150 µs each, paid in-process by every drizzle query). A JSON text also
 * crosses the port as one string copy, where its decoded value would be
 * encoded and decoded again, value by value, by the structured clone.
 */
const DECODED_BY_CLIENT = [
  types.JSON,
  types.JSONB,
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.DATE,
  types.INTERVAL,
  1231,
  1115,
  1185,
  1182,
  1187,
];
const JSON_ARRAY = 199;
const JSONB_ARRAY = 3807;

/** @type {(value: string) => string} */
const keepText = (value) => value;

/** @param {PGlite} db */
function leaveTextToClient(db) {
  const { arrayParser } = types;
  const json = db.parsers[types.JSON];
  const jsonb = db.parsers[types.JSONB];
  // Arrays of JSON read their elements' parsers when called: they keep the ones replaced below.
  if (json && jsonb) {
    db.parsers[JSON_ARRAY] = (/** @type {string} */ value) => arrayParser(value, json, JSON_ARRAY);
    db.parsers[JSONB_ARRAY] = (/** @type {string} */ value) => arrayParser(value, jsonb, JSONB_ARRAY);
  }
  for (const oid of DECODED_BY_CLIENT) db.parsers[oid] = keepText;
}

/**
 * Rows always go as arrays; the client makes objects of them where the caller
 * asked for objects: the structured clone then copies each column's name once
 * per result rather than once per row (50 rows of 10 columns: 30 µs instead
 * of 58 µs in this thread).
 * @type {QueryOptions}
 */
const ARRAY_ROWS = { rowMode: 'array' };
/** Parsers by list of OIDs, for the rare query that keeps the text of other types. */
/** @type {Map<string, import('@electric-sql/pglite').ParserOptions>} */
const parsersByTypes = new Map();

/**
 * @param {QueryShape} shape
 * @returns {QueryOptions}
 */
function queryOptions({ paramTypes, textTypes }) {
  if (!textTypes) return paramTypes ? { ...ARRAY_ROWS, paramTypes } : ARRAY_ROWS;
  const key = textTypes.join(',');
  let parsers = parsersByTypes.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(textTypes.map((oid) => [oid, keepText]));
    parsersByTypes.set(key, parsers);
  }
  return { ...ARRAY_ROWS, paramTypes, parsers };
}

/**
 * The statements the code prepares by name (prepared-statements.ts) are
 * prepared by name here too, once per connection, as node-postgres does on
 * PostgreSQL: PGlite's `query` parses, analyses and plans every statement
 * again (an unnamed one), which for a dashboard's statement was three
 * quarters of its cost in the database thread, and sends its six protocol
 * messages as six calls into WebAssembly. A named statement is bound and run
 * in one call, and after five custom plans PostgreSQL keeps its generic plan
 * when it costs no more (docs/decisions/0082). Only those statements: their
 * number is the code's, and a search, left unnamed, keeps a plan made for
 * its words.
 * @typedef {{ name: string, paramTypes: number[] }} NamedStatement
 */
/** @type {Map<string, NamedStatement>} */
const namedStatements = new Map();

/** @param {Uint8Array[]} messages */
function batch(...messages) {
  const out = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    out.set(message, offset);
    offset += message.length;
  }
  return out;
}

/**
 * @param {PGlite} db
 * @param {string} sql
 * @param {number[] | undefined} paramTypes
 * @returns {Promise<NamedStatement>}
 */
async function namedStatement(db, sql, paramTypes) {
  let statement = namedStatements.get(sql);
  if (!statement) {
    const name = `notadoo_${namedStatements.size + 1}`;
    const { serialize } = protocol;
    const { messages } = await db.execProtocol(
      batch(serialize.parse({ name, text: sql, types: paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()),
      { syncToFs: false },
    );
    statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    namedStatements.set(sql, statement);
  }
  return statement;
}

/**
 * A named statement's run: bound, described and run in one call, its values
 * and rows converted as PGlite's `query` converts them. The caller holds
 * PGlite's locks.
 * @param {PGlite} db
 * @param {string} sql
 * @param {unknown[]} params
 * @param {QueryOptions} options
 * @param {boolean} inTransaction
 */
async function runNamed(db, sql, params, options, inTransaction) {
  try {
    const { name, paramTypes } = await namedStatement(db, sql, options.paramTypes);
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serializer = db.serializers[/** @type {number} */ (paramTypes[index])];
      return serializer ? serializer(param) : String(param);
    });
    const { serialize } = protocol;
    const { messages } = await db.execProtocol(
      batch(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()),
      { syncToFs: !inTransaction },
    );
    return parse.parseResults(messages, db.parsers, options)[0];
  } catch (error) {
    // As PGlite's `query` does: the statement and its values travel with the error.
    if (error instanceof Error) Object.assign(error, { query: sql, params });
    throw error;
  }
}

/**
 * Requests are heard from the start, before the database is open (the client sends none before `ready`): the port
 * listened to keeps this thread's event loop alive. Left with nothing to wait for while PGlite.create awaited V8's
 * background work (its WebAssembly compilation), the thread went into Node.js's wait for the platform's background
 * tasks; a Maglev compilation among them, waiting for this thread to collect garbage, then never ended, and the start
 * hung silently (a first start's worker, seen so by gdb in a browser test run).
 */
/** @type {(request: PgliteRequest) => void} */
let onRequest = () => undefined;
port.on('message', (/** @type {PgliteRequest} */ request) => onRequest(request));

const pg = await PGlite.create({
  dataDir: options.dataDir,
  // The migrations create pg_trgm; PGlite loads PostgreSQL extensions from its own package.
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, ...Object.entries(options.settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
}).catch((/** @type {unknown} */ error) => {
  post({ ready: false, error: serializeError(error) });
  return undefined;
});

/** Thrown inside PGlite's transaction callback to have it roll back, then caught here. */
const ROLL_BACK = Symbol('roll back');

/** @typedef {{ tx: Transaction, end: (commit: boolean) => void, done: Promise<unknown> }} OpenTransaction */
/** @type {Map<number, OpenTransaction>} */
const transactions = new Map();
/** Stops listening, by the id of the `listen` request. */
/** @type {Map<number, () => Promise<void>>} */
const listeners = new Map();

/**
 * Opens a transaction held across messages: PGlite's `transaction` runs its
 * callback until the other thread's callback ends (`end`).
 * @param {PGlite} db
 * @returns {Promise<OpenTransaction>}
 */
function begin(db) {
  return new Promise((resolve, reject) => {
    /** @type {(commit: boolean) => void} */
    let end = () => undefined;
    const ended = new Promise((resolveEnd) => (end = resolveEnd));
    let entered = false;
    const done = db.transaction(async (tx) => {
      entered = true;
      resolve({ tx, end, done });
      if (!(await ended)) throw ROLL_BACK;
    });
    // BEGIN itself failed: nothing was opened.
    done.catch((/** @type {unknown} */ error) => {
      if (!entered) reject(error);
    });
  });
}

/**
 * @param {PGlite} db
 * @param {PgliteRequest} request
 * @returns {Promise<import('@electric-sql/pglite').Results | import('@electric-sql/pglite').Results[] | number | undefined>}
 */
async function answer(db, request) {
  switch (request.op) {
    case 'query': {
      const { sql, params, tx } = request;
      const options = queryOptions(request.shape);
      if (request.named) {
        const run = () => runNamed(db, sql, params, options, tx !== undefined);
        // In a transaction, its lock is held already; outside, as PGlite's `query`: after any open transaction.
        if (tx !== undefined && openTransaction(tx).tx.closed) throw new Error('Transaction is closed');
        return tx === undefined ? db._runExclusiveTransaction(() => db.runExclusive(run)) : db.runExclusive(run);
      }
      const target = tx === undefined ? db : openTransaction(tx).tx;
      return target.query(sql, params, options);
    }
    case 'exec': {
      const target = request.tx === undefined ? db : openTransaction(request.tx).tx;
      return target.exec(request.sql, queryOptions(request.shape));
    }
    case 'begin':
      transactions.set(request.id, await begin(db));
      return request.id;
    case 'rollback':
      await openTransaction(request.tx).tx.rollback();
      return undefined;
    case 'end': {
      const open = openTransaction(request.tx);
      transactions.delete(request.tx);
      open.end(request.commit);
      try {
        await open.done;
      } catch (error) {
        if (error !== ROLL_BACK) throw error;
      }
      return undefined;
    }
    case 'listen': {
      const listener = request.id;
      listeners.set(listener, await db.listen(request.channel, (payload) => post({ listener, payload })));
      return undefined;
    }
    case 'unlisten': {
      const stop = listeners.get(request.listener);
      listeners.delete(request.listener);
      await stop?.();
      return undefined;
    }
    case 'close':
      await db.close();
      return undefined;
  }
}

/** @param {number} id */
function openTransaction(id) {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  return open;
}

if (pg) {
  const db = pg;
  leaveTextToClient(db);
  onRequest = (request) => {
    const fail = (/** @type {unknown} */ error) => post({ id: request.id, ok: false, error: serializeError(error) });
    answer(db, request).then((result) => {
      try {
        post({ id: request.id, ok: true, result });
      } catch (error) {
        // A value structured clone cannot copy: that call fails, the worker goes on.
        fail(error);
      }
    }, fail);
  };
  post({ ready: true });
}
