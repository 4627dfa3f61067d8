import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { documents, participants, users } from '../../db/schema';
import { QUESTIONNAIRE_MESSAGES } from '../questionnaires/questionnaire-service';
import { pdfTextContent } from '../questionnaires/testing/pdf-text';
import { DOWNLOAD_MESSAGES } from './download-routes';
import { DOWNLOAD_TOKEN_TTL_SECONDS } from './download-tokens';

const DENIED = "Erreur : Vous n'avez pas les droits suffisants pour accéder à ce projet.";
const BAD_LINK = 'Ce lien de téléchargement est invalide ou a expiré. Merci de relancer le téléchargement depuis le dossier.';

describe.each(BACKENDS)('download tokens and PDF links on %s', (backend) => {
  let t: TestApp;
  type Actor = { id: number; headers: Record<string, string> };
  let heir: Actor, spouse: Actor, parisNotary: Actor, stranger: Actor;

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    return { id: u.id, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const api = (a: Actor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: a.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const requestTokens = (a: Actor, body: unknown) => api(a, 'POST', '/generate_file_token', body);
  /** The link opens in a new tab: no bearer token. */
  const getPdf = (docId: number | string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/get_pdf/${docId}/${encodeURIComponent(token)}` });

  /** A settlement of the heir at the Paris office: their civil status (PDF generated) and succession (not generated), a drawer, a spouse. */
  async function createProject() {
    const res = await api(heir, 'POST', '/project', {
      name: 'Succession Lefèvre',
      type: 'succession',
      subtype: 'settlement',
      role: 'heir',
    });
    const projectId = res.json().id as number;
    await api(heir, 'PATCH', `/project/${projectId}`, { office: 1 });
    const [heirPerson] = await t.database.db.select().from(participants).where(eq(participants.projectId, projectId));
    await t.database.db
      .insert(participants)
      .values({ projectId, firstName: 'Paul', lastName: 'Martin', userId: spouse.id, role: 'spouse' });
    const docs = await t.database.db.select().from(documents).where(eq(documents.projectId, projectId));
    const civil = docs.find((d) => d.docType === 'document_civil_statuses')!.id;
    const succession = docs.find((d) => d.docType === 'document_successions')!.id;
    const [drawer] = await t.database.db
      .insert(documents)
      .values({ projectId, participantId: heirPerson!.id, kind: 'files', docType: 'identity_card' })
      .returning();
    const saved = await api(heir, 'PATCH', '/document', {
      docType: 'document_civil_status',
      document: { id: civil, version: 1, civility: 'MME', last_name: 'Dubois' },
    });
    expect(saved.statusCode).toBe(200);
    const generated = await api(heir, 'GET', `/download_form/civil_status/${civil}`);
    expect(generated.statusCode, generated.body).toBe(200);
    return { projectId, civil, succession, drawer: drawer!.id, heirPerson: heirPerson!, filename: generated.json().filename as string };
  }

  async function tokenFor(a: Actor, type: 'pdf' | 'file', docId: number): Promise<string> {
    const res = await requestTokens(a, [{ type, docId }]);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().tokens[0].value;
  }

  beforeAll(async () => {
    t = await buildTestApp(backend);
    heir = await actor({ firstName: 'Claire', lastName: 'Dubois' });
    spouse = await actor();
    parisNotary = await actor({ isNotary: true, notaryOfficeId: 1 });
    stranger = await actor();
  });
  afterAll(() => t.close());

  it('gives a token per requested document and serves the generated PDF inline with a readable name, without the bearer token', async () => {
    const { civil, drawer, filename } = await createProject();
    const res = await requestTokens(heir, [
      { type: 'pdf', docId: civil, filename: 'ignored', position: 0 },
      { type: 'file', docId: drawer },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      tokens: [
        { docId: civil, value: expect.any(String) },
        { docId: drawer, value: expect.any(String) },
      ],
    });

    const pdf = await getPdf(civil, res.json().tokens[0].value);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `inline; filename="Succession Lefevre - Questionnaire d'etat civil - Claire Dubois.pdf"; ` +
        `filename*=UTF-8''Succession%20Lef%C3%A8vre%20-%20Questionnaire%20d%27%C3%A9tat%20civil%20-%20Claire%20Dubois.pdf`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.equals(readFileSync(path.join(t.dataDir, 'files', 'pdf', filename)))).toBe(true);
    expect(await pdfTextContent(pdf.rawPayload)).toContain('Madame');
  });

  it('accepts the list wrapped as { files }, and lets the office get tokens', async () => {
    const { civil } = await createProject();
    const res = await requestTokens(parisNotary, { files: [{ type: 'pdf', docId: civil }] });
    expect(res.statusCode).toBe(200);
    expect((await getPdf(civil, res.json().tokens[0].value)).statusCode).toBe(200);
    expect((await requestTokens(heir, [])).json()).toEqual({ tokens: [] });
  });

  it('refuses a PDF token before download_form, and a token of the wrong kind of document', async () => {
    const { succession, civil, drawer } = await createProject();
    const notGenerated = await requestTokens(heir, [{ type: 'pdf', docId: succession }]);
    expect(notGenerated.statusCode).toBe(400);
    expect(notGenerated.json().message).toBe(QUESTIONNAIRE_MESSAGES.pdfNotGenerated);
    expect((await requestTokens(heir, [{ type: 'pdf', docId: drawer }])).json().message).toBe(QUESTIONNAIRE_MESSAGES.notQuestionnaire);
    expect((await requestTokens(heir, [{ type: 'file', docId: civil }])).json().message).toBe(DOWNLOAD_MESSAGES.notAFileDrawer);
  });

  it('refuses tokens to those who may not read the document, and answers 400 to bad bodies', async () => {
    const { civil, drawer } = await createProject();
    const byStranger = await requestTokens(stranger, [{ type: 'pdf', docId: civil }]);
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json()).toEqual({ code: 'PROJECT_ACCESS_DENIED', message: DENIED });
    // The spouse is in the project but may not read the heir's documents.
    expect((await requestTokens(spouse, [{ type: 'pdf', docId: civil }])).statusCode).toBe(403);
    expect((await requestTokens(spouse, [{ type: 'file', docId: drawer }])).statusCode).toBe(403);
    // One refused document refuses the whole request.
    expect(
      (
        await requestTokens(spouse, [
          { type: 'pdf', docId: civil },
          { type: 'file', docId: drawer },
        ])
      ).statusCode,
    ).toBe(403);
    expect((await requestTokens(heir, [{ type: 'pdf', docId: 99_999_999 }])).statusCode).toBe(404);
    for (const body of [
      {},
      42,
      [{ type: 'zip', docId: civil }],
      [{ type: 'pdf' }],
      [{ type: 'pdf', docId: 'abc' }],
      { files: 'x' },
      new Array(201).fill({ type: 'pdf', docId: civil }),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/generate_file_token',
        headers: { ...heir.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toBe('Merci d’envoyer la liste des fichiers : [{ type: « pdf » ou « file », docId }], 200 au plus.');
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/generate_file_token', payload: [{ type: 'pdf', docId: civil }] });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses forged, other-document, other-kind and expired tokens with 403', async () => {
    const first = await createProject();
    const second = await createProject();
    const token = await tokenFor(heir, 'pdf', first.civil);

    const forged = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
    for (const bad of [forged, 'pas-un-jeton', `${token}x`]) {
      const res = await getPdf(first.civil, bad);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: BAD_LINK });
    }
    expect((await getPdf(second.civil, token)).statusCode).toBe(403);
    expect((await getPdf(first.drawer, await tokenFor(heir, 'file', first.drawer))).statusCode).toBe(403);
    expect((await getPdf('abc', token)).statusCode).toBe(400);

    expect((await getPdf(first.civil, token)).statusCode).toBe(200);
    t.clock.advance((DOWNLOAD_TOKEN_TTL_SECONDS + 1) * 1000);
    expect((await getPdf(first.civil, token)).statusCode).toBe(403);
    expect((await getPdf(first.civil, await tokenFor(heir, 'pdf', first.civil))).statusCode).toBe(200);
  });

  it('stops serving a token whose holder lost access or was deactivated', async () => {
    const { civil, heirPerson } = await createProject();
    const notaryToken = await tokenFor(parisNotary, 'pdf', civil);
    const heirToken = await tokenFor(heir, 'pdf', civil);
    await t.database.db.update(participants).set({ userId: null }).where(eq(participants.id, heirPerson.id));
    expect((await getPdf(civil, heirToken)).statusCode).toBe(403);
    expect((await getPdf(civil, notaryToken)).statusCode).toBe(200);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, parisNotary.id));
    expect((await getPdf(civil, notaryToken)).json()).toEqual({ code: 'FORBIDDEN', message: DOWNLOAD_MESSAGES.linkRevoked });
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, parisNotary.id));
  });

  it('refuses PDF and file tokens issued before the holder changed their password, and serves new ones', async () => {
    // An heir of this test's own, whose password changes (createProject works for `heir`).
    const u = await t.createUser({ firstName: 'Claire', lastName: 'Dubois' });
    heir = { id: u.id, headers: bearer(await t.tokenFor(u.email, u.password)) };
    const { projectId, civil, drawer } = await createProject();
    await t.database.db
      .update(documents)
      .set({ files: ['abcdefgh_acte.pdf'] })
      .where(eq(documents.id, drawer));
    mkdirSync(path.join(t.dataDir, 'files/projects', String(projectId)), { recursive: true });
    writeFileSync(path.join(t.dataDir, 'files/projects', String(projectId), 'abcdefgh_acte.pdf'), '%PDF-1.4 acte');
    const getFile = (token: string) => t.app.inject({ method: 'GET', url: `/api/get_file/${drawer}/0/${encodeURIComponent(token)}` });
    const pdfToken = await tokenFor(heir, 'pdf', civil);
    const fileToken = await tokenFor(heir, 'file', drawer);
    expect((await getPdf(civil, pdfToken)).statusCode).toBe(200);
    expect((await getFile(fileToken)).statusCode).toBe(200);

    const changed = await api(heir, 'PATCH', `/users/${u.id}`, {
      password: u.password,
      passwordNew: 'Nouveau456',
      passwordNewConfirm: 'Nouveau456',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const stalePdf = await getPdf(civil, pdfToken);
    expect(stalePdf.statusCode).toBe(403);
    expect(stalePdf.json()).toEqual({ code: 'FORBIDDEN', message: BAD_LINK });
    const staleFile = await getFile(fileToken);
    expect(staleFile.statusCode).toBe(403);
    expect(staleFile.json()).toEqual({ code: 'FORBIDDEN', message: BAD_LINK });

    heir = { id: u.id, headers: bearer(changed.json().token) };
    expect((await getPdf(civil, await tokenFor(heir, 'pdf', civil))).statusCode).toBe(200);
    expect((await getFile(await tokenFor(heir, 'file', drawer))).statusCode).toBe(200);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/generate_file_token', '/api/get_pdf/{docId}/{token}']));
    expect(doc.paths['/api/get_pdf/{docId}/{token}'].get.security).toEqual([]);
  });
});
