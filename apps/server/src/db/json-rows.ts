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
 */

/** A table's columns, or some of them (db/table-columns.ts), under their drizzle names. */
type Columns = PgTable | Record<string, PgColumn>;

const columnsOf = (source: Columns): Record<string, PgColumn> => (is(source, PgTable) ? getTableColumns(source) : source);

/** Columns of a table whose JSON value is a timestamp text, to turn back into a Date. */
export function timestampKeys(source: Columns): string[] {
  return Object.entries(columnsOf(source))
    .filter(([, column]) => column.columnType === 'PgTimestamp')
    .map(([key]) => key);
}

/** `json_build_object('firstName', alias.first_name, ...)`: a row under the drizzle names of its columns. */
export function jsonRow(source: Columns, alias: string): SQL {
  // The keys are the schema's property names (letters only), written as literals rather than 50 bind values.
  const pairs = Object.entries(columnsOf(source)).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${sql.identifier(alias)}.${sql.identifier(column.name)}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** The row with its timestamp `keys` as Dates (changed in place). */
export function withDates<T>(row: Record<string, unknown>, keys: readonly string[]): T {
  for (const key of keys) if (typeof row[key] === 'string') row[key] = new Date(row[key]);
  return row as T;
}
