import { eq } from 'drizzle-orm';
import { TRANSFER_MESSAGES } from '@notadoo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { documents } from '../../db/schema';
import { DOWNLOAD_TOKEN_TTL_SECONDS } from '../downloads/download-tokens';

const DENIED = "Erreur : Vous n'avez pas les droits suffisants pour accéder à ce projet.";

describe.each(BACKENDS)('transfers to the drafting software on %s', (backend) => {
  let t: TestApp;
  type Actor = { id: number; headers: Record<string, string> };
  let client: Actor, parisNotary: Actor, lyonNotary: Actor, admin: Actor;

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    return { id: u.id, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const api = (a: Actor | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: a?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A sale of the client at the Paris office, with their questionnaire and a drawer holding one file. */
  async function createProject() {
    const res = await api(client, 'POST', '/project', { name: 'Vente Garnier', type: 'realty', subtype: 'appt', role: 'seller' });
    const projectId = res.json().id as number;
    await api(client, 'PATCH', `/project/${projectId}`, { office: 1 });
    const [questionnaire] = await t.database.db.select().from(documents).where(eq(documents.projectId, projectId));
    const [drawer] = await t.database.db
      .insert(documents)
      .values({
        projectId,
        participantId: questionnaire!.participantId,
        kind: 'files',
        docType: 'identity_card',
        files: ['abcd12345carte.pdf'],
      })
      .returning();
    return { projectId, questionnaire: questionnaire!.id, drawer: drawer!.id };
  }

  const transfer = (p: { questionnaire: number; drawer: number }, overrides: Record<string, unknown> = {}) => ({
    dossier: { id: 'DOS-0001', intitule: 'Vente Garnier / Dupont', identifiantMetier: '2025/00100' },
    files: [
      { type: 'pdf', docId: p.questionnaire, filename: 'Vente Garnier - Vente.pdf' },
      { type: 'file', docId: p.drawer, position: 0, filename: 'carte.pdf' },
    ],
    sent: 2,
    outcome: 'succeeded',
    ...overrides,
  });

  beforeAll(async () => {
    t = await buildTestApp(backend);
    client = await actor();
    parisNotary = await actor({ isNotary: true, notaryOfficeId: 1, firstName: 'Marie', lastName: 'Notaire' });
    lyonNotary = await actor({ isNotary: true, notaryOfficeId: 2 });
    admin = await actor({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
  });
  afterAll(() => t.close());

  it('hands the bridge address, its service key and the absolute API address to office staff and admins only', async () => {
    const res = await api(parisNotary, 'GET', '/transfer/bridge');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bridge: { url: 'http://127.0.0.1:4100', serviceKey: 'cle-de-test' }, apiUrl: 'http://app.test/api' });
    expect((await api(admin, 'GET', '/transfer/bridge')).statusCode).toBe(200);
    const byClient = await api(client, 'GET', '/transfer/bridge');
    expect(byClient.statusCode).toBe(403);
    expect(byClient.json()).toEqual({ code: 'FORBIDDEN', message: TRANSFER_MESSAGES.reserved });
    expect((await api(null, 'GET', '/transfer/bridge')).statusCode).toBe(401);
  });

  it('says there is no bridge when none is configured', async () => {
    const bare = await buildTestApp(backend, { config: { ...(await import('../../../test/test-app')).testConfig, bridge: null } });
    try {
      const u = await bare.createUser({ notaryOfficeId: 1 });
      const res = await bare.app.inject({
        method: 'GET',
        url: '/api/transfer/bridge',
        headers: bearer(await bare.tokenFor(u.email, u.password)),
      });
      expect(res.json()).toEqual({ bridge: null, apiUrl: 'http://app.test/api' });
    } finally {
      await bare.close();
    }
  });

  it('gives download addresses the bridge can fetch without a bearer header, refused once expired', async () => {
    const p = await createProject();
    const { apiUrl } = (await api(parisNotary, 'GET', '/transfer/bridge')).json();
    const tokens = await api(parisNotary, 'POST', '/generate_file_token', [{ type: 'file', docId: p.drawer }]);
    const address = `${apiUrl}/get_file/${p.drawer}/0/${encodeURIComponent(tokens.json().tokens[0].value)}`;
    expect(address.startsWith('http://app.test/api/get_file/')).toBe(true);
    const path = new URL(address).pathname;
    // No file on disk in this test: past the token check, the answer is "not found", not "forbidden".
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).not.toBe(403);
    t.clock.advance((DOWNLOAD_TOKEN_TTL_SECONDS + 1) * 1000);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(403);
  });

  it('records a transfer with who, which files, which case file, when and the outcome, and lists it to the office', async () => {
    const p = await createProject();
    const res = await api(parisNotary, 'POST', `/project/${p.projectId}/transfers`, transfer(p));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      created_at: t.clock.now().toISOString(),
      author: { id: parisNotary.id, name: 'Marie Notaire' },
      dossier: { id: 'DOS-0001', intitule: 'Vente Garnier / Dupont', identifiantMetier: '2025/00100' },
      files: [
        { type: 'pdf', docId: p.questionnaire, filename: 'Vente Garnier - Vente.pdf' },
        { type: 'file', docId: p.drawer, position: 0, filename: 'carte.pdf' },
      ],
      sent: 2,
      outcome: 'succeeded',
    });
    t.clock.advance(60_000);
    await api(parisNotary, 'POST', `/project/${p.projectId}/transfers`, transfer(p, { sent: 1, outcome: 'failed' }));
    const list = await api(parisNotary, 'GET', `/project/${p.projectId}/transfers`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(list.json().items.map((i: { outcome: string }) => i.outcome)).toEqual(['failed', 'succeeded']);
    expect((await api(admin, 'GET', `/project/${p.projectId}/transfers`)).json().total).toBe(2);
  });

  it('pages the list in SQL', async () => {
    const p = await createProject();
    for (let i = 0; i < 12; i += 1) {
      t.clock.advance(1000);
      await api(
        parisNotary,
        'POST',
        `/project/${p.projectId}/transfers`,
        transfer(p, { dossier: { id: `D${i}`, intitule: `Dossier ${i}`, identifiantMetier: '' } }),
      );
    }
    const second = (await api(parisNotary, 'GET', `/project/${p.projectId}/transfers?page=2`)).json();
    expect(second.total).toBe(12);
    expect(second.items.map((i: { dossier: { id: string } }) => i.dossier.id)).toEqual(['D1', 'D0']);
    expect((await api(parisNotary, 'GET', `/project/${p.projectId}/transfers?page=0`)).statusCode).toBe(400);
    expect((await api(parisNotary, 'GET', `/project/${p.projectId}/transfers?page=abc`)).statusCode).toBe(400);
  });

  it('refuses to record or list for those who may not transfer', async () => {
    const p = await createProject();
    const byClient = await api(client, 'POST', `/project/${p.projectId}/transfers`, transfer(p));
    expect(byClient.statusCode).toBe(403);
    expect(byClient.json()).toEqual({ code: 'FORBIDDEN', message: TRANSFER_MESSAGES.reserved });
    expect((await api(client, 'GET', `/project/${p.projectId}/transfers`)).statusCode).toBe(403);
    // Another office's notary may not even open the project.
    const byOtherOffice = await api(lyonNotary, 'POST', `/project/${p.projectId}/transfers`, transfer(p));
    expect(byOtherOffice.statusCode).toBe(403);
    expect(byOtherOffice.json()).toEqual({ code: 'PROJECT_ACCESS_DENIED', message: DENIED });
    expect((await api(parisNotary, 'POST', '/project/99999999/transfers', transfer(p))).statusCode).toBe(404);
    expect((await api(null, 'GET', `/project/${p.projectId}/transfers`)).statusCode).toBe(401);
  });

  it('answers 400 with a French message to a bad record', async () => {
    const p = await createProject();
    const other = await createProject();
    const foreign = await api(parisNotary, 'POST', `/project/${p.projectId}/transfers`, transfer(other));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(TRANSFER_MESSAGES.documentNotInProject);
    const mismatch = await api(parisNotary, 'POST', `/project/${p.projectId}/transfers`, transfer(p, { sent: 1 }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Le nombre de fichiers envoyés ne correspond pas au résultat du transfert.');
    for (const body of [
      {},
      transfer(p, { files: [] }),
      transfer(p, { outcome: 'perdu' }),
      transfer(p, { dossier: { id: '' } }),
      transfer(p, { sent: -1, outcome: 'failed' }),
    ]) {
      const res = await api(parisNotary, 'POST', `/project/${p.projectId}/transfers`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await api(parisNotary, 'POST', '/project/abc/transfers', transfer(p))).statusCode).toBe(400);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/transfer/bridge', '/api/project/{id}/transfers']));
  });
});
