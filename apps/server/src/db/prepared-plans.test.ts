import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { findDashboardPage, findProjectRevision, loadProject, loadProjectOfDocument } from '../modules/projects/project-data';
import { updateAnswersAtVersion } from '../modules/questionnaires/questionnaire-data';
import { findUserById } from '../modules/users/user-data';
import type { Db } from './database';
import { rowsOf } from './rows';
import { schema } from './schema';

/**
 * The statements every page runs are prepared so that PostgreSQL plans them
 * once per connection: after its five first (custom) plans it keeps the
 * generic one, unless that one's estimated cost is higher. A statement whose
 * generic plan looks costlier (a `LIMIT $n`, an `= ANY($1)` of unknown
 * length) is planned again on every call, which cost about as much as
 * running it. `pg_prepared_statements` counts the plans of each.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('hot statements planned once on PostgreSQL', () => {
  let t: TestApp;
  let connection: pg.Client;
  let db: Db;
  let client: { id: number }, notary: { id: number };
  let projectId: number, documentId: number, questionnaireId: number;

  beforeAll(async () => {
    t = await buildTestApp('postgres');
    const seller = await t.signedInUser();
    client = seller;
    notary = await t.createUser({ isNotary: true, notaryOfficeId: 1 });
    for (const name of ['Vente appartement', 'Vente maison', 'Succession Martin']) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/project',
        headers: seller.headers,
        payload: { name, type: 'realty', subtype: 'appt', role: 'seller' },
      });
      projectId = created.json().id;
      await t.app.inject({ method: 'PATCH', url: `/api/project/${projectId}`, headers: seller.headers, payload: { office: 1 } });
    }
    // A base of some size: a plan's estimated cost, hence PostgreSQL's choice, follows the tables' statistics.
    await t.database.db.execute(
      sql`INSERT INTO projects (name, type, subtype, notary_office_id, created_at)
          SELECT 'Dossier ' || n, 'realty', 'appt', 1 + n % 2, now() - n * interval '1 minute' FROM generate_series(1, 20000) n`,
    );
    await t.database.db.execute(sql`ANALYZE`);
    const page = await t.app.inject({ method: 'GET', url: `/api/project/${projectId}`, headers: seller.headers });
    documentId = page.json().documents[0].id;
    const [questionnaire] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM documents WHERE project_id = ${projectId} AND kind = 'questionnaire' AND version = 1 ORDER BY id LIMIT 1`,
    );
    questionnaireId = questionnaire!.id;
    connection = new pg.Client({ connectionString: t.databaseUrl });
    await connection.connect();
    db = drizzle(connection, { schema });
  });
  afterAll(async () => {
    await connection?.end();
    await t?.close();
  });

  it('keeps the generic plan of each after its first five calls', async () => {
    const after = { createdAt: '2100-01-01 00:00:00+00', id: 1 };
    for (let call = 0; call < 8; call += 1) {
      await findUserById(db, client.id);
      await loadProject(db, projectId);
      await loadProjectOfDocument(db, documentId);
      await findProjectRevision(db, projectId);
      await findDashboardPage(db, { id: client.id, notaryOfficeId: null }, { everything: false, limit: 24 });
      await findDashboardPage(db, { id: notary.id, notaryOfficeId: 1 }, { everything: false, limit: 24 });
      await findDashboardPage(db, { id: notary.id, notaryOfficeId: 1 }, { everything: false, limit: 24, after });
      await findDashboardPage(db, { id: notary.id, notaryOfficeId: null }, { everything: true, limit: 24, after });
      // A save's update (in its transaction in the app: the same statement on the transaction's connection).
      const saved = await updateAnswersAtVersion(db, {
        id: questionnaireId,
        projectId,
        expectedVersion: call + 1,
        answers: {},
        progress: 0,
        at: new Date(),
      });
      expect(saved).toMatchObject({ version: call + 2, hasMarks: false });
    }
    const { rows } = await connection.query<{ name: string; generic_plans: string; custom_plans: string }>(
      'SELECT name, generic_plans, custom_plans FROM pg_prepared_statements ORDER BY name',
    );
    const plans = Object.fromEntries(rows.map((r) => [r.name, { generic: Number(r.generic_plans), custom: Number(r.custom_plans) }]));
    const hot = [
      'user_by_id',
      'load_project',
      'load_project_of_document',
      'project_revision',
      'dashboard_member',
      'dashboard_office_member',
      'dashboard_office_member_after',
      'dashboard_all_after',
      'save_answers',
    ];
    for (const name of hot) expect({ name, ...plans[name] }).toEqual({ name, generic: 3, custom: 5 });
  });

  it('plans a page of another size for its values, not as a prepared statement', async () => {
    const page = await findDashboardPage(db, { id: client.id, notaryOfficeId: null }, { everything: false, limit: 2 });
    expect(page.projects).toHaveLength(2);
    expect(page.next).toBeDefined();
    const { rows } = await connection.query<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE name LIKE 'dashboard_%'");
    expect(rows.map((r) => r.name).sort()).toEqual([
      'dashboard_all_after',
      'dashboard_member',
      'dashboard_office_member',
      'dashboard_office_member_after',
    ]);
  });
});
