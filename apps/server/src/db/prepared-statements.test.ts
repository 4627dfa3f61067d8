import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDatabase } from '../../test/test-app';
import { jsonRowOf } from './json-rows';
import { namedStatement, namedStatementTexts } from './prepared-statements';
import { jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const notes = pgTable('notes', {
  id: serial('id').primaryKey(),
  body: text('body').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  tags: jsonb('tags'),
});

describe.each(BACKENDS)('named statements and rows read as JSON arrays on %s', (backend) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await database.db.execute(sql`CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL, at timestamptz NOT NULL, tags jsonb)`);
  });
  afterAll(() => database.drop());

  it('builds a statement once for the process, and runs it on every handle and in every transaction by name', async () => {
    let builds = 0;
    const insert = (db: typeof database.db, body: string) =>
      namedStatement<{ id: number; body: string; at: string; tags: unknown }>(db, `test_note_insert_${backend}`, () => {
        builds += 1;
        return sql`INSERT INTO notes (body, at, tags) VALUES (${sql.placeholder('body')}, ${sql.placeholder('at')}::timestamptz, ${sql.placeholder('tags')}::jsonb)
          RETURNING id, body, at, tags`;
      }).execute({ body, at: '2026-12-07T10:00:00.000Z', tags: JSON.stringify(['a', 1]) });

    const [first] = await insert(database.db, 'hors transaction');
    // The driver's values by column name: json decoded, a timestamp as its text.
    expect(first).toMatchObject({ body: 'hors transaction', tags: ['a', 1] });
    expect(new Date(first!.at).toISOString()).toBe('2026-12-07T10:00:00.000Z');
    for (const body of ['première', 'seconde']) await database.db.transaction(async (tx) => void (await insert(tx, body)));
    // A transaction that fails leaves nothing of its statement's work.
    await expect(
      database.db.transaction(async (tx) => {
        await insert(tx, 'annulée');
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');

    expect(builds).toBe(1);
    const { rows } = (await database.db.execute(sql`SELECT body FROM notes ORDER BY id`)) as unknown as { rows: Array<{ body: string }> };
    expect(rows.map((r) => r.body)).toEqual(['hors transaction', 'première', 'seconde']);
    expect([...namedStatementTexts].filter((text) => text.startsWith('INSERT INTO notes'))).toHaveLength(1);
  });

  it('reads rows sent as JSON arrays back under their drizzle names, timestamps as Dates', async () => {
    const note = jsonRowOf<typeof notes.$inferSelect>(notes);
    const [row] = await namedStatement<{ notes: unknown[][] }>(
      database.db,
      `test_note_rows_${backend}`,
      () => sql`SELECT json_agg(${note.build('n')} ORDER BY n.id) AS notes FROM notes n`,
    ).execute({});
    const read = row!.notes.map((values) => note.read(values));
    expect(read[0]).toEqual({ id: 1, body: 'hors transaction', at: new Date('2026-12-07T10:00:00.000Z'), tags: ['a', 1] });
    expect(read.map((r) => r.body)).toEqual(['hors transaction', 'première', 'seconde']);
  });
});
