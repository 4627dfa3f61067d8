import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './database';

/**
 * The hottest reads (the signed-in user of every request, the projects of a
 * dashboard or a project page) and the history's appends are built once per
 * database handle and run as named prepared statements, through drizzle's
 * public `.prepare(name)` on its query builders: drizzle skips building the
 * SQL and its driver configuration on every call, and PostgreSQL parses and
 * plans the statement once per connection instead of once per request
 * (node-postgres sends it by name; so does the PGlite worker, from
 * `namedStatementTexts`).
 *
 * A transaction handle is another object: it gets its own copies, built on
 * first use (same names, same text, so a connection that already prepared
 * them reuses them).
 */
const statementsByDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * The texts of the statements built here: the PGlite worker prepares these
 * by name on its connection as well (pglite-worker.mjs). As many as the
 * code names statements.
 */
export const namedStatementTexts = new Set<string>();

/** What drizzle's `.prepare(name)` answers, for its text. */
interface PreparedQuery {
  getQuery(): { sql: string };
}

export function preparedStatement<T extends PreparedQuery>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let statements = statementsByDb.get(db);
  if (!statements) {
    statements = new Map();
    statementsByDb.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    statements.set(name, statement);
    namedStatementTexts.add(statement.getQuery().sql);
  }
  return statement;
}

/** Every column of a raw statement's rows, by name: the type makes the list complete. */
export type RawColumns<Row> = { readonly [K in keyof Row & string]-?: true };

/**
 * A raw SQL statement that answers rows (a SELECT, or a write with
 * RETURNING), with `sql.placeholder` values, as a named prepared statement.
 * drizzle prepares builder queries only, so the statement is the body of a
 * CTE named after it, read whole by a builder select:
 * `with "name" as (<query>) select "col1", "col2" from "name"`. PostgreSQL
 * does not materialize a read CTE read once, and runs a writing one once, so
 * the plan is the query's own (`columns` in the query's order: the scan on
 * top then passes its row through). Its values are the drivers' as with
 * `db.execute` (json decoded, timestamps as text), by column name.
 */
export function preparedRawStatement<Row>(
  db: Db,
  name: string,
  columns: RawColumns<Row>,
  query: () => SQL,
): { execute(values: Record<string, unknown>): Promise<Row[]> } {
  const statement = preparedStatement(db, name, (handle) => {
    // Only the alias of each field is written (`select "col"`): the CTE's body says what it is.
    const selection = Object.fromEntries(
      Object.keys(columns).map((column) => [column, sql<unknown>`${sql.identifier(column)}`.as(column)]),
    );
    const rows = handle.$with(name, selection).as(query());
    return handle.with(rows).select().from(rows).prepare(name);
  });
  return {
    execute: async (values) => {
      const found: unknown[] = await statement.execute(values);
      return found as Row[];
    },
  };
}
