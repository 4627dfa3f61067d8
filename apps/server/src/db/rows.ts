import type { SQL } from 'drizzle-orm';
import type { Db } from './database';

/** The rows of raw SQL: both drivers (node-postgres and PGlite) answer `db.execute` with `{ rows }`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
