import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useDatabaseBefore } from '../../test/migration-test';
import { BACKENDS } from '../../test/test-app';
import { migrate } from './migrate';

const MIGRATION = '0160_shared_questionnaires.sql';

interface Row {
  id: number;
  project_id: number;
  participant_id: number | null;
  doc_type: string;
  answers: Record<string, unknown>;
  shared_role: string | null;
  superseded: boolean;
}

describe.each(BACKENDS)('merging the duplicated sale and purchase questionnaires (%s)', (backend) => {
  const { database, run } = useDatabaseBefore(backend, MIGRATION);

  it('keeps the most advanced as the shared one, the other answered ones superseded, drops empty ones, creates missing ones', async () => {
    const [house] = await run<{ id: number }>(
      sql`INSERT INTO projects (name, type, subtype) VALUES ('Maison', 'realty', 'house') RETURNING id`,
    );
    const [flat] = await run<{ id: number }>(
      sql`INSERT INTO projects (name, type, subtype) VALUES ('Appartement', 'realty', 'appt') RETURNING id`,
    );
    const [estate] = await run<{ id: number }>(
      sql`INSERT INTO projects (name, type, subtype) VALUES ('Succession', 'succession', 'settlement') RETURNING id`,
    );
    const person = async (projectId: number, role: string) =>
      (
        await run<{ id: number }>(
          sql`INSERT INTO participants (project_id, first_name, last_name, role) VALUES (${projectId}, 'A', 'B', ${role}) RETURNING id`,
        )
      )[0]!.id;
    const questionnaire = async (projectId: number, participantId: number | null, docType: string, answers: object, progress: number) =>
      (
        await run<{ id: number }>(
          sql`INSERT INTO documents (project_id, participant_id, kind, doc_type, answers, progress) VALUES (${projectId}, ${participantId}, 'questionnaire', ${docType}, ${JSON.stringify(answers)}::jsonb, ${progress}) RETURNING id`,
        )
      )[0]!.id;

    const seller1 = await person(house!.id, 'seller');
    const seller2 = await person(house!.id, 'seller');
    const buyer = await person(house!.id, 'buyer');
    const lessAdvanced = await questionnaire(house!.id, seller1, 'document_sale_houses', { price_q0_amount: '300000' }, 5);
    const mostAdvanced = await questionnaire(
      house!.id,
      seller2,
      'document_sale_houses',
      { price_q0_amount: '310000', easement_q1_exists: 1 },
      12,
    );
    // A buyer moved from seller and back kept an empty flat sale; and their purchase questionnaire.
    const leftover = await questionnaire(house!.id, buyer, 'document_sale_appts', {}, 0);
    const purchase = await questionnaire(house!.id, buyer, 'document_buyers', { finance_q1_p1_loan: 1 }, 10);
    const civil = await questionnaire(house!.id, seller1, 'document_civil_statuses', { first_name: 'A' }, 3);
    // A flat file with a seller and no sale questionnaire at all.
    await person(flat!.id, 'seller');
    const heir = await person(estate!.id, 'heir');
    const succession = await questionnaire(estate!.id, heir, 'document_successions', {}, 0);

    expect(await migrate(database())).toContain(MIGRATION);

    const rows = await run<Row>(
      sql`SELECT id, project_id, participant_id, doc_type, answers, shared_role, superseded_at IS NOT NULL AS superseded FROM documents ORDER BY id`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(mostAdvanced)).toMatchObject({
      participant_id: null,
      shared_role: 'seller',
      superseded: false,
      answers: { price_q0_amount: '310000', easement_q1_exists: 1 },
    });
    expect(byId.get(lessAdvanced)).toMatchObject({
      participant_id: seller1,
      shared_role: null,
      superseded: true,
      answers: { price_q0_amount: '300000' },
    });
    expect(byId.has(leftover)).toBe(false);
    expect(byId.get(purchase)).toMatchObject({ participant_id: null, shared_role: 'buyer', superseded: false });
    expect(byId.get(civil)).toMatchObject({ participant_id: seller1, shared_role: null, superseded: false });
    expect(byId.get(succession)).toMatchObject({ participant_id: heir, shared_role: null, superseded: false });
    expect(rows.filter((r) => r.project_id === flat!.id)).toMatchObject([
      { doc_type: 'document_sale_appts', shared_role: 'seller', participant_id: null },
    ]);
    expect(rows.filter((r) => r.project_id === house!.id && r.shared_role !== null)).toHaveLength(2);

    // The unique partial index: a second shared sale questionnaire is refused.
    await expect(
      database().db.execute(
        sql`INSERT INTO documents (project_id, kind, doc_type, shared_role) VALUES (${house!.id}, 'questionnaire', 'document_sale_houses', 'seller')`,
      ),
    ).rejects.toThrow();
  });
});
