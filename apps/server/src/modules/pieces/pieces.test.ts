import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullyAnsweredSample, saleHouseDefinition, type ProjectPieces } from '@notadoo/domain';
import { multipartBody, PDF_BYTES } from '../../../test/multipart';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';

type Actor = { id: number; email: string; headers: Record<string, string> };
type Piece = ProjectPieces['requests'][number];
type Person = {
  id: number;
  email: string | null;
  user: { id: number } | null;
  last_name: string;
  pieces?: { received: number; total: number };
};

describe.each(BACKENDS)('the pieces of a file on %s', (backend) => {
  let t: TestApp;
  let seller: Actor, buyer: Actor, notary: Actor, admin: Actor, stranger: Actor, planted: Actor, otherNotary: Actor;
  let projectId: number, sellerPid: number, buyerPid: number, plantedPid: number, civilId: number;

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    return { id: u.id, email: u.email, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const api = (a: Actor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: a.headers, ...(payload ? { payload } : {}) });
  const pieces = async (a: Actor) => {
    const res = await api(a, 'GET', `/project/${projectId}/pieces`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProjectPieces>();
  };
  const pieceOf = async (participantId: number, pieceId: string) =>
    (await pieces(notary)).requests.find((r) => r.participantId === participantId && r.pieceId === pieceId);
  async function drawer(a: Actor, participantId: number, docFileType: string): Promise<number> {
    const res = await api(a, 'POST', '/participant/adddocument', { projectId, docType: 'document_files', docFileType, participantId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().documents.at(-1).id;
  }
  function send(a: Actor, fields: Record<string, string>) {
    const body = multipartBody(fields, { field: 'file', name: 'piece.pdf', content: PDF_BYTES, type: 'application/pdf' });
    return t.app.inject({
      method: 'POST',
      url: `/api/project/${projectId}/addfile`,
      headers: { ...a.headers, ...body.headers },
      payload: body.payload,
    });
  }
  async function saveCivilStatus(answers: Record<string, unknown>) {
    const project = (await api(seller, 'GET', `/project/${projectId}`)).json();
    const item = project.documents
      .flatMap((d: { document_civil_statuses: Array<{ id: number; version: number }> }) => d.document_civil_statuses)
      .find((q: { id: number }) => q.id === civilId);
    const res = await api(seller, 'PATCH', '/document', {
      docType: 'document_civil_status',
      document: { id: civilId, version: item.version, ...answers },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const officeMails = () => t.mails.filter((m) => m.subject.startsWith('Nouvelles pièces à examiner'));

  beforeAll(async () => {
    t = await buildTestApp(backend);
    seller = await actor();
    buyer = await actor();
    stranger = await actor();
    admin = await actor({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    notary = await actor({ isNotary: true, notaryOfficeId: 1 });
    projectId = (await api(seller, 'POST', '/project', { name: 'Vente maison', type: 'realty', subtype: 'house', role: 'seller' })).json()
      .id;
    expect((await api(seller, 'PATCH', `/project/${projectId}`, { office: 1 })).statusCode).toBe(200);
    await api(seller, 'POST', `/project/${projectId}/addperson`, {
      firstName: 'Bruno',
      lastName: 'Acheteur',
      email: buyer.email,
      role: 'buyer',
    });
    await t.acceptInvitation(buyer.email, 'Kq7#vLp2!xWr9');
    // Climbing from inside the file: the buyer plants a second account as a seller, and adds a notary of another office as a buyer.
    const plantedUser = await t.createUser();
    await api(buyer, 'POST', `/project/${projectId}/addperson`, {
      firstName: 'Faux',
      lastName: 'Vendeur',
      email: plantedUser.email,
      role: 'seller',
    });
    planted = {
      id: plantedUser.id,
      email: plantedUser.email,
      headers: bearer(await t.acceptInvitation(plantedUser.email, plantedUser.password)),
    };
    const otherNotaryUser = await t.createUser({ isNotary: true, notaryOfficeId: 2 });
    await api(buyer, 'POST', `/project/${projectId}/addperson`, {
      firstName: 'Autre',
      lastName: 'Notaire',
      email: otherNotaryUser.email,
      role: 'buyer',
    });
    otherNotary = {
      id: otherNotaryUser.id,
      email: otherNotaryUser.email,
      headers: bearer(await t.acceptInvitation(otherNotaryUser.email, otherNotaryUser.password)),
    };
    const project = (await api(seller, 'GET', `/project/${projectId}`)).json();
    const people = project.participants as Person[];
    sellerPid = people.find((p) => p.user?.id === seller.id)!.id;
    buyerPid = people.find((p) => p.last_name === 'Acheteur')!.id;
    plantedPid = people.find((p) => p.last_name === 'Vendeur')!.id;
    civilId = project.documents.find(
      (d: { participant: { id: number } | null; document_civil_statuses: unknown[] }) =>
        d.participant?.id === sellerPid && d.document_civil_statuses.length === 1,
    ).id;
  });
  afterAll(() => t.close());

  it('asks the seller for identity, title and diagnostics from the creation, and each person for their identity, with the reason', async () => {
    const all = (await pieces(notary)).requests;
    const sellerPieces = all.filter((r) => r.participantId === sellerPid).map((r) => r.pieceId);
    expect(sellerPieces).toEqual(expect.arrayContaining(['identity_document', 'property_title', 'technical_diagnostics']));
    expect(all.find((r) => r.participantId === sellerPid && r.pieceId === 'identity_document')).toMatchObject({
      state: 'requested',
      stateLabel: 'Demandée',
      origin: 'derived',
      reasonText: 'demandé car : Rôle dans le dossier = Vendeur',
      versions: [],
      reviews: [],
    });
    expect(all.some((r) => r.participantId === buyerPid && r.pieceId === 'identity_document')).toBe(true);
  });

  it("shows each person their own pieces, the seller's to the office and admins, and none of them to a planted seller or another office's notary", async () => {
    const owners = async (a: Actor) => [...new Set((await pieces(a)).requests.map((r) => r.participantId))];
    // The seller's confirmed role shares the sellers' documents (spec 6), the planted seller's among them.
    expect(await owners(seller)).toEqual([sellerPid, plantedPid]);
    expect(await owners(buyer)).toEqual([buyerPid]);
    expect(await owners(planted)).toEqual([plantedPid]);
    expect(await owners(otherNotary)).not.toContain(sellerPid);
    expect(await owners(notary)).toEqual(expect.arrayContaining([sellerPid, buyerPid, plantedPid]));
    expect(await owners(admin)).toEqual(expect.arrayContaining([sellerPid, buyerPid, plantedPid]));
    const refused = await api(stranger, 'GET', `/project/${projectId}/pieces`);
    expect(refused.statusCode).toBe(403);
    expect(typeof refused.json().message).toBe('string');
  });

  it('follows the answers: a marriage contract asked when married, withdrawn when single before anything was sent', async () => {
    await saveCivilStatus({ marital_status: 'married' });
    expect(await pieceOf(sellerPid, 'marriage_contract')).toMatchObject({
      state: 'requested',
      reasonText: 'demandé car : Quelle est votre situation matrimoniale = Marié(e)',
    });
    await saveCivilStatus({ marital_status: 'single' });
    expect(await pieceOf(sellerPid, 'marriage_contract')).toBeUndefined();
  });

  it('files a file sent for a piece in the drawer and as a version (reçue), tells the office once an hour, and refuses the wrong sender, drawer or piece', async () => {
    const identity = (await pieceOf(sellerPid, 'identity_document'))!;
    const sellerDrawer = await drawer(seller, sellerPid, 'identity_card');
    const buyerDrawer = await drawer(buyer, buyerPid, 'identity_card');
    const before = officeMails().length;

    expect((await send(buyer, { id: String(sellerDrawer), pieceRequestId: String(identity.id) })).statusCode).toBe(403);
    expect((await send(buyer, { id: String(buyerDrawer), pieceRequestId: String(identity.id) })).statusCode).toBe(403);
    const wrongDrawer = await send(notary, { id: String(buyerDrawer), pieceRequestId: String(identity.id) });
    expect(wrongDrawer.statusCode).toBe(400);
    expect(wrongDrawer.json().message).toBe("Ce tiroir n'appartient pas à la personne à qui la pièce est demandée.");
    expect((await send(seller, { id: String(sellerDrawer), pieceRequestId: '999999' })).statusCode).toBe(404);
    expect((await send(seller, { id: String(sellerDrawer), pieceRequestId: 'abc' })).statusCode).toBe(400);
    const dpeDrawer = await drawer(seller, sellerPid, 'dpe');
    expect((await send(seller, { id: String(dpeDrawer), pieceRequestId: String(identity.id) })).json().message).toBe(
      'Ce type de fichier ne correspond pas à la pièce demandée.',
    );

    const sent = await send(seller, { id: String(sellerDrawer), pieceRequestId: String(identity.id) });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().documents.find((d: { id: number }) => d.id === sellerDrawer).document_files[0].files).toHaveLength(1);
    const received = (await pieceOf(sellerPid, 'identity_document'))!;
    expect(received).toMatchObject({
      state: 'received',
      versions: [{ fileName: 'piece.pdf', fileType: 'identity_card', documentId: sellerDrawer, sentBy: { participantId: sellerPid } }],
    });
    // The version names its file in the drawer, so the web can read it through get_file.
    const stored = sent.json().documents.find((d: { id: number }) => d.id === sellerDrawer).document_files[0].files[0];
    expect(received.versions[0]!.storedName).toBe(stored);
    expect(officeMails()).toHaveLength(before + 1);
    expect(officeMails().at(-1)!.text).toContain('Vente maison');
    // A second file within the hour: no second mail; an hour later, one more.
    expect((await send(seller, { id: String(sellerDrawer), pieceRequestId: String(identity.id) })).statusCode).toBe(200);
    expect(officeMails()).toHaveLength(before + 1);
    t.clock.advance(60 * 60_000 + 1000);
    const title = (await pieceOf(sellerPid, 'property_title'))!;
    const titleDrawer = await drawer(seller, sellerPid, 'property_title');
    expect((await send(seller, { id: String(titleDrawer), pieceRequestId: String(title.id) })).statusCode).toBe(200);
    expect(officeMails()).toHaveLength(before + 2);
    // Without the field, a file goes into the drawer only, as before.
    const plain = await send(seller, { id: String(sellerDrawer) });
    expect(plain.statusCode).toBe(200);
    expect((await pieceOf(sellerPid, 'identity_document'))!.versions).toHaveLength(2);
  });

  it('lets the office send a piece back with a reason (the person is mailed a link to it), accept, refuse and waive; others are refused', async () => {
    const identity = (await pieceOf(sellerPid, 'identity_document'))!;
    const refused = await api(seller, 'POST', `/piece/${identity.id}/review`, { action: 'accept' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Seul l'office notarial du dossier peut examiner les pièces.");
    expect((await api(otherNotary, 'POST', `/piece/${identity.id}/review`, { action: 'accept' })).statusCode).toBe(403);
    expect((await api(notary, 'POST', `/piece/${identity.id}/review`, { action: 'to_correct' })).statusCode).toBe(400);

    const back = await api(notary, 'POST', `/piece/${identity.id}/review`, {
      action: 'to_correct',
      reason: 'unreadable',
      text: 'La photo est floue.',
    });
    expect(back.statusCode, back.body).toBe(200);
    const corrected = back.json<ProjectPieces>().requests.find((r) => r.id === identity.id)!;
    expect(corrected).toMatchObject({
      state: 'to_correct',
      reviews: [
        { action: 'to_correct', reason: 'unreadable', text: 'La photo est floue.', by: { userId: notary.id, participantId: null } },
      ],
    });
    // The person sees who reviewed by name, not their account.
    const seenBySeller = (await pieces(seller)).requests.find((r) => r.id === identity.id)!;
    expect(seenBySeller.reviews[0]!.by).toEqual({ participantId: null, userId: null, name: 'Jeanne Durand' });
    const mail = t.mails.filter((m) => m.to === seller.email).at(-1)!;
    expect(mail.subject).toContain('est à corriger');
    expect(mail.text).toContain('Motif : Illisible.');
    expect(mail.text).toContain('La photo est floue.');
    expect(mail.link).toBe(`http://app.test/project/${projectId}/dashboard?piece=${identity.id}`);

    const sellerDrawer = await drawer(seller, sellerPid, 'passport');
    expect((await send(seller, { id: String(sellerDrawer), pieceRequestId: String(identity.id) })).statusCode).toBe(200);
    expect((await api(notary, 'POST', `/piece/${identity.id}/review`, { action: 'accept' })).statusCode).toBe(200);
    const again = await api(admin, 'POST', `/piece/${identity.id}/review`, { action: 'accept' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Cette pièce est déjà dans l'état « Acceptée ».");
    const late = await send(seller, { id: String(sellerDrawer), pieceRequestId: String(identity.id) });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/déjà été acceptée/);

    const buyerIdentity = (await pieceOf(buyerPid, 'identity_document'))!;
    expect((await api(notary, 'POST', `/piece/${buyerIdentity.id}/review`, { action: 'refuse' })).statusCode).toBe(400);
    const waived = await api(notary, 'POST', `/piece/${buyerIdentity.id}/review`, { action: 'waive', text: "L'office l'a déjà." });
    expect(waived.json().requests.find((r: Piece) => r.id === buyerIdentity.id).state).toBe('waived');
    expect((await api(notary, 'POST', '/piece/999999/review', { action: 'accept' })).statusCode).toBe(404);
  });

  it('accepts several received pieces at once, or none when one may not be', async () => {
    const title = (await pieceOf(sellerPid, 'property_title'))!;
    expect(title.state).toBe('received');
    const requested = (await pieceOf(plantedPid, 'identity_document'))!;
    const mixed = await api(notary, 'POST', `/project/${projectId}/pieces/accept`, { ids: [title.id, requested.id] });
    expect(mixed.statusCode).toBe(409);
    expect((await pieceOf(sellerPid, 'property_title'))!.state).toBe('received');
    expect((await api(seller, 'POST', `/project/${projectId}/pieces/accept`, { ids: [title.id] })).statusCode).toBe(403);
    expect((await api(notary, 'POST', `/project/${projectId}/pieces/accept`, { ids: [title.id, 999999] })).statusCode).toBe(404);
    expect((await api(notary, 'POST', `/project/${projectId}/pieces/accept`, { ids: [] })).statusCode).toBe(400);
    const accepted = await api(notary, 'POST', `/project/${projectId}/pieces/accept`, { ids: [title.id] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().requests.find((r: Piece) => r.id === title.id).state).toBe('accepted');
  });

  it('dates a diagnostic report (its validity follows) and warns when it expires before the signing the office plans', async () => {
    const diagnostics = (await pieceOf(sellerPid, 'technical_diagnostics'))!;
    const termites = await drawer(seller, sellerPid, 'termites_report');
    expect((await send(seller, { id: String(termites), pieceRequestId: String(diagnostics.id) })).statusCode).toBe(200);
    const version = (await pieceOf(sellerPid, 'technical_diagnostics'))!.versions[0]!;
    expect(version.diagnostic).toEqual({ kind: 'termites', reportDate: null, finding: null, validity: null });

    expect(
      (await api(buyer, 'PATCH', `/piece-version/${version.id}/report`, { kind: 'termites', reportDate: '15/03/2026' })).statusCode,
    ).toBe(403);
    expect(
      (await api(seller, 'PATCH', `/piece-version/${version.id}/report`, { kind: 'termites', reportDate: '31/02/2026' })).statusCode,
    ).toBe(400);
    const dated = await api(seller, 'PATCH', `/piece-version/${version.id}/report`, { kind: 'termites', reportDate: '15/03/2026' });
    expect(dated.statusCode, dated.body).toBe(200);
    const seen = dated.json<ProjectPieces>().requests.find((r) => r.id === diagnostics.id)!.versions[0]!;
    expect(seen.diagnostic).toEqual({
      kind: 'termites',
      reportDate: '15/03/2026',
      finding: null,
      validity: { unlimited: false, validUntil: '14/09/2026' },
    });

    expect((await api(seller, 'PATCH', `/project/${projectId}/signing-date`, { signingDate: '01/10/2026' })).statusCode).toBe(403);
    const planned = await api(notary, 'PATCH', `/project/${projectId}/signing-date`, { signingDate: '01/10/2026' });
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json()).toMatchObject({
      signingDate: '01/10/2026',
      diagnosticWarnings: [{ kind: 'termites', validUntil: '14/09/2026' }],
    });
    const cleared = await api(notary, 'PATCH', `/project/${projectId}/signing-date`, { signingDate: '' });
    expect(cleared.json()).toMatchObject({ signingDate: null, diagnosticWarnings: [] });
  });

  it("keeps a piece sent then no longer asked as 'plus requise', and counts the pieces in the progress, the cards and the office's dashboard", async () => {
    await saveCivilStatus({ marital_status: 'married' });
    const contract = (await pieceOf(sellerPid, 'marriage_contract'))!;
    const contractDrawer = await drawer(seller, sellerPid, 'marriage_contract');
    expect((await send(seller, { id: String(contractDrawer), pieceRequestId: String(contract.id) })).statusCode).toBe(200);
    await saveCivilStatus({ marital_status: 'single' });
    expect(await pieceOf(sellerPid, 'marriage_contract')).toMatchObject({ state: 'received', noLongerRequired: true });

    const all = (await pieces(notary)).requests;
    const waiting = all.filter((r) => r.state === 'received').length;
    const dashboard = (await api(notary, 'GET', '/projects/mine')).json() as Array<{
      id: number;
      pieces_to_review?: number;
      progress: number;
    }>;
    expect(dashboard.find((p) => p.id === projectId)!.pieces_to_review).toBe(waiting);
    const sellerDashboard = (await api(seller, 'GET', '/projects/mine')).json() as Array<{
      id: number;
      pieces_to_review?: number;
      progress: number;
    }>;
    expect(sellerDashboard.find((p) => p.id === projectId)!.pieces_to_review).toBeUndefined();

    const project = (await api(notary, 'GET', `/project/${projectId}`)).json();
    const sellerCard = (project.participants as Person[]).find((p) => p.id === sellerPid)!;
    const own = all.filter(
      (r) =>
        r.participantId === sellerPid && !r.noLongerRequired && r.origin !== 'unrequested' && r.state !== 'refused' && r.state !== 'waived',
    );
    expect(sellerCard.pieces).toEqual({
      received: own.filter((r) => r.state === 'received' || r.state === 'accepted').length,
      total: own.length,
    });
    // The buyer does not see the seller's pieces, nor their count.
    const buyerView = (await api(buyer, 'GET', `/project/${projectId}`)).json();
    expect((buyerView.participants as Person[]).find((p) => p.id === sellerPid)!.pieces).toBeUndefined();
    expect(project.progress).toBe(dashboard.find((p) => p.id === projectId)!.progress);
  });

  it('reconciles two saves of one file arriving together as a later save would', async () => {
    const project = (await api(seller, 'GET', `/project/${projectId}`)).json();
    type WireDocument = Record<string, Array<{ id: number; version: number }>> & {
      participant: { id: number } | null;
      shared_role: string | null;
    };
    const ofSeller = (key: string) => project.documents.flatMap((d: WireDocument) => (d.participant?.id === sellerPid ? d[key] : []))[0];
    // The sale questionnaire is the sellers' shared one (issue 23); its pieces are asked of the first seller.
    const sale = project.documents.flatMap((d: WireDocument) => (d.shared_role === 'seller' ? d.document_sale_houses : []))[0];
    const civil = ofSeller('document_civil_statuses');
    const keys = async () =>
      (await pieces(notary)).requests
        .filter((r) => r.participantId === sellerPid && !r.noLongerRequired)
        .map((r) => r.pieceId)
        .sort();
    const [a, b] = await Promise.all([
      api(seller, 'PATCH', '/document', {
        docType: 'document_sale_house',
        document: { ...fullyAnsweredSample(saleHouseDefinition), id: sale.id, version: sale.version },
      }),
      api(seller, 'PATCH', '/document', {
        docType: 'document_civil_status',
        document: { id: civil.id, version: civil.version, marital_status: 'married' },
      }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const together = await keys();
    expect(together).toContain('marriage_contract');
    await saveCivilStatus({ marital_status: 'married' });
    expect(await keys()).toEqual(together);
  });

  it("withdraws a removed person's pieces with them", async () => {
    expect((await api(notary, 'DELETE', `/project/${projectId}/removeparticipant`, { participantId: plantedPid })).statusCode).toBe(200);
    expect((await pieces(notary)).requests.some((r) => r.participantId === plantedPid)).toBe(false);
  });

  it('describes its routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    for (const path of [
      '/api/project/{id}/pieces',
      '/api/piece/{id}/review',
      '/api/project/{id}/pieces/accept',
      '/api/piece-version/{id}/report',
      '/api/project/{id}/signing-date',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });
});
