import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * The columns of `table` but `omitted`, as a selection (`db.select({ row: … })`,
 * `.returning(…)`, `jsonRow`): a row read with it lacks the columns the
 * database derives for its own use (a folded search text, a revision), so
 * they never ride along into an answer.
 */
export function columnsWithout<T extends Table, K extends keyof T['_']['columns'] & string>(table: T, omitted: readonly K[]): Omit<T['_']['columns'], K> {
  const columns: Record<string, unknown> = { ...getTableColumns(table) };
  for (const key of omitted) delete columns[key];
  return columns as Omit<T['_']['columns'], K>;
}
