import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDatabase } from '../../test/test-app';
import { migrate } from './migrate';
import { rowsOf } from './rows';
import * as schema from './schema';

/**
 * The Drizzle schema is a typed view of the migrations (the source of truth):
 * this compares it with the database the migrations build, table by table and
 * column by column, so a migration that adds a column schema.ts does not
 * declare (or the other way) fails here rather than in a raw-SQL cast.
 */

const TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Drizzle's SQL type names as information_schema's `udt_name` spells them (`_` + element type for arrays). */
const UDT_NAMES: Record<string, string> = {
  serial: 'int4',
  bigserial: 'int8',
  integer: 'int4',
  bigint: 'int8',
  text: 'text',
  boolean: 'bool',
  'double precision': 'float8',
  jsonb: 'jsonb',
  date: 'date',
  'timestamp with time zone': 'timestamptz',
};

function udtNameOf(column: PgColumn): string {
  const type = column.getSQLType();
  const element = type.endsWith('[]') ? type.slice(0, -2) : type;
  const name = UDT_NAMES[element] ?? `(no udt_name known for drizzle type "${element}")`;
  return type.endsWith('[]') ? `_${name}` : name;
}

/** One line per column: what both sides must agree on. */
function describeColumn(
  table: string,
  column: string,
  c: { udt: string; notNull: boolean; hasDefault: boolean; generated: boolean },
): string {
  return `${table}.${column} ${c.udt}${c.notNull ? ' not null' : ''}${c.hasDefault ? ' default' : ''}${c.generated ? ' generated' : ''}`;
}

const ON_DELETE: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

/** Lines on one side only, each marked with the side that has it. */
function differences(database: readonly string[], declared: readonly string[]): string[] {
  const inDatabase = new Set(database);
  const inSchema = new Set(declared);
  return [
    ...database.filter((line) => !inSchema.has(line)).map((line) => `only in the migrated database: ${line}`),
    ...declared.filter((line) => !inDatabase.has(line)).map((line) => `only in schema.ts:             ${line}`),
  ].sort();
}

describe.each(BACKENDS)('the Drizzle schema against the migrated database on %s', (backend) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await migrate(database);
  });
  afterAll(() => database.drop());

  it('declares every base table of the public schema, and no other', async () => {
    const rows = await rowsOf<{ table_name: string }>(
      database.db,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const declared = TABLES.map((table) => getTableConfig(table).name);
    expect(new Set(declared).size, 'a table is declared twice').toBe(declared.length);
    expect(differences(rows.map((r) => r.table_name).sort(), declared.sort())).toEqual([]);
  });

  it('declares each column with its type, nullability, default and generation', async () => {
    const rows = await rowsOf<{
      table_name: string;
      column_name: string;
      udt_name: string;
      is_nullable: string;
      column_default: string | null;
      is_generated: string;
    }>(
      database.db,
      sql`SELECT c.table_name, c.column_name, c.udt_name, c.is_nullable, c.column_default, c.is_generated
          FROM information_schema.columns c
          JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
          WHERE c.table_schema = 'public'`,
    );
    const inDatabase = rows.map((r) =>
      describeColumn(r.table_name, r.column_name, {
        udt: r.udt_name,
        notNull: r.is_nullable === 'NO',
        hasDefault: r.column_default !== null,
        generated: r.is_generated === 'ALWAYS',
      }),
    );
    const declared = TABLES.flatMap((table) => {
      const config = getTableConfig(table);
      return config.columns.map((column) =>
        describeColumn(config.name, column.name, {
          udt: udtNameOf(column),
          notNull: column.notNull,
          // A generated column has no default in information_schema (its expression is elsewhere).
          hasDefault: column.hasDefault && column.generated === undefined,
          generated: column.generated !== undefined,
        }),
      );
    });
    expect(differences(inDatabase, declared)).toEqual([]);
  });

  it('declares each primary key and foreign key (with its ON DELETE)', async () => {
    const rows = await rowsOf<{
      table_name: string;
      kind: string;
      columns: string;
      foreign_table: string | null;
      foreign_columns: string | null;
      on_delete: string;
    }>(
      database.db,
      sql`SELECT cl.relname AS table_name, co.contype AS kind,
            (SELECT string_agg(a.attname::text, ',' ORDER BY k.ord) FROM unnest(co.conkey) WITH ORDINALITY AS k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = co.conrelid AND a.attnum = k.attnum) AS columns,
            fcl.relname AS foreign_table,
            (SELECT string_agg(a.attname::text, ',' ORDER BY k.ord) FROM unnest(co.confkey) WITH ORDINALITY AS k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = co.confrelid AND a.attnum = k.attnum) AS foreign_columns,
            co.confdeltype AS on_delete
          FROM pg_constraint co
          JOIN pg_class cl ON cl.oid = co.conrelid
          JOIN pg_namespace n ON n.oid = cl.relnamespace
          LEFT JOIN pg_class fcl ON fcl.oid = co.confrelid
          WHERE n.nspname = 'public' AND co.contype IN ('p', 'f')`,
    );
    const inDatabase = rows.map((r) =>
      r.kind === 'p'
        ? `${r.table_name} primary key (${r.columns})`
        : `${r.table_name} (${r.columns}) references ${r.foreign_table} (${r.foreign_columns}) on delete ${ON_DELETE[r.on_delete] ?? r.on_delete}`,
    );
    const declared = TABLES.flatMap((table) => {
      const config = getTableConfig(table);
      const primaryKeys = [
        ...config.columns.filter((column) => column.primary).map((column) => `${config.name} primary key (${column.name})`),
        ...config.primaryKeys.map((key) => `${config.name} primary key (${key.columns.map((column) => column.name).join(',')})`),
      ];
      const foreignKeys = config.foreignKeys.map((key) => {
        const reference = key.reference();
        const foreignTable = getTableConfig(reference.foreignTable).name;
        return `${config.name} (${reference.columns.map((c) => c.name).join(',')}) references ${foreignTable} (${reference.foreignColumns.map((c) => c.name).join(',')}) on delete ${key.onDelete ?? 'no action'}`;
      });
      return [...primaryKeys, ...foreignKeys];
    });
    expect(differences(inDatabase, declared)).toEqual([]);
  });
});
