import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/**
 * The hottest statements (the signed-in user of every request, the files of
 * a dashboard or a page, a save and the history's appends) run as named
 * prepared statements: PostgreSQL parses and plans each once per connection
 * instead of once per request (node-postgres sends it by name; so does the
 * PGlite worker, from `namedStatementTexts`).
 *
 * Their text is built once per process, by name, and handed to the session
 * of each database handle through drizzle's `prepareQuery`: a transaction is
 * a handle of its own, and building the text again for each one (a save runs
 * three of these in its transaction) was 4 % of the server's CPU.
 *
 * They answer the driver's rows as `db.execute` does, by column name (json
 * decoded, timestamps as text), without drizzle's field-by-field mapping.
 * A name stands for one text: what varies between calls is a placeholder.
 */
const dialect = new PgDialect();
const queriesByName = new Map<string, { sql: string; params: unknown[] }>();
const statementsByDb = new WeakMap<Db, Map<string, PgPreparedQuery<PreparedQueryConfig>>>();

/** The texts of the statements built here: the PGlite worker prepares these by name on its connection as well (pglite-worker.mjs). */
export const namedStatementTexts = new Set<string>();

export interface NamedStatement<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

/** The statement `name`, whose SQL `build` writes with `sql.placeholder` values, on `db`'s connection. */
export function namedStatement<Row>(db: Db, name: string, build: () => SQL): NamedStatement<Row> {
  let statements = statementsByDb.get(db);
  if (!statements) {
    statements = new Map();
    statementsByDb.set(db, statements);
  }
  let statement = statements.get(name);
  if (statement === undefined) {
    let query = queriesByName.get(name);
    if (query === undefined) {
      query = dialect.sqlToQuery(build());
      queriesByName.set(name, query);
      namedStatementTexts.add(query.sql);
    }
    statement = db._.session.prepareQuery(query, undefined, name, false);
    statements.set(name, statement);
  }
  const prepared = statement;
  // Without fields to map, both drivers' sessions answer the driver's own result.
  return { execute: async (values) => ((await prepared.execute(values)) as { rows: Row[] }).rows };
}
