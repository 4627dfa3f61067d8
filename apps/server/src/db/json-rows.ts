import { getTableColumns, is, sql, type SQL } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * Rows read as JSON values, several tables in one statement answering one
 * row: a page's rows read field by field, then mapped column by column by
 * drizzle, cost more than the queries themselves (most of all on embedded
 * PGlite, where every field is decoded in JavaScript on the request's
 * thread), and separate statements cost a round trip each. One JSON text is
 * decoded by JSON.parse in one go. Built from the drizzle tables, so they keep
 * up with schema.ts.
 *
 * A row travels as an array of its values in the order of its columns, not
 * as an object: PostgreSQL 15 looks up each argument's type for every row it
 * builds, so an object's keys cost as much as its values (an office's page
 * of 24 files took 25-30 % less of PostgreSQL's time with arrays, measured
 * with pgbench), and the keys would be sent and parsed again in every row.
 */

/** A table's columns, or some of them (db/table-columns.ts), under their drizzle names. */
type Columns = PgTable | Record<string, PgColumn>;

export interface JsonRow<T> {
  /** `alias.col1, alias.col2, ...`: the row's columns in a select list. */
  columns(alias: string): SQL;
  /** `json_build_array(alias.col1, alias.col2, ...)`. */
  build(alias: string): SQL;
  /** The row under the drizzle names of its columns, its timestamps as Dates. */
  read(values: readonly unknown[]): T;
}

export function jsonRowOf<T>(source: Columns): JsonRow<T> {
  const columns = Object.entries(is(source, PgTable) ? getTableColumns(source) : source);
  const keys = columns.map(([key]) => key);
  // A timestamp arrives as its JSON text.
  const isDate = columns.map(([, column]) => column.columnType === 'PgTimestamp');
  const list = (alias: string) =>
    sql.join(
      columns.map(([, column]) => sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`),
      sql`, `,
    );
  return {
    columns: list,
    build: (alias) => sql`json_build_array(${list(alias)})`,
    read: (values) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i += 1) {
        const value = values[i];
        row[keys[i]!] = isDate[i] && typeof value === 'string' ? new Date(value) : value;
      }
      return row as T;
    },
  };
}
