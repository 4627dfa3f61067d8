import { sql } from 'drizzle-orm';
import { jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDatabase } from '../../test/test-app';
import { jsonRowOf } from './json-rows';
import { preparedRawStatement } from './prepared-statements';

const notes = pgTable('notes', {
  id: serial('id').primaryKey(),
  body: text('body').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  tags: jsonb('tags'),
});
const NOTE = jsonRowOf<typeof notes.$inferSelect>(notes);

describe.each(BACKENDS)('rows read as JSON arrays of their columns on %s', (backend) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await database.db.execute(sql`CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL, at timestamptz NOT NULL, tags jsonb)`);
    await database.db.execute(sql`INSERT INTO notes (body, at, tags) VALUES
      ('première', '2026-12-07T10:00:00.123Z', '["a", 1]'), ('seconde', '2026-12-07T11:00:00Z', NULL)`);
  });
  afterAll(() => database.drop());

  const readNotes = (db: typeof database.db) =>
    preparedRawStatement<{ notes: unknown[][] | null }>(
      db,
      `test_notes_${backend}`,
      { notes: true },
      () => sql`SELECT json_agg(${NOTE.build('n')} ORDER BY n.id) AS notes FROM notes n`,
    ).execute({});

  it('reads them back under their drizzle names, timestamps as Dates, json as values', async () => {
    const [row] = await readNotes(database.db);
    expect(row!.notes!.map((values) => NOTE.read(values))).toEqual([
      { id: 1, body: 'première', at: new Date('2026-12-07T10:00:00.123Z'), tags: ['a', 1] },
      { id: 2, body: 'seconde', at: new Date('2026-12-07T11:00:00Z'), tags: null },
    ]);
  });

  it('reads the same through a transaction’s handle, which sees its own writes', async () => {
    const bodies = await database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE notes SET body = 'modifiée' WHERE id = 2`);
      const [row] = await readNotes(tx);
      return row!.notes!.map((values) => NOTE.read(values).body);
    });
    expect(bodies).toEqual(['première', 'modifiée']);
  });
});
