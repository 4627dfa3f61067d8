/** How long PostgreSQL may take (no import here: config.ts reads the defaults before the database code is loaded). */
export interface PostgresConnectionSettings {
  /** A connection that cannot be made within this time fails (503) instead of hanging the request. */
  connectTimeoutMs: number;
  /**
   * A query whose answer does not come within this time fails, and its
   * connection is destroyed: a link that went silent (no reset, no answer)
   * would otherwise hang the request, and every later one given that
   * connection, for as long as it stays silent.
   */
  queryTimeoutMs: number;
}

/** See docs/decisions.md (2026-11-24) for why these figures. */
export const DEFAULT_POSTGRES_SETTINGS: PostgresConnectionSettings = { connectTimeoutMs: 5000, queryTimeoutMs: 10_000 };
