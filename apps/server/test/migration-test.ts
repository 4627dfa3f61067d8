import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { migrate } from '../src/db/migrate';
import { openTestDatabase } from './test-app';

export type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/**
 * A throw-away database of `backend` migrated up to just before `migration`,
 * opened before the suite's tests and dropped after them: a migration test
 * writes the rows the migration must carry, then runs `migrate(database())`.
 */
export function useDatabaseBefore(backend: 'pglite' | 'postgres', migration: string) {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await migrate(database, { before: migration });
  });
  afterAll(() => database?.drop());
  const opened = (): TestDatabase => {
    if (!database) throw new Error('The database opens in beforeAll.');
    return database;
  };
  return {
    database: opened,
    /** Runs one statement and answers its rows. */
    run: async <T>(query: SQL): Promise<T[]> => ((await opened().db.execute(query)) as unknown as { rows: T[] }).rows,
  };
}
