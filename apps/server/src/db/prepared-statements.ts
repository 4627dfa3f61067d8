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
