/**
 * Whether an error means the database cannot be reached (server down,
 * restarting, connection lost), as opposed to a bad query: those answer 503
 * and the next request tries a fresh connection (issue 9).
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// PostgreSQL classes 08 (connection exception) and 57P0x (server shutting down or starting).
const SQLSTATE_UNAVAILABLE = /^(08...|57P0[1-4])$/;
// "Query read timeout": no answer within DATABASE_QUERY_TIMEOUT_MS (a silent link); "Client was closed": the rest of a transaction whose connection was dropped for it;
// "PGlite worker stopped": the thread holding the embedded database ended (pglite-worker-client.ts).
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Query read timeout|Connection ended|Cannot use a pool after calling end|server closed the connection|PGlite worker stopped/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || SQLSTATE_UNAVAILABLE.test(code))) return true;
    if (CONNECTION_MESSAGES.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
