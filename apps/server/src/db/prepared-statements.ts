import type { SQL } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/**
 * The hottest reads (the signed-in user of every request, the projects of a
 * dashboard or a project page) are built once per database handle and run as
 * named prepared statements: drizzle skips building the SQL and its driver
 * configuration on every call, and PostgreSQL parses and plans the statement
 * once per connection instead of once per request (PGlite just reuses the
 * built query).
 *
 * A transaction handle is another object: it gets its own copies, built on
 * first use (same names, same text, so a connection that already prepared
 * them reuses them).
 */
const statementsByDb = new WeakMap<Db, Map<string, unknown>>();

export function preparedStatement<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let statements = statementsByDb.get(db);
  if (!statements) {
    statements = new Map();
    statementsByDb.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    statements.set(name, statement);
  }
  return statement;
}

/** Turns raw SQL into text and parameters (placeholders kept), with drizzle's defaults, as the databases' own dialect does. */
const dialect = new PgDialect();

/**
 * A raw SQL statement (with `sql.placeholder` values) as a named prepared
 * statement: drizzle offers `prepare` on its query builders only, so this
 * asks the handle's session (`db._.session`, drizzle's public handle on it)
 * to prepare the text, as the builders do. Its rows are the driver's,
 * unmapped (both drivers answer `{ rows }`).
 */
export function preparedRawStatement<Row>(db: Db, name: string, query: () => SQL): { execute(values: Record<string, unknown>): Promise<Row[]> } {
  return preparedStatement(db, name, (handle) => {
    const statement = handle._.session.prepareQuery<PreparedQueryConfig & { execute: { rows: Row[] } }>(dialect.sqlToQuery(query()), undefined, name, false);
    return { execute: async (values) => (await statement.execute(values)).rows };
  });
}
