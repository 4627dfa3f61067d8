import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';

/**
 * A save locks the file's row and updates its document in one statement
 * (decision 0090): the file first, then the document, the order of every
 * write to a file's people and documents. Only a PostgreSQL server has
 * concurrent transactions to show it.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the lock order of a questionnaire save on PostgreSQL', () => {
  let t: TestApp;
  type Actor = { id: number; headers: Record<string, string> };
  let seller: Actor, notary: Actor;
  const clients: pg.Client[] = [];

  const api = (a: Actor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: a.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function connection(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    clients.push(client);
    return client;
  }

  /** A house sale of the seller's at the Paris office: its id and the shared sale questionnaire. */
  async function houseSale(): Promise<{ projectId: number; documentId: number; version: number }> {
    const created = await api(seller, 'POST', '/project', { name: 'Maison des Lilas', type: 'realty', subtype: 'house', role: 'seller' });
    expect(created.statusCode, created.body).toBe(201);
    const projectId = created.json<{ id: number }>().id;
    expect((await api(seller, 'PATCH', `/project/${projectId}`, { office: 1 })).statusCode).toBe(200);
    const page = (await api(seller, 'GET', `/project/${projectId}`)).json<{ documents: Array<Record<string, unknown>> }>();
    const sale = page.documents.find((d) => d.shared_role === 'seller')!;
    const item = (sale.document_sale_houses as Array<{ id: number; version: number }>)[0]!;
    return { projectId, documentId: item.id, version: item.version };
  }

  beforeAll(async () => {
    t = await buildTestApp('postgres');
    const u = await t.signedInUser({ firstName: 'Sophie', lastName: 'Vendeur' });
    seller = { id: u.id, headers: u.headers };
    const n = await t.signedInUser({ isNotary: true, notaryOfficeId: 1 });
    notary = { id: n.id, headers: n.headers };
  });
  afterAll(async () => {
    for (const client of clients) await client.end();
    await t?.close();
  });

  it('waits for the file’s lock before it locks the document, so a writer holding the file can write the document', async () => {
    const { projectId, documentId, version } = await houseSale();
    const holder = await connection();
    const observer = await connection();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM projects WHERE id = $1 FOR UPDATE', [projectId]);
    const saving = api(seller, 'PATCH', '/document', {
      docType: 'document_sale_house',
      document: { id: documentId, version, price_q0_amount: '300000' },
    });
    // The save's statement waits for the file's row, held by `holder`.
    let waiting = 0;
    for (let tries = 0; tries < 100 && waiting === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { rows } = await observer.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%save_answers%'`,
      );
      waiting = Number(rows[0]!.n);
    }
    expect(waiting).toBe(1);
    // Meanwhile its document is not locked: the waiting save holds no lock on it.
    await observer.query('BEGIN');
    await expect(observer.query('SELECT id FROM documents WHERE id = $1 FOR UPDATE NOWAIT', [documentId])).resolves.toMatchObject({
      rowCount: 1,
    });
    await observer.query('ROLLBACK');
    // The holder then writes the document, as a change of the file's people does after its lock: with the
    // document locked by the save this would deadlock (one of the two failing with 40P01).
    await holder.query('UPDATE documents SET updated_at = updated_at WHERE id = $1', [documentId]);
    await holder.query('COMMIT');
    const saved = await saving;
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: version + 1, price_q0_amount: '300000' });
  });

  it('keeps one of two saves at one version, whatever people are added and removed meanwhile', async () => {
    const { projectId, documentId, version: first } = await houseSale();
    let version = first;
    for (let round = 0; round < 10; round += 1) {
      const added = await api(notary, 'POST', `/project/${projectId}/addperson`, {
        firstName: 'Marc',
        lastName: `Vendeur ${round}`,
        role: 'seller',
      });
      expect(added.statusCode, added.body).toBe(200);
      const person = added
        .json<{ participants: Array<{ id: number; last_name?: string; lastName?: string }> }>()
        .participants.find((p) => (p.last_name ?? p.lastName) === `Vendeur ${round}`)!;
      const [save, removal, stale] = await Promise.all([
        api(seller, 'PATCH', '/document', {
          docType: 'document_sale_house',
          document: { id: documentId, version, price_q0_amount: String(300000 + round) },
        }),
        api(notary, 'DELETE', `/project/${projectId}/removeparticipant`, { participantId: person.id }),
        api(notary, 'PATCH', '/document', { docType: 'document_sale_house', document: { id: documentId, version, price_q0_amount: '1' } }),
      ]);
      expect(removal.statusCode, removal.body).toBe(200);
      // Of the two saves at one version, one goes through and the other gets a conflict; never a deadlock (500).
      expect([save.statusCode, stale.statusCode].sort(), `${save.body} ${stale.body}`).toEqual([200, 409]);
      version += 1;
    }
  });
});
