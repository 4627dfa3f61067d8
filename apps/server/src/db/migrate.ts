import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';
import { schemaMigrations } from './schema';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies the SQL files of ./migrations in name order, each once, forward
 * only. Each file runs in its own transaction with its bookkeeping row.
 * `before` stops at the first file whose name is not before it: a test of a
 * data migration first builds the data it finds.
 */
export async function migrate(database: Database, options: { before?: string } = {}): Promise<string[]> {
  await database.execScriptAtomically(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied = new Set((await database.db.select().from(schemaMigrations)).map((r) => r.name));
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const done: string[] = [];
  for (const file of files) {
    if (options.before !== undefined && file >= options.before) break;
    if (applied.has(file)) continue;
    const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    const name = file.replace(/'/g, "''");
    await database.execScriptAtomically(`${sql}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');`);
    done.push(file);
  }
  return done;
}
