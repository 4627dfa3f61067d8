import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * The columns of `table` but `omitted`, as a selection (`db.select({ row: … })`,
 * `.returning(…)`, `jsonRow`): a row read with it lacks the columns the
 * database derives for its own use (a folded search text, a revision), so
 * they never ride along into an answer.
 */
export function columnsWithout<T extends Table, K extends keyof ColumnsOf<T> & string>(
  table: T,
  omitted: readonly K[],
): Omit<ColumnsOf<T>, K> {
  const columns: Record<string, unknown> = { ...getTableColumns(table) };
  for (const key of omitted) delete columns[key];
  return columns as Omit<ColumnsOf<T>, K>;
}

/** Only the columns `kept` of `table`: what one screen shows of a row. */
export function columnsOnly<T extends Table, K extends keyof ColumnsOf<T> & string>(table: T, kept: readonly K[]): Pick<ColumnsOf<T>, K> {
  const columns = getTableColumns(table) as Record<string, unknown>;
  return Object.fromEntries(kept.map((key) => [key, columns[key]])) as Pick<ColumnsOf<T>, K>;
}

/** A table's columns by property name, as drizzle's `getTableColumns` answers them. */
type ColumnsOf<T extends Table> = ReturnType<typeof getTableColumns<T>>;
