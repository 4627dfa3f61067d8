import { and, eq, sql } from 'drizzle-orm';
import { HISTORY_EVENT_KINDS, type HistoryEntryView, type HistoryEventKind } from '@notadoo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, PDF_BYTES } from '../../../test/multipart';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { documents, historyEntries, participants, pieceRequests, projects } from '../../db/schema';
import { verifyChain } from './history-service';

type Actor = { id: number; email: string; password: string; headers: Record<string, string>; name: string };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0';

describe.each(BACKENDS)('the history of a file on %s', (backend) => {
  let t: TestApp;
  let seller: Actor, buyer: Actor, notary: Actor, lyonNotary: Actor, admin: Actor, outsider: Actor;
  let projectId: number;
  let buyerPid: number;
  let sellerPid: number;

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    const [row] = await t.database.db
      .execute<{ first_name: string; last_name: string }>(sql`SELECT first_name, last_name FROM users WHERE id = ${u.id}`)
      .then((r) => (r as { rows: Array<{ first_name: string; last_name: string }> }).rows);
    return {
      ...u,
      headers: { ...bearer(await t.tokenFor(u.email, u.password)), 'user-agent': BROWSER },
      name: `${row!.first_name} ${row!.last_name}`,
    };
  }
  const api = (a: Actor | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: a?.headers ?? {},
      remoteAddress: '203.0.113.7',
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const history = async (a: Actor, query = '') => {
    const res = await api(a, 'GET', `/project/${projectId}/history?limit=500${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      entries: HistoryEntryView[];
      nextCursor: string | null;
      actors: Array<{ id: number | null; name: string }> | null;
      scope: string;
    };
  };
  const kindsOf = (entries: HistoryEntryView[]) => entries.map((e) => e.kind);
  const ofKind = async (kind: HistoryEventKind) => (await history(notary, `&kinds=${kind}`)).entries;

  async function sendFile(a: Actor, drawerId: number) {
    const body = multipartBody({ id: String(drawerId) }, { field: 'file', name: 'carte.pdf', content: PDF_BYTES, type: 'application/pdf' });
    return t.app.inject({
      method: 'POST',
      url: `/api/project/${projectId}/addfile`,
      headers: { ...a.headers, ...body.headers },
      payload: body.payload,
      remoteAddress: '203.0.113.7',
    });
  }

  async function saleQuestionnaire() {
    const [row] = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.projectId, projectId), eq(documents.docType, 'document_sale_houses')));
    return row!;
  }

  beforeAll(async () => {
    t = await buildTestApp(backend);
    seller = await actor({ firstName: 'Léa', lastName: 'Vendeuse' });
    buyer = await actor({ firstName: 'Hugo', lastName: 'Acheteur' });
    notary = await actor({ isNotary: true, notaryOfficeId: 1, firstName: 'Marie', lastName: 'Notaire' });
    lyonNotary = await actor({ isNotary: true, notaryOfficeId: 2 });
    admin = await actor({ roles: ['ROLE_USER', 'ROLE_ADMIN'], firstName: 'Ada', lastName: 'Admin' });
    outsider = await actor();
    const created = await api(seller, 'POST', '/project', { name: 'Vente Martin', type: 'realty', subtype: 'house', role: 'seller' });
    projectId = created.json().id;
    expect((await api(seller, 'PATCH', `/project/${projectId}`, { office: 1 })).statusCode).toBe(200);
    const added = await api(seller, 'POST', `/project/${projectId}/addperson`, { firstName: 'Hugo', lastName: 'Acheteur', role: 'buyer' });
    expect(added.statusCode, added.body).toBe(200);
    const people = await t.database.db.select().from(participants).where(eq(participants.projectId, projectId));
    sellerPid = people.find((p) => p.role === 'seller')!.id;
    buyerPid = people.find((p) => p.role === 'buyer')!.id;
    // The buyer joined (the invitation's acceptance is tested elsewhere).
    await t.database.db.update(participants).set({ userId: buyer.id, roleConfirmed: true }).where(eq(participants.id, buyerPid));
  });
  afterAll(() => t.close());

  it('records the file created, the office chosen and a person added, with who, when, address and browser', async () => {
    const { entries, scope } = await history(notary);
    expect(scope).toBe('all');
    // The test accounts signed in first (their sign-ins show in the files they take part in).
    const oldestFirst = [...entries].reverse().filter((e) => e.kind !== 'sign_in');
    expect(kindsOf(oldestFirst).slice(0, 3)).toEqual(['project_created', 'office_changed', 'person_added']);
    expect(oldestFirst[0]).toMatchObject({
      actor: { id: seller.id, name: 'Léa Vendeuse' },
      ip: '203.0.113.7',
      userAgent: BROWSER,
      label: 'Dossier créé',
      at: '2026-11-22T10:00:00.000Z',
    });
    expect(oldestFirst[2]!.summary).toBe('Hugo Acheteur ajouté(e) comme Acquéreur');
  });

  it('records the answers changed (old → new, in words) and masks an IBAN typed in a free text', async () => {
    const sale = await saleQuestionnaire();
    const save = (a: Actor, version: number, answers: Record<string, unknown>) =>
      api(a, 'PATCH', '/document', { docType: 'document_sale_house', document: { id: sale.id, version, ...answers } });
    expect(
      (
        await save(seller, sale.version, {
          price_q0_amount: '300 000',
          sale_motivation_other_reason: 'Versez sur FR76 3000 6000 0112 3456 7890 189',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await save(notary, sale.version + 1, {
          price_q0_amount: '320 000',
          sale_motivation_other_reason: 'Versez sur FR76 3000 6000 0112 3456 7890 189',
        })
      ).statusCode,
    ).toBe(200);
    // The same answers again (an autosave with nothing new) and a stale save (409) leave no entry.
    expect(
      (
        await save(notary, sale.version + 2, {
          price_q0_amount: '320 000',
          sale_motivation_other_reason: 'Versez sur FR76 3000 6000 0112 3456 7890 189',
        })
      ).statusCode,
    ).toBe(200);
    expect((await save(seller, sale.version, { price_q0_amount: '1' })).statusCode).toBe(409);
    const changes = await ofKind('answers_changed');
    expect(changes).toHaveLength(2);
    expect(changes.map((c) => c.details.documentId)).toEqual([sale.id, sale.id]);
    const [byNotary, bySeller] = changes;
    expect(byNotary!.actor.name).toBe('Marie Notaire');
    expect(byNotary!.summary).toContain('« 300 000 » → « 320 000 »');
    expect(bySeller!.summary).toContain('(sans réponse) → « 300 000 »');
    // An IBAN typed into an address line.
    const [civil] = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.participantId, sellerPid), eq(documents.docType, 'document_civil_statuses')));
    const civilSave = await api(seller, 'PATCH', '/document', {
      docType: 'document_civil_status',
      document: { id: civil!.id, version: civil!.version, address: 'Versez sur FR76 3000 6000 0112 3456 7890 189' },
    });
    expect(civilSave.statusCode, civilSave.body).toBe(200);
    const [masked] = await ofKind('answers_changed');
    expect(masked!.summary).toBe(
      "Questionnaire d'état civil — Quelle est votre adresse ? — Adresse : (sans réponse) → « Versez sur ••••0189 »",
    );
    const raw = await t.database.db
      .select({ details: historyEntries.details })
      .from(historyEntries)
      .where(eq(historyEntries.projectId, projectId));
    expect(JSON.stringify(raw)).not.toContain('3000 6000');
  });

  it('records a piece sent, downloaded and reviewed, and a file removed', async () => {
    const drawerRes = await api(seller, 'POST', '/participant/adddocument', {
      projectId,
      participantId: sellerPid,
      docType: 'document_files',
      docFileType: 'identity_card',
    });
    expect(drawerRes.statusCode, drawerRes.body).toBe(200);
    const [drawer] = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.projectId, projectId), eq(documents.kind, 'files')));
    expect((await sendFile(seller, drawer!.id)).statusCode).toBe(200);
    const tokens = await api(notary, 'POST', '/generate_file_token', [{ type: 'file', docId: drawer!.id }]);
    const token = tokens.json().tokens[0].value as string;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/get_file/${drawer!.id}/0/${token}`, headers: { 'user-agent': BROWSER } })).statusCode,
    ).toBe(200);
    const [identity] = await t.database.db
      .select()
      .from(pieceRequests)
      .where(and(eq(pieceRequests.projectId, projectId), eq(pieceRequests.participantId, sellerPid)));
    await t.database.db.update(pieceRequests).set({ state: 'received' }).where(eq(pieceRequests.id, identity!.id));
    expect((await api(notary, 'POST', `/project/${projectId}/pieces/accept`, { ids: [identity!.id] })).statusCode).toBe(200);
    const [stored] = (await t.database.db.select().from(documents).where(eq(documents.id, drawer!.id)))[0]!.files;
    expect((await api(seller, 'DELETE', `/project/${projectId}/removeFile`, { id: drawer!.id, file: stored })).statusCode).toBe(200);

    const [sent] = await ofKind('piece_sent');
    expect(sent).toMatchObject({ actor: { id: seller.id }, summary: expect.stringContaining('« carte.pdf » envoyé dans « ') });
    const [downloaded] = await ofKind('file_downloaded');
    expect(downloaded).toMatchObject({ actor: { id: notary.id, name: 'Marie Notaire' }, userAgent: BROWSER });
    const [reviewed] = await ofKind('piece_reviewed');
    expect(reviewed!.summary).toContain('Pièce acceptée');
    expect(await ofKind('file_removed')).toHaveLength(1);
  });

  it('records the questionnaire PDF downloaded', async () => {
    const sale = await saleQuestionnaire();
    expect((await api(notary, 'GET', `/download_form/sale_house/${sale.id}`)).statusCode).toBe(200);
    const token = (await api(notary, 'POST', '/generate_file_token', [{ type: 'pdf', docId: sale.id }])).json().tokens[0].value as string;
    expect((await t.app.inject({ method: 'GET', url: `/api/get_pdf/${sale.id}/${token}` })).statusCode).toBe(200);
    const [pdf] = await ofKind('pdf_downloaded');
    expect(pdf).toMatchObject({ actor: { id: notary.id } });
    expect(pdf!.summary).toMatch(/^PDF du questionnaire « .+ » téléchargé$/);
  });

  it('records persons edited, moved and removed, status changes, transfers, archiving and sign-ins', async () => {
    const extra = await api(notary, 'POST', `/project/${projectId}/addperson`, { firstName: 'Paul', lastName: 'Tiers', role: 'buyer' });
    expect(extra.statusCode).toBe(200);
    const [paul] = await t.database.db
      .select()
      .from(participants)
      .where(and(eq(participants.projectId, projectId), eq(participants.lastName, 'Tiers')));
    expect((await api(notary, 'PATCH', '/participant', { id: paul!.id, firstName: 'Paul', lastName: 'Tiers-Corrigé' })).statusCode).toBe(
      200,
    );
    expect((await api(admin, 'PATCH', `/participant/${paul!.id}/changerole`, { role: 'seller' })).statusCode).toBe(200);
    expect((await api(notary, 'DELETE', `/project/${projectId}/removeparticipant`, { participantId: paul!.id })).statusCode).toBe(200);
    expect((await api(notary, 'PATCH', '/project/status', { id: projectId, status: 2 })).statusCode).toBe(200);
    const sale = await saleQuestionnaire();
    const transfer = {
      dossier: { id: 'DOS-1', intitule: 'Martin / Acheteur', identifiantMetier: '2026/1' },
      files: [{ type: 'pdf', docId: sale.id, filename: 'vente.pdf' }],
      sent: 1,
      outcome: 'succeeded',
    };
    expect((await api(notary, 'POST', `/project/${projectId}/transfers`, transfer)).statusCode).toBe(201);
    expect((await api(notary, 'DELETE', `/project/${projectId}`)).statusCode).toBe(200);
    expect((await api(notary, 'POST', `/project/${projectId}/restore`)).statusCode).toBe(200);
    const ownFile = (await api(buyer, 'POST', '/project', { name: 'Achat Hugo', type: 'realty', subtype: 'land', role: 'buyer' })).json()
      .id as number;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { login: buyer.email, password: buyer.password },
      headers: { 'user-agent': BROWSER },
      remoteAddress: '198.51.100.4',
    });
    expect(login.statusCode).toBe(200);

    const all = (await history(notary)).entries;
    const present = new Set(kindsOf(all));
    // An account's deletion and a purge warning are recorded by the personal-data module (its tests check them).
    const elsewhere: readonly string[] = ['account_deleted', 'purge_warned'];
    for (const kind of HISTORY_EVENT_KINDS.filter((k) => !elsewhere.includes(k))) expect(present, kind).toContain(kind);
    expect(all.find((e) => e.kind === 'person_edited')!.summary).toContain('« Paul Tiers » → « Paul Tiers-Corrigé »');
    expect(all.find((e) => e.kind === 'person_moved')).toMatchObject({
      actor: { id: admin.id },
      summary: 'Paul Tiers-Corrigé déplacé(e) de Acquéreur vers Vendeur',
    });
    expect(all.find((e) => e.kind === 'status_changed')!.summary).toMatch(/^Statut « .+ » → « .+ »$/);
    expect(all.find((e) => e.kind === 'transfer')!.summary).toContain('Martin / Acheteur');
    expect(all.find((e) => e.kind === 'sign_in')).toMatchObject({
      actor: { id: buyer.id, name: 'Hugo Acheteur' },
      ip: '198.51.100.4',
      userAgent: BROWSER,
    });
    // A sign-in is written once, in the account's own chain, not once per file.
    const signIns = await t.database.db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.kind, 'sign_in'), eq(historyEntries.actorUserId, buyer.id)))
      .orderBy(historyEntries.seq);
    // Two sign-ins (the test's own token, then this one), each once, in the account's chain, though the buyer is in two files.
    expect(signIns).toHaveLength(2);
    expect(signIns.map((s) => [s.projectId, s.chain, s.seq])).toEqual([
      [null, `user:${buyer.id}`, 1],
      [null, `user:${buyer.id}`, 2],
    ]);
    const inOwnFile = (await api(buyer, 'GET', `/project/${ownFile}/history?kinds=sign_in`)).json() as { entries: HistoryEntryView[] };
    expect(inOwnFile.entries.map((e) => e.id)).toEqual(signIns.map((s) => s.id).reverse());
  });

  it('shows a participant only the events about their own answers and pieces, and their own sign-ins', async () => {
    const forBuyer = await history(buyer);
    expect(forBuyer.scope).toBe('own');
    expect(forBuyer.entries.length).toBeGreaterThan(0);
    for (const entry of forBuyer.entries) expect(['person_added', 'sign_in', 'answers_changed', 'pdf_downloaded']).toContain(entry.kind);
    expect(forBuyer.entries.filter((e) => e.kind === 'sign_in').every((e) => e.actor.id === buyer.id)).toBe(true);
    // Their own address and browser, never another's.
    expect(forBuyer.entries.find((e) => e.kind === 'sign_in')).toMatchObject({ ip: '198.51.100.4', userAgent: BROWSER });
    expect(forBuyer.entries.find((e) => e.kind === 'person_added')).toMatchObject({ actor: { id: seller.id }, ip: null, userAgent: null });
    const forSeller = await history(seller);
    expect(kindsOf(forSeller.entries)).toContain('piece_sent');
    expect(kindsOf(forSeller.entries)).not.toContain('status_changed');
    expect(forSeller.entries.filter((e) => e.kind === 'sign_in').every((e) => e.actor.id === seller.id)).toBe(true);
    // Nobody else reads it: another office, an outsider, an anonymous caller.
    expect((await api(lyonNotary, 'GET', `/project/${projectId}/history`)).statusCode).toBe(403);
    expect((await api(outsider, 'GET', `/project/${projectId}/history.csv`)).statusCode).toBe(403);
    expect((await api(null, 'GET', `/project/${projectId}/history.pdf`)).statusCode).toBe(401);
    expect((await api(notary, 'GET', '/project/999999/history')).statusCode).toBe(404);
  });

  it('shows a "seller" added by the buyer none of the real seller’s answers or pieces', async () => {
    const realSeller = await actor({ firstName: 'Vraie', lastName: 'Vendeuse' });
    const file = (
      await api(realSeller, 'POST', '/project', { name: 'Vente Lilas', type: 'realty', subtype: 'house', role: 'seller' })
    ).json().id as number;
    expect((await api(realSeller, 'PATCH', `/project/${file}`, { office: 1 })).statusCode).toBe(200);
    const invitedBuyer = await t.createUser();
    expect(
      (await api(notary, 'POST', `/project/${file}/addperson`, { firstName: 'B', lastName: 'A', email: invitedBuyer.email, role: 'buyer' }))
        .statusCode,
    ).toBe(200);
    const buyerHeaders = { ...bearer(await t.acceptInvitation(invitedBuyer.email, invitedBuyer.password)), 'user-agent': BROWSER };
    const second = await t.createUser();
    const planted = await t.app.inject({
      method: 'POST',
      url: `/api/project/${file}/addperson`,
      headers: buyerHeaders,
      payload: { firstName: 'Faux', lastName: 'Vendeur', email: second.email, role: 'seller' },
    });
    expect(planted.statusCode, planted.body).toBe(200);
    const plantedHeaders = { ...bearer(await t.acceptInvitation(second.email, second.password)), 'user-agent': BROWSER };

    const [sale] = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.projectId, file), eq(documents.docType, 'document_sale_houses')));
    const saved = await api(realSeller, 'PATCH', '/document', {
      docType: 'document_sale_house',
      document: { id: sale!.id, version: sale!.version, price_q0_amount: '410 000' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [realPid] = (
      await t.database.db
        .select()
        .from(participants)
        .where(and(eq(participants.projectId, file), eq(participants.userId, realSeller.id)))
    ).map((p) => p.id);
    expect(
      (
        await api(realSeller, 'POST', '/participant/adddocument', {
          projectId: file,
          participantId: realPid,
          docType: 'document_files',
          docFileType: 'identity_card',
        })
      ).statusCode,
    ).toBe(200);
    const [drawer] = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.projectId, file), eq(documents.kind, 'files')));
    const body = multipartBody(
      { id: String(drawer!.id) },
      { field: 'file', name: 'carte.pdf', content: PDF_BYTES, type: 'application/pdf' },
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/project/${file}/addfile`,
          headers: { ...realSeller.headers, ...body.headers },
          payload: body.payload,
        })
      ).statusCode,
    ).toBe(200);

    const read = await t.app.inject({ method: 'GET', url: `/api/project/${file}/history?limit=500`, headers: plantedHeaders });
    expect(read.statusCode, read.body).toBe(200);
    const seen = (read.json() as { entries: HistoryEntryView[] }).entries;
    expect(seen.filter((e) => e.kind === 'answers_changed' && e.details.documentId === sale!.id)).toEqual([]);
    expect(seen.filter((e) => e.kind === 'piece_sent' || e.kind === 'piece_reviewed')).toEqual([]);
    expect(JSON.stringify(seen)).not.toContain('410 000');
    // The real seller reads both.
    const own = (await api(realSeller, 'GET', `/project/${file}/history?limit=500`)).json() as { entries: HistoryEntryView[] };
    expect(kindsOf(own.entries)).toEqual(expect.arrayContaining(['answers_changed', 'piece_sent']));

    // Planted first, alone in the role (it then shares the sale questionnaire), before the office adds the real seller.
    const early = (await api(buyer, 'POST', '/project', { name: 'Achat Tilleuls', type: 'realty', subtype: 'house', role: 'buyer' })).json()
      .id as number;
    expect((await api(buyer, 'PATCH', `/project/${early}`, { office: 1 })).statusCode).toBe(200);
    const third = await t.createUser();
    expect(
      (
        await api(buyer, 'POST', `/project/${early}/addperson`, {
          firstName: 'Faux',
          lastName: 'Vendeur',
          email: third.email,
          role: 'seller',
        })
      ).statusCode,
    ).toBe(200);
    const thirdHeaders = { ...bearer(await t.acceptInvitation(third.email, third.password)), 'user-agent': BROWSER };
    const lateSeller = await actor();
    const lateEmail = (
      await t.database.db
        .execute<{ email: string }>(sql`SELECT email FROM users WHERE id = ${lateSeller.id}`)
        .then((r) => (r as { rows: Array<{ email: string }> }).rows)
    )[0]!.email;
    expect(
      (
        await api(notary, 'POST', `/project/${early}/addperson`, {
          firstName: 'Vrai',
          lastName: 'Vendeur',
          email: lateEmail,
          role: 'seller',
        })
      ).statusCode,
    ).toBe(200);
    const lateHeaders = { ...bearer(await t.acceptInvitation(lateSeller.email, lateSeller.password)), 'user-agent': BROWSER };
    const [earlySale] = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.projectId, early), eq(documents.docType, 'document_sale_houses')));
    const lateSave = await t.app.inject({
      method: 'PATCH',
      url: '/api/document',
      headers: lateHeaders,
      payload: { docType: 'document_sale_house', document: { id: earlySale!.id, version: earlySale!.version, price_q0_amount: '520 000' } },
    });
    expect(lateSave.statusCode, lateSave.body).toBe(200);
    const thirdRead = await t.app.inject({ method: 'GET', url: `/api/project/${early}/history?limit=500`, headers: thirdHeaders });
    expect(thirdRead.statusCode, thirdRead.body).toBe(200);
    expect(JSON.stringify(thirdRead.json())).not.toContain('520 000');
    expect((await t.app.inject({ method: 'GET', url: `/api/project/${early}/history?limit=500`, headers: lateHeaders })).body).toContain(
      '520 000',
    );
  });

  it('pages at any size without losing or repeating an entry, and filters by kind, person and day', async () => {
    const all = (await history(admin)).entries;
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await api(admin, 'GET', `/project/${projectId}/history?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      const page = res.json() as { entries: HistoryEntryView[]; nextCursor: string | null; actors: unknown };
      expect(page.actors === null).toBe(cursor !== null);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.id));
    const first = await history(admin);
    expect(first.actors).toEqual(
      expect.arrayContaining([
        { id: notary.id, name: 'Marie Notaire' },
        { id: seller.id, name: 'Léa Vendeuse' },
        { id: buyer.id, name: 'Hugo Acheteur' },
      ]),
    );
    expect((await history(buyer)).actors!.map((a) => a.id)).not.toContain(admin.id);
    const byNotary = await history(admin, `&actor=${notary.id}`);
    expect(byNotary.entries.length).toBeGreaterThan(3);
    expect(byNotary.entries.every((e) => e.actor.id === notary.id)).toBe(true);
    expect([...new Set((await history(admin, '&kinds=sign_in,transfer')).entries.map((e) => e.kind))].sort()).toEqual([
      'sign_in',
      'transfer',
    ]);
    expect((await history(admin, '&from=2026-11-22&to=2026-11-22')).entries).toHaveLength(all.length);
    expect((await history(admin, '&from=2026-11-23')).entries).toHaveLength(0);
    const bad = await api(admin, 'GET', `/project/${projectId}/history?kinds=drop_table`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Type d’événement inconnu');
    expect((await api(admin, 'GET', `/project/${projectId}/history?from=2026-11-30&to=2026-11-01`)).json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'La date de début doit précéder la date de fin.',
    });
    expect((await api(admin, 'GET', `/project/${projectId}/history?limit=501`)).statusCode).toBe(400);
    // Refused before the first byte of a download, not halfway through it.
    for (const format of ['csv', 'pdf']) {
      const reversed = await api(admin, 'GET', `/project/${projectId}/history.${format}?from=2026-11-30&to=2026-11-01`);
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toEqual({ code: 'BAD_REQUEST', message: 'La date de début doit précéder la date de fin.' });
    }
  });

  it('downloads the history as a French CSV and PDF, with the reader’s scope and filters', async () => {
    const csv = await api(notary, 'GET', `/project/${projectId}/history.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`historique-dossier-${projectId}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('N°;Date (heure de Paris);Événement;Personne;Adresse IP;Navigateur;Détail');
    expect(lines).toHaveLength((await history(notary)).entries.length + 1);
    expect(csv.body).toContain('22/11/2026 11:00:00;Dossier créé;Léa Vendeuse;203.0.113.7');
    const sellerCsv = await api(seller, 'GET', `/project/${projectId}/history.csv?kinds=status_changed`);
    expect(
      sellerCsv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
    const pdf = await api(notary, 'GET', `/project/${projectId}/history.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(2000);
  });

  it('refuses any change or removal of an entry in the database, and finds a row changed behind its back', async () => {
    const ok = await api(admin, 'GET', `/admin/project/${projectId}/history/verify`);
    expect(ok.json()).toMatchObject({ projectId, ok: true, firstBroken: null });
    expect(ok.json().checked).toBeGreaterThan(15);
    await expect(
      t.database.db.execute(sql`UPDATE history_entries SET actor_name = 'Personne' WHERE project_id = ${projectId}`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM history_entries WHERE project_id = ${projectId}`)).rejects.toThrow();
    expect((await api(notary, 'GET', `/admin/project/${projectId}/history/verify`)).statusCode).toBe(403);

    // Someone with the database's keys goes around the trigger and rewrites an entry.
    const [target] = await t.database.db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.projectId, projectId), eq(historyEntries.kind, 'status_changed')));
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE history_entries DISABLE TRIGGER history_entries_append_only`);
      await tx.execute(sql`UPDATE history_entries SET details = jsonb_set(details, '{to}', '"Signé"') WHERE id = ${target!.id}`);
      await tx.execute(sql`ALTER TABLE history_entries ENABLE TRIGGER history_entries_append_only`);
    });
    const broken = await api(admin, 'GET', `/admin/project/${projectId}/history/verify`);
    expect(broken.json()).toMatchObject({
      ok: false,
      firstBroken: { id: target!.id, seq: target!.seq, reason: 'contenu modifié (empreinte différente)' },
    });
    expect(broken.json().checked).toBe(target!.seq - 1);
  });

  it('keeps one unbroken chain when many writes land at once', async () => {
    const fresh = (await api(seller, 'POST', '/project', { name: 'Vente Rapide', type: 'realty', subtype: 'house', role: 'seller' })).json()
      .id as number;
    expect((await api(seller, 'PATCH', `/project/${fresh}`, { office: 1 })).statusCode).toBe(200);
    const results = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) =>
        api(seller, 'POST', `/project/${fresh}/addperson`, { firstName: `Personne${i}`, lastName: 'Test', role: 'buyer' }),
      ),
      ...Array.from({ length: 6 }, (_, i) =>
        api(notary, 'POST', `/project/${fresh}/addperson`, { firstName: `Autre${i}`, lastName: 'Test', role: 'seller' }),
      ),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const verdict = await verifyChain(t.database.db, `project:${fresh}`);
    expect(verdict).toEqual({ ok: true, checked: 14, firstBroken: null });
  });

  it('goes with its file when the file is deleted', async () => {
    const gone = (await api(seller, 'POST', '/project', { name: 'À supprimer', type: 'realty', subtype: 'land', role: 'seller' })).json()
      .id as number;
    await t.database.db.delete(projects).where(eq(projects.id, gone));
    expect(await t.database.db.select().from(historyEntries).where(eq(historyEntries.projectId, gone))).toEqual([]);
  });
});
