import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useDatabaseBefore } from '../../test/migration-test';
import { BACKENDS } from '../../test/test-app';
import { migrate } from './migrate';

const MIGRATION = '0240_message_attachments.sql';

describe.each(BACKENDS)('moving the single file of each message into message_attachments (%s)', (backend) => {
  const { database, run } = useDatabaseBefore(backend, MIGRATION);

  it('makes each file the first attachment of its message, leaves the others without any and drops the old columns', async () => {
    const [project] = await run<{ id: number }>(
      sql`INSERT INTO projects (name, type, subtype) VALUES ('Maison', 'realty', 'house') RETURNING id`,
    );
    const [thread] = await run<{ id: number }>(
      sql`INSERT INTO message_threads (project_id, kind, created_at) VALUES (${project!.id}, 'everyone', now()) RETURNING id`,
    );
    const message = async (body: string, attachmentName: string | null, withdrawn = false) =>
      (
        await run<{ id: number }>(
          sql`INSERT INTO messages (thread_id, project_id, author_name, author_side, body, attachment_name, withdrawn_at, created_at)
              VALUES (${thread!.id}, ${project!.id}, 'Jeanne', 'person', ${body}, ${attachmentName}, ${withdrawn ? sql`now()` : sql`NULL`}, now()) RETURNING id`,
        )
      )[0]!.id;
    const withFile = await message('Voici le plan.', 'abcdefgh_plan.pdf');
    const withoutFile = await message('Bonjour.', null);
    // Withdrawn: its file left the storage then; nothing to carry.
    const withdrawn = await message('', 'ijklmnop_retire.pdf', true);

    expect(await migrate(database())).toContain(MIGRATION);

    const rows = await run<{
      message_id: number;
      position: number;
      stored_name: string;
      document_id: number | null;
      size_bytes: number | null;
    }>(sql`SELECT message_id, position, stored_name, document_id, size_bytes FROM message_attachments ORDER BY id`);
    expect(rows).toEqual([{ message_id: withFile, position: 0, stored_name: 'abcdefgh_plan.pdf', document_id: null, size_bytes: null }]);
    expect(rows.map((r) => r.message_id)).not.toContain(withoutFile);
    expect(rows.map((r) => r.message_id)).not.toContain(withdrawn);
    const columns = await run<{ column_name: string }>(
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'messages' AND column_name LIKE 'attachment%'`,
    );
    expect(columns).toEqual([]);
    // One model: a second file at the same place is refused; the files go with their message.
    await expect(
      database().db.execute(
        sql`INSERT INTO message_attachments (message_id, position, stored_name) VALUES (${withFile}, 0, 'x_autre.pdf')`,
      ),
    ).rejects.toThrow();
    await run(sql`DELETE FROM messages WHERE id = ${withFile}`);
    expect(await run(sql`SELECT id FROM message_attachments`)).toEqual([]);
  });
});
