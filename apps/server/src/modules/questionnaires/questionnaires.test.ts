import { existsSync, readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import {
  describeAnswer,
  fullyAnsweredSample,
  getDefinition,
  listQuestions,
  progress,
  projectProgressWithPieces,
  QUESTIONNAIRES,
  requiredSupportingDocuments,
  saleHouseDefinition,
  successionDefinition,
  visibleFieldNames,
  type QuestionnaireDocType,
} from '@notadoo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { eq } from 'drizzle-orm';
import { documents, participants, pieceRequests } from '../../db/schema';
import { pdfRenders, QUESTIONNAIRE_MESSAGES } from './questionnaire-service';
import { pdfTextContent, readPdfLines } from './testing/pdf-text';

const DENIED = "Erreur : Vous n'avez pas les droits suffisants pour accéder à ce projet.";
const REFUSED = "Erreur : Impossible d'enregistrer ce document. En êtes-vous le propriétaire ?";
const CONFLICT =
  "Ce document a été modifié entre-temps par une autre personne. Voici la version enregistrée : vérifiez vos réponses avant d'enregistrer à nouveau.";

type Item = { id: number; version: number; progress: number } & Record<string, unknown>;
type WireDocument = { id: number; file: string | null; participant: { id: number } | null } & Record<string, unknown>;

describe.each(BACKENDS)('questionnaires on %s', (backend) => {
  let t: TestApp;
  type Actor = { id: number; headers: Record<string, string> };
  let heir: Actor, spouse: Actor, admin: Actor, parisNotary: Actor, lyonNotary: Actor, stranger: Actor;

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    return { id: u.id, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const api = (a: Actor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: a.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const save = (a: Actor, docType: string, document: Record<string, unknown>) => api(a, 'PATCH', '/document', { docType, document });

  async function getProject(id: number) {
    const res = await api(admin, 'GET', `/project/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { progress: number; documents: WireDocument[]; participants: Array<{ id: number; user: { id: number } | null }> };
  }

  /** The questionnaire items of a project by array name, with the participant's user id. */
  async function questionnaires(projectId: number) {
    const project = await getProject(projectId);
    return project.documents.flatMap((d) =>
      Object.entries(d)
        .filter(([key, value]) => key.startsWith('document_') && Array.isArray(value) && value.length > 0)
        .map(([key, value]) => ({
          key,
          item: (value as Item[])[0]!,
          file: d.file,
          userId: project.participants.find((p) => p.id === d.participant?.id)?.user?.id ?? null,
        })),
    );
  }

  /**
   * A settlement opened by the heir at the Paris office, with a spouse who has
   * their own civil status: the heir owns a civil status and the succession.
   */
  async function createSuccession(name = 'Succession Martin') {
    const res = await api(heir, 'POST', '/project', { name, type: 'succession', subtype: 'settlement', role: 'heir' });
    expect(res.statusCode, res.body).toBe(201);
    const projectId = res.json().id as number;
    expect((await api(heir, 'PATCH', `/project/${projectId}`, { office: 1 })).statusCode).toBe(200);
    const [person] = await t.database.db
      .insert(participants)
      .values({ projectId, firstName: 'Paul', lastName: 'Martin', userId: spouse.id, role: 'spouse' })
      .returning();
    await t.database.db
      .insert(documents)
      .values({ projectId, participantId: person!.id, kind: 'questionnaire', docType: 'document_civil_statuses' });
    const items = await questionnaires(projectId);
    const find = (key: string, userId: number) => items.find((q) => q.key === key && q.userId === userId)!.item.id;
    return {
      projectId,
      civil: find('document_civil_statuses', heir.id),
      succession: find('document_successions', heir.id),
      spouseCivil: find('document_civil_statuses', spouse.id),
    };
  }

  async function stored(projectId: number, id: number): Promise<Item> {
    return (await questionnaires(projectId)).find((q) => q.item.id === id)!.item;
  }

  async function download(a: Actor, type: string, id: number) {
    return api(a, 'GET', `/download_form/${type}/${id}`);
  }

  beforeAll(async () => {
    t = await buildTestApp(backend);
    heir = await actor({ firstName: 'Claire', lastName: 'Dubois' });
    spouse = await actor({ firstName: 'Paul', lastName: 'Martin' });
    admin = await actor({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    parisNotary = await actor({ isNotary: true, notaryOfficeId: 1 });
    lyonNotary = await actor({ isNotary: true, notaryOfficeId: 2 });
    stranger = await actor();
  });
  afterAll(() => t.close());

  describe('saving (PATCH /document)', () => {
    it('stores the cleaned answers, answers exactly what is stored, and keeps the progress', async () => {
      const { projectId, succession } = await createSuccession();
      const res = await save(heir, 'document_succession', {
        id: succession,
        version: 1,
        progress: 100,
        not_a_question: 'ignoré',
        deceased_q1_last_name: 'Martin',
        deceased_q2_birthdate: '01/02/1940 (environ)',
        deceased_q10_ephad: 'false',
        deceased_q11_pro: '1',
        succession_q1_spouse: true,
        succession_q2_will: 0,
        succession_q2_will_notary_name: 'Maître Caché',
        succession_q4_realty: 'peut-être',
      });
      expect(res.statusCode, res.body).toBe(200);
      const answers = {
        deceased_q1_last_name: 'Martin',
        deceased_q2_birthdate: '01/02/1940',
        deceased_q10_ephad: 0,
        deceased_q11_pro: 1,
        succession_q1_spouse: 1,
        succession_q2_will: 0,
      };
      const expectedProgress = progress(successionDefinition, answers);
      expect(expectedProgress).toBeGreaterThan(0);
      expect(res.json()).toEqual({ id: succession, version: 2, progress: expectedProgress, ...answers });
      expect(await stored(projectId, succession)).toEqual(res.json());

      const project = await getProject(projectId);
      const parts = (await questionnaires(projectId)).map((q) => ({ progress: q.item.progress }));
      // Issue 22: the pieces asked (none sent yet) count with the questionnaires.
      const pieces = await t.database.db.select().from(pieceRequests).where(eq(pieceRequests.projectId, projectId));
      expect(pieces.length).toBeGreaterThan(0);
      expect(project.progress).toBe(projectProgressWithPieces({ questionnaires: parts, fileDrawers: [], pieces }));
      expect(project.progress).toBeGreaterThan(0);
    });

    it('accepts the array name as docType too, and moves the version on at each save', async () => {
      const { civil } = await createSuccession();
      const first = await save(heir, 'document_civil_statuses', { id: civil, version: 1, civility: 'MME' });
      expect(first.json()).toMatchObject({ version: 2, civility: 'MME' });
      const second = await save(heir, 'document_civil_status', { id: civil, version: 2, civility: 'M', first_name: 'Claire' });
      expect(second.json()).toEqual({ id: civil, version: 3, progress: expect.any(Number), civility: 'M', first_name: 'Claire' });
    });

    it("refuses another role's document with 401 and the stored item, without its answers", async () => {
      const { projectId, spouseCivil } = await createSuccession();
      expect((await save(spouse, 'document_civil_status', { id: spouseCivil, version: 1, last_name: 'Martin' })).statusCode).toBe(200);
      const res = await save(heir, 'document_civil_status', { id: spouseCivil, version: 2, last_name: 'Pirate' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'DOCUMENT_SAVE_REFUSED',
        message: REFUSED,
        document: { id: spouseCivil, version: 2, progress: expect.any(Number) },
      });
      expect((await stored(projectId, spouseCivil)).last_name).toBe('Martin');
    });

    it('refuses the owner once the project is signed (status 5), with the stored document; the office and admins still save', async () => {
      const { projectId, civil } = await createSuccession();
      expect((await save(heir, 'document_civil_status', { id: civil, version: 1, first_name: 'Claire' })).statusCode).toBe(200);
      expect((await api(parisNotary, 'PATCH', '/project/status', { id: projectId, status: 5 })).statusCode).toBe(200);

      const res = await save(heir, 'document_civil_status', { id: civil, version: 2, first_name: 'Changé' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'DOCUMENT_SAVE_REFUSED',
        message: REFUSED,
        document: { id: civil, version: 2, progress: expect.any(Number), first_name: 'Claire' },
      });

      const byOffice = await save(parisNotary, 'document_civil_status', {
        id: civil,
        version: 2,
        first_name: 'Claire',
        last_name: 'Dubois',
      });
      expect(byOffice.statusCode, byOffice.body).toBe(200);
      expect(byOffice.json()).toMatchObject({ version: 3, last_name: 'Dubois' });
      const byAdmin = await save(admin, 'document_civil_status', {
        id: civil,
        version: 3,
        first_name: 'Claire',
        last_name: 'Dubois-Martin',
      });
      expect(byAdmin.json()).toMatchObject({ version: 4, last_name: 'Dubois-Martin' });
    });

    it('lets the chosen office and admins save an open project, and refuses other offices and strangers with 403', async () => {
      const { succession } = await createSuccession();
      expect(
        (await save(parisNotary, 'document_succession', { id: succession, version: 1, succession_q4_realty: 1 })).json(),
      ).toMatchObject({ version: 2 });
      expect((await save(admin, 'document_succession', { id: succession, version: 2, succession_q4_realty: 0 })).json()).toMatchObject({
        version: 3,
      });
      for (const outsider of [lyonNotary, stranger]) {
        const res = await save(outsider, 'document_succession', { id: succession, version: 3 });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ code: 'PROJECT_ACCESS_DENIED', message: DENIED });
      }
      expect((await save(heir, 'document_succession', { id: 99_999_999, version: 1 })).statusCode).toBe(404);
    });

    it('refuses a save based on a stale version with 409 and the stored document', async () => {
      const { projectId, civil } = await createSuccession();
      expect((await save(heir, 'document_civil_status', { id: civil, version: 1, first_name: 'Claire' })).statusCode).toBe(200);
      const stale = await save(heir, 'document_civil_status', { id: civil, version: 1, first_name: 'Écrasé' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({
        code: 'VERSION_CONFLICT',
        message: CONFLICT,
        document: { id: civil, version: 2, progress: expect.any(Number), first_name: 'Claire' },
      });
      expect(await stored(projectId, civil)).toEqual(stale.json().document);
    });

    it('lets exactly one of two simultaneous saves of the same version through', async () => {
      const { projectId, civil } = await createSuccession();
      for (let version = 1; version <= 5; version += 1) {
        const results = await Promise.all([
          save(heir, 'document_civil_status', { id: civil, version, first_name: `A${version}` }),
          save(parisNotary, 'document_civil_status', { id: civil, version, first_name: `B${version}` }),
        ]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        const winner = results.find((r) => r.statusCode === 200)!.json();
        const loser = results.find((r) => r.statusCode === 409)!.json();
        expect(loser.document).toEqual(winner);
        expect(await stored(projectId, civil)).toEqual(winner);
        expect(winner.version).toBe(version + 1);
      }
    });

    it('answers 400, never 500, to bad input', async () => {
      const { projectId, civil } = await createSuccession();
      const cases: unknown[] = [
        undefined,
        {},
        { docType: 'document_civil_status' },
        { docType: 'document_civil_status', document: [] },
        { docType: 'document_civil_status', document: { version: 1 } },
        { docType: 'document_civil_status', document: { id: civil } },
        { docType: 'document_civil_status', document: { id: civil, version: 'un' } },
        { docType: 'document_civil_status', document: { id: civil, version: 0 } },
        { docType: 'document_civil_status', document: { id: 3_000_000_000, version: 1 } },
        { docType: 'document_civil_status', document: { id: -1, version: 1 } },
        { docType: 42, document: { id: civil, version: 1 } },
        { docType: 'document_inconnu', document: { id: civil, version: 1 } },
        { docType: 'document_succession', document: { id: civil, version: 1 } },
        // Too long for its field: refused, naming it, rather than silently cut.
        { docType: 'document_civil_status', document: { id: civil, version: 1, last_name: 'x'.repeat(10_000) } },
        {
          docType: 'document_civil_status',
          document: { id: civil, version: 1, first_name: { $ne: 1 }, last_name: 'x'.repeat(255), dob: '\u0000\ud800' },
        },
      ];
      for (const payload of cases.slice(0, -1)) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: '/api/document',
          headers: heir.headers,
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(typeof res.json().message).toBe('string');
      }
      const notJson = await t.app.inject({
        method: 'PATCH',
        url: '/api/document',
        headers: { ...heir.headers, 'content-type': 'application/json' },
        payload: '{"docType":',
      });
      expect(notJson.statusCode).toBe(400);
      // Odd values are cleaned away, not refused.
      const odd = await save(heir, 'document_civil_status', (cases.at(-1) as { document: Record<string, unknown> }).document);
      expect(odd.statusCode, odd.body).toBe(200);
      expect(odd.json().first_name).toBeUndefined();
      expect((odd.json().last_name as string).length).toBe(255);
      expect(await stored(projectId, civil)).toEqual(odd.json());
    });

    it.for([
      ['an apartment', 'appt', 'document_sale_appts', 'document_sale_appt'],
      ['a house', 'house', 'document_sale_houses', 'document_sale_house'],
      ['land', 'land', 'document_sale_lands', 'document_sale_land'],
    ] as const)(
      'lets the seller and the buyer of %s complete their questionnaires: the project reaches 100 %%',
      async ([, subtype, saleKey, saleDocType]) => {
        const created = await api(heir, 'POST', '/project', { name: `Vente ${subtype}`, type: 'realty', subtype, role: 'seller' });
        const projectId = created.json().id as number;
        const [buyer] = await t.database.db
          .insert(participants)
          .values({ projectId, firstName: 'Paul', lastName: 'Martin', userId: spouse.id, role: 'buyer' })
          .returning();
        await t.database.db.insert(documents).values([
          { projectId, participantId: buyer!.id, kind: 'questionnaire', docType: 'document_civil_statuses' },
          { projectId, kind: 'questionnaire', docType: 'document_buyers', sharedRole: 'buyer' },
        ]);
        const items = await questionnaires(projectId);
        expect(items.map((q) => q.key).sort()).toEqual(
          ['document_buyers', 'document_civil_statuses', 'document_civil_statuses', saleKey].sort(),
        );
        expect((await getProject(projectId)).progress).toBe(0);

        for (const { key, item, userId } of items) {
          const definition = getDefinition(key)!;
          // The sale and the purchase are the roles' (issue 23), the civil statuses each person's.
          const owner = key === saleKey ? heir : key === 'document_buyers' ? spouse : userId === heir.id ? heir : spouse;
          const res = await save(owner, QUESTIONNAIRES[key as QuestionnaireDocType].saveDocType, {
            ...fullyAnsweredSample(definition),
            id: item.id,
            version: item.version,
          });
          expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
          expect(res.json().progress, key).toBe(100);
        }
        // Issue 22: the questionnaires are half of it while the pieces asked are not sent; waived, they count in full.
        expect((await getProject(projectId)).progress).toBe(50);
        await t.database.db.update(pieceRequests).set({ state: 'waived' }).where(eq(pieceRequests.projectId, projectId));
        expect((await getProject(projectId)).progress).toBe(100);
        // The buyer's questionnaire is not the seller's to write.
        const sale = (await questionnaires(projectId)).find((q) => q.key === saleKey)!.item;
        expect((await save(spouse, saleDocType, { id: sale.id, version: sale.version, price_q0_amount: '1' })).statusCode).toBe(401);
      },
    );

    it('answers 400 with a clear message for a file drawer', async () => {
      const res = await api(heir, 'POST', '/project', { name: 'Vente', type: 'realty', subtype: 'appt', role: 'seller' });
      const projectId = res.json().id as number;
      const [drawer] = await t.database.db.insert(documents).values({ projectId, kind: 'files', docType: 'identity_card' }).returning();
      const notQuestionnaire = await save(admin, 'document_civil_status', { id: drawer!.id, version: 1 });
      expect(notQuestionnaire.statusCode).toBe(400);
      expect(notQuestionnaire.json().message).toBe(QUESTIONNAIRE_MESSAGES.notQuestionnaire);
    });
  });

  describe('PDF (GET /download_form)', () => {
    const pdfPath = (name: string) => path.join(t.dataDir, 'files', 'pdf', name);

    it('renders the visible questions with their answers in French, the supporting documents and the date', async () => {
      const { projectId, civil } = await createSuccession('Succession Lefèvre');
      const saved = await save(heir, 'document_civil_status', {
        id: civil,
        version: 1,
        civility: 'MME',
        last_name: 'Dubois',
        nationality: 'Française',
        marital_status: 'married',
        spouse_last_name: 'Martin',
        pacs_exists: 0,
        merchant_artisan: 1,
      });
      expect(saved.statusCode).toBe(200);
      const res = await download(heir, 'civil_status', civil);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        filename: `questionnaire-${civil}-v2.pdf`,
        name: "Succession Lefèvre - Questionnaire d'état civil - Claire Dubois.pdf",
      });
      const pdf = readFileSync(pdfPath(res.json().filename));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfTextContent(pdf);
      for (const expected of [
        "Questionnaire d'état civil",
        'Succession Lefèvre',
        'Claire Dubois',
        'Identité',
        'Situation familiale',
        'Quelle est votre civilité ?',
        'Madame',
        'Marié(e)',
        'Qui est votre conjoint ?',
        'Martin',
        'Oui',
        'Non',
        'Non renseigné',
        'Pièces justificatives à fournir',
        'Copie de votre contrat de mariage, si vous en avez signé un',
        "Extrait d'immatriculation",
        'Document généré le 22/11/2026 à 11:00',
      ]) {
        expect(text, expected).toContain(expected);
      }
      // Hidden questions and their supporting documents stay out.
      for (const hidden of [
        'Quel tribunal a prononcé votre divorce',
        'Ce PACS est-il toujours en vigueur',
        'carte de résident',
        'convention de PACS',
      ]) {
        expect(text).not.toContain(hidden);
      }
      const item = (await questionnaires(projectId)).find((q) => q.item.id === civil)!;
      expect(item.file).toBe(res.json().filename);
    });

    it('prints every visible answer of a fully answered house questionnaire, and nothing of the hidden ones', async () => {
      const created = await api(heir, 'POST', '/project', { name: 'Vente maison Dijon', type: 'realty', subtype: 'house', role: 'seller' });
      const projectId = created.json().id as number;
      const house = (await questionnaires(projectId)).find((q) => q.key === 'document_sale_houses')!.item;
      const answers = fullyAnsweredSample(saleHouseDefinition);
      expect((await save(heir, 'document_sale_house', { ...answers, id: house.id, version: house.version })).statusCode).toBe(200);
      const res = await download(heir, 'sale_house', house.id);
      expect(res.statusCode, res.body).toBe(200);
      // Lines wrap at spaces and after hyphens: compare texts with line breaks read as spaces, and none after a hyphen.
      const flat = (text: string) => text.replace(/\s+/g, ' ').replace(/- /g, '-').trim();
      const lines = await readPdfLines(readFileSync(pdfPath(res.json().filename)));
      // A page's footer may fall in the middle of a wrapped answer.
      const text = flat(lines.filter((line) => !/^Document généré le .* Page \d+ \/ \d+$/.test(line)).join('\n'));
      const visible = visibleFieldNames(saleHouseDefinition, answers);
      for (const question of listQuestions(saleHouseDefinition)) {
        const shown = question.fields.filter((field) => visible.has(field.name));
        if (shown.length === 0) {
          expect(text, question.label).not.toContain(flat(question.label));
          continue;
        }
        expect(text, question.label).toContain(flat(question.label));
        for (const field of shown) expect(text, field.name).toContain(flat(describeAnswer(field.kind, answers[field.name])));
      }
      for (const step of saleHouseDefinition.steps) expect(text).toContain(flat(step.title));
      for (const document of requiredSupportingDocuments(saleHouseDefinition, answers)) expect(text).toContain(flat(document.label));
    });

    it('does not render again while the answers are unchanged, and renders again after a save', async () => {
      const { succession } = await createSuccession();
      await save(heir, 'document_succession', { id: succession, version: 1, deceased_q1_last_name: 'Martin' });
      const first = (await download(heir, 'succession', succession)).json().filename as string;
      const past = new Date('2020-01-01T00:00:00Z');
      utimesSync(pdfPath(first), past, past);
      const renders = pdfRenders.count;

      const again = await download(parisNotary, 'succession', succession);
      expect(again.json().filename).toBe(first);
      expect(statSync(pdfPath(first)).mtime.getTime()).toBe(past.getTime());
      expect(pdfRenders.count).toBe(renders);

      await save(heir, 'document_succession', { id: succession, version: 2, deceased_q1_last_name: 'Lefèvre' });
      const after = (await download(heir, 'succession', succession)).json().filename as string;
      expect(after).toBe(`questionnaire-${succession}-v3.pdf`);
      expect(pdfRenders.count).toBe(renders + 1);
      expect(existsSync(pdfPath(first))).toBe(false);
      const text = await pdfTextContent(readFileSync(pdfPath(after)));
      expect(text).toContain('Nom de naissance : Lefèvre');
      expect(text).not.toContain('Nom de naissance : Martin');
    });

    it('renders again when the stored file went missing', async () => {
      const { civil } = await createSuccession();
      const name = (await download(heir, 'civil_status', civil)).json().filename as string;
      const { rmSync } = await import('node:fs');
      rmSync(pdfPath(name));
      expect((await download(heir, 'civil_status', civil)).json().filename).toBe(name);
      expect(existsSync(pdfPath(name))).toBe(true);
    });

    it('refuses readers without access, a type that does not match, and unknown documents', async () => {
      const { civil, spouseCivil } = await createSuccession();
      expect((await download(stranger, 'civil_status', civil)).json()).toEqual({ code: 'PROJECT_ACCESS_DENIED', message: DENIED });
      expect((await download(lyonNotary, 'civil_status', civil)).statusCode).toBe(403);
      expect((await download(heir, 'civil_status', spouseCivil)).statusCode).toBe(403);
      expect((await download(heir, 'succession', civil)).json()).toEqual({
        code: 'BAD_REQUEST',
        message: QUESTIONNAIRE_MESSAGES.docTypeMismatch,
      });
      expect((await download(heir, 'pdf', civil)).statusCode).toBe(400);
      expect((await download(heir, 'civil_status', 0)).statusCode).toBe(400);
      expect((await download(heir, 'civil_status', 99_999_999)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/download_form/civil_status/${civil}` })).statusCode).toBe(401);
      expect((await download(parisNotary, 'civil_status', spouseCivil)).statusCode).toBe(200);
    });
  });

  it('documents its routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/document', '/api/download_form/{type}/{documentId}']));
    expect(doc.paths['/api/document'].patch.requestBody).toBeDefined();
  });
});
