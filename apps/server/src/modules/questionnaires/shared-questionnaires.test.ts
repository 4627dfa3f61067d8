import { saleHouseDefinition, SHARED_QUESTIONNAIRE_MESSAGES } from '@notadoo/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { documents, participants } from '../../db/schema';
import { questionnairePdfKey } from '../../files/storage/storage-keys';
import { QUESTIONNAIRE_MESSAGES } from './questionnaire-service';
import { pdfTextContent } from './testing/pdf-text';

type Item = { id: number; version: number; progress: number } & Record<string, unknown>;
type WireDocument = { id: number; participant: { id: number } | null; shared_role: string | null; superseded: boolean } & Record<
  string,
  unknown
>;
type WireProject = {
  id: number;
  progress: number;
  documents: WireDocument[];
  participants: Array<{ id: number; first_name: string; role: string }>;
};
type Actor = { id: number; email: string; password: string; headers: Record<string, string> };

const REFUSED = "Erreur : Impossible d'enregistrer ce document. En êtes-vous le propriétaire ?";

/** The questionnaire a document holds, if any: its wire array name and its item. */
function questionnaireOf(document: WireDocument): { key: string; item: Item } | undefined {
  const entry = Object.entries(document).find(
    ([key, value]) => key.startsWith('document_') && key !== 'document_files' && Array.isArray(value) && value.length > 0,
  );
  return entry && { key: entry[0], item: (entry[1] as Item[])[0]! };
}

describe.each(BACKENDS)('one sale and one purchase questionnaire per realty file (%s)', (backend) => {
  let t: TestApp;
  let notary: Actor, otherNotary: Actor, admin: Actor;

  const api = (
    a: Actor | { headers: Record<string, string> },
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => t.app.inject({ method, url: `/api${url}`, headers: a.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const save = (a: Actor, docType: string, document: Record<string, unknown>) => api(a, 'PATCH', '/document', { docType, document });
  const project = async (a: Actor, id: number) => {
    const res = await api(a, 'GET', `/project/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<WireProject>();
  };
  const shared = (p: WireProject, role: string) => p.documents.filter((d) => d.shared_role === role);
  const sharedItem = (p: WireProject, role: string) => questionnaireOf(shared(p, role)[0]!)!.item;

  /** A house sale opened by a seller at the Paris office; a co-seller added by them joins through the mailed invitation. */
  async function houseSale(): Promise<{ id: number; seller: Actor; coSeller: Actor }> {
    const seller = await t.signedInUser({ firstName: 'Sophie', lastName: 'Vendeur' });
    const created = await api(seller, 'POST', '/project', { name: 'Maison des Lilas', type: 'realty', subtype: 'house', role: 'seller' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect((await api(seller, 'PATCH', `/project/${id}`, { office: 1 })).statusCode).toBe(200);
    const co = await t.createUser({ firstName: 'Marc', lastName: 'Vendeur' });
    expect(
      (await api(seller, 'POST', `/project/${id}/addperson`, { firstName: 'Marc', lastName: 'Vendeur', email: co.email, role: 'seller' }))
        .statusCode,
    ).toBe(200);
    const coSeller = { ...co, headers: bearer(await t.acceptInvitation(co.email, co.password)) };
    return { id, seller: { ...seller }, coSeller };
  }

  beforeAll(async () => {
    t = await buildTestApp(backend);
    notary = await t.signedInUser({ isNotary: true, notaryOfficeId: 1 });
    otherNotary = await t.signedInUser({ isNotary: true, notaryOfficeId: 2 });
    admin = await t.signedInUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
  });
  afterAll(() => t.close());

  it('gives two sellers one house questionnaire: the second reads and completes the first one’s answers', async () => {
    const { id, seller, coSeller } = await houseSale();
    const seen = await project(seller, id);
    expect(shared(seen, 'seller')).toHaveLength(1);
    expect(seen.documents.filter((d) => questionnaireOf(d)?.key === 'document_sale_houses')).toHaveLength(1);
    expect(shared(seen, 'seller')[0]!.participant).toBeNull();
    // Each keeps their own civil status.
    expect(seen.documents.filter((d) => questionnaireOf(d)?.key === 'document_civil_statuses')).toHaveLength(2);

    const item = sharedItem(seen, 'seller');
    const first = await save(seller, 'document_sale_house', { id: item.id, version: item.version, price_q0_amount: '320000' });
    expect(first.statusCode, first.body).toBe(200);
    const theirs = sharedItem(await project(coSeller, id), 'seller');
    expect(theirs).toMatchObject({ id: item.id, version: item.version + 1, price_q0_amount: '320000' });
    const second = await save(coSeller, 'document_sale_house', { ...theirs, easement_q1_exists: 0 });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ price_q0_amount: '320000', easement_q1_exists: 0, version: item.version + 2 });
    // The office and admins read it and may save it; another office may not even open the file.
    expect(sharedItem(await project(notary, id), 'seller')).toMatchObject({ easement_q1_exists: 0 });
    expect((await save(notary, 'document_sale_house', { ...second.json(), price_q0_amount: '325000' })).statusCode).toBe(200);
    expect((await save(otherNotary, 'document_sale_house', { id: item.id, version: 1 })).statusCode).toBe(403);
  });

  it('protects two sellers saving at once: one save goes through, the other gets a conflict with what is stored', async () => {
    const { id, seller, coSeller } = await houseSale();
    const item = sharedItem(await project(seller, id), 'seller');
    const [a, b] = await Promise.all([
      save(seller, 'document_sale_house', { id: item.id, version: item.version, price_q0_amount: '300000' }),
      save(coSeller, 'document_sale_house', { id: item.id, version: item.version, price_q0_amount: '310000' }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
    expect(lost.json()).toMatchObject({
      message: QUESTIONNAIRE_MESSAGES.versionConflict,
      document: { price_q0_amount: won.json().price_q0_amount },
    });
    expect(sharedItem(await project(seller, id), 'seller').price_q0_amount).toBe(won.json().price_q0_amount);
  });

  it('keeps the buyer out of the sale questionnaire, and the sellers out of the purchase one; locks it at signature', async () => {
    const { id, seller } = await houseSale();
    const buyer = await t.signedInUser({ firstName: 'Bruno', lastName: 'Acheteur' });
    const added = await api(notary, 'POST', `/project/${id}/addperson`, {
      firstName: 'Bruno',
      lastName: 'Acheteur',
      email: buyer.email,
      role: 'buyer',
    });
    expect(added.statusCode).toBe(200);
    const buyerHeaders = { ...buyer, headers: bearer(await t.acceptInvitation(buyer.email, buyer.password)) };
    const sale = sharedItem(await project(seller, id), 'seller');
    await save(seller, 'document_sale_house', { id: sale.id, version: sale.version, price_q0_amount: '1' });

    const seenByBuyer = await project(buyerHeaders, id);
    expect(sharedItem(seenByBuyer, 'seller')).toEqual({ id: sale.id, version: sale.version + 1, progress: expect.any(Number) });
    const refused = await save(buyerHeaders, 'document_sale_house', { id: sale.id, version: sale.version + 1, price_q0_amount: '2' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(REFUSED);
    const purchase = sharedItem(seenByBuyer, 'buyer');
    expect((await save(buyerHeaders, 'document_buyer', { id: purchase.id, version: purchase.version, misc_info: 'ok' })).statusCode).toBe(
      200,
    );
    expect((await save(seller, 'document_buyer', { id: purchase.id, version: purchase.version + 1, misc_info: 'non' })).statusCode).toBe(
      401,
    );

    expect((await api(notary, 'PATCH', '/project/status', { id, status: 5 })).statusCode).toBe(200);
    const signed = sharedItem(await project(seller, id), 'seller');
    expect(signed.price_q0_amount).toBe('1');
    expect((await save(seller, 'document_sale_house', { ...signed, price_q0_amount: '3' })).statusCode).toBe(401);
  });

  it('keeps a "seller" added by the buyer away from the sellers’ answers', async () => {
    const { id, seller } = await houseSale();
    const buyer = await t.signedInUser();
    await api(notary, 'POST', `/project/${id}/addperson`, { firstName: 'B', lastName: 'A', email: buyer.email, role: 'buyer' });
    const buyerActor = { ...buyer, headers: bearer(await t.acceptInvitation(buyer.email, buyer.password)) };
    const second = await t.createUser();
    await api(buyerActor, 'POST', `/project/${id}/addperson`, {
      firstName: 'Faux',
      lastName: 'Vendeur',
      email: second.email,
      role: 'seller',
    });
    const planted = { ...second, headers: bearer(await t.acceptInvitation(second.email, second.password)) };
    const sale = sharedItem(await project(seller, id), 'seller');
    await save(seller, 'document_sale_house', { id: sale.id, version: sale.version, price_q0_amount: '400000' });
    const seen = sharedItem(await project(planted, id), 'seller');
    expect(seen.price_q0_amount).toBeUndefined();
    expect((await save(planted, 'document_sale_house', { id: sale.id, version: seen.version })).statusCode).toBe(401);
    expect((await api(planted, 'GET', `/download_form/sale_house/${sale.id}`)).statusCode).toBe(403);
    // "Mes documents" lists it to the real seller only.
    const listed = async (who: { headers: Record<string, string> }) =>
      ((await api(who, 'GET', '/documents/mine')).json() as Array<{ document: { id: number } }>).map((entry) => entry.document.id);
    expect(await listed(seller)).toContain(sale.id);
    expect(await listed(planted)).not.toContain(sale.id);
  });

  it('never leaves a role questionnaire under a moved person, keeps answers, drops only empty ones without anybody left', async () => {
    const { id, coSeller } = await houseSale();
    let p = await project(admin, id);
    const marc = p.participants.find((x) => x.first_name === 'Marc')!;
    const sale = sharedItem(p, 'seller');
    await save(coSeller, 'document_sale_house', { id: sale.id, version: sale.version, price_q0_amount: '1' });

    // Seller → buyer: the sale stays the sellers' (Sophie remains), the buyers' one is created, nothing under Marc but his civil status.
    p = (await api(admin, 'PATCH', `/participant/${marc.id}/changerole`, { role: 'buyer' })).json<WireProject>();
    expect(p.documents.filter((d) => d.participant?.id === marc.id).map((d) => questionnaireOf(d)?.key)).toEqual([
      'document_civil_statuses',
    ]);
    expect(sharedItem(p, 'seller')).toMatchObject({ id: sale.id, price_q0_amount: '1' });
    expect(shared(p, 'buyer')).toHaveLength(1);
    // And back: the empty purchase questionnaire goes with its last buyer; one sale questionnaire still.
    p = (await api(admin, 'PATCH', `/participant/${marc.id}/changerole`, { role: 'seller' })).json<WireProject>();
    expect(shared(p, 'buyer')).toHaveLength(0);
    expect(shared(p, 'seller')).toHaveLength(1);
    expect(p.documents.filter((d) => d.participant?.id === marc.id).map((d) => questionnaireOf(d)?.key)).toEqual([
      'document_civil_statuses',
    ]);

    // Removing a seller while another remains keeps it; removing the last keeps it too, since it holds answers.
    const sophie = p.participants.find((x) => x.first_name === 'Sophie')!;
    p = (await api(notary, 'DELETE', `/project/${id}/removeparticipant`, { participantId: sophie.id })).json<WireProject>();
    expect(sharedItem(p, 'seller')).toMatchObject({ id: sale.id, price_q0_amount: '1' });
    p = (await api(notary, 'DELETE', `/project/${id}/removeparticipant`, { participantId: marc.id })).json<WireProject>();
    expect(sharedItem(p, 'seller')).toMatchObject({ id: sale.id, price_q0_amount: '1' });
    // The next seller takes it over rather than getting a second one.
    p = (
      await api(notary, 'POST', `/project/${id}/addperson`, { firstName: 'Nouveau', lastName: 'Vendeur', role: 'seller' })
    ).json<WireProject>();
    expect(shared(p, 'seller').map((d) => d.id)).toEqual([sale.id]);
  });

  it('creates one shared questionnaire when two first sellers are added at once', async () => {
    const buyer = await t.signedInUser();
    const created = await api(buyer, 'POST', '/project', { name: 'Terrain', type: 'realty', subtype: 'land', role: 'buyer' });
    const id = created.json<{ id: number }>().id;
    expect(shared(await project(buyer, id), 'seller')).toHaveLength(0);
    const adds = await Promise.all(
      ['Un', 'Deux', 'Trois'].map((name) =>
        api(buyer, 'POST', `/project/${id}/addperson`, { firstName: name, lastName: 'Vendeur', role: 'seller' }),
      ),
    );
    expect(adds.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.projectId, id), sql`${documents.sharedRole} = 'seller'`));
    expect(rows.map((r) => r.docType)).toEqual(['document_sale_lands']);
  });

  it('lets the office delete a superseded copy but not the shared questionnaire while its role has people; no owner change, no second one', async () => {
    const { id, seller } = await houseSale();
    let p = await project(notary, id);
    const sale = sharedItem(p, 'seller');
    const sophie = p.participants.find((x) => x.first_name === 'Sophie')!;
    const [copy] = await t.database.db
      .insert(documents)
      .values({
        projectId: id,
        participantId: sophie.id,
        kind: 'questionnaire',
        docType: 'document_sale_houses',
        answers: { price_q0_amount: '9' },
        progress: 100,
        supersededAt: new Date(),
      })
      .returning();

    // The copy is shown as superseded, read only, and does not count in the progress.
    p = await project(seller, id);
    const wireCopy = p.documents.find((d) => d.id === copy!.id)!;
    expect(wireCopy).toMatchObject({ superseded: true, participant: { id: sophie.id } });
    expect(questionnaireOf(wireCopy)!.item.price_q0_amount).toBe('9');
    expect(p.progress).toBe(0);
    expect((await save(seller, 'document_sale_house', { id: copy!.id, version: 1, price_q0_amount: '10' })).statusCode).toBe(401);
    expect((await save(notary, 'document_sale_house', { id: copy!.id, version: 1, price_q0_amount: '10' })).statusCode).toBe(401);

    const keep = await api(notary, 'DELETE', `/project/${id}/removedocument`, { documentId: sale.id });
    expect(keep.statusCode).toBe(409);
    expect(keep.json().message).toBe(SHARED_QUESTIONNAIRE_MESSAGES.stillHeld.seller);
    expect((await api(notary, 'DELETE', `/project/${id}/removedocument`, { documentId: copy!.id })).statusCode).toBe(200);

    const owner = await api(admin, 'PATCH', '/document/owner', { documentId: sale.id, participantId: sophie.id });
    expect(owner.statusCode).toBe(400);
    expect(owner.json().message).toBe(SHARED_QUESTIONNAIRE_MESSAGES.ownerFixed);
    const again = await api(notary, 'POST', '/participant/adddocument', {
      projectId: id,
      docType: 'document_sale_house',
      participantId: sophie.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SHARED_QUESTIONNAIRE_MESSAGES.alreadyThere);
    const otherKind = await api(notary, 'POST', '/participant/adddocument', {
      projectId: id,
      docType: 'document_sale_appt',
      participantId: sophie.id,
    });
    expect(otherKind.statusCode).toBe(400);
    expect(otherKind.json().message).toBe(SHARED_QUESTIONNAIRE_MESSAGES.otherKind);
  });

  it('prints one PDF for the shared questionnaire, naming every seller, for either seller', async () => {
    const { id, coSeller } = await houseSale();
    const sale = sharedItem(await project(coSeller, id), 'seller');
    const res = await api(coSeller, 'GET', `/download_form/sale_house/${sale.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe(`Maison des Lilas - ${saleHouseDefinition.title} - Vendeurs Sophie Vendeur, Marc Vendeur.pdf`);
    const file = await t.storage.open(questionnairePdfKey(res.json().filename)!);
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    expect(await pdfTextContent(Buffer.concat(chunks))).toContain('Vendeurs : Sophie Vendeur, Marc Vendeur');
  });

  it('lets whoever added a person without e-mail fill in their civil status, until the person has an account', async () => {
    const { id } = await houseSale();
    const buyer = await t.signedInUser({ firstName: 'Bruno' });
    await api(notary, 'POST', `/project/${id}/addperson`, { firstName: 'Bruno', lastName: 'Acheteur', email: buyer.email, role: 'buyer' });
    const buyerActor = { ...buyer, headers: bearer(await t.acceptInvitation(buyer.email, buyer.password)) };
    // The buyer adds the seller's partner, who has no e-mail: a seller, not the buyer's role.
    let p = (
      await api(buyerActor, 'POST', `/project/${id}/addperson`, { firstName: 'Léa', lastName: 'Sansmail', role: 'seller' })
    ).json<WireProject>();
    const lea = p.participants.find((x) => x.first_name === 'Léa')!;
    const civil = questionnaireOf(p.documents.find((d) => d.participant?.id === lea.id)!)!.item;
    const filled = await save(buyerActor, 'document_civil_status', {
      id: civil.id,
      version: civil.version,
      first_name: 'Léa',
      last_name: 'Sansmail',
    });
    expect(filled.statusCode, filled.body).toBe(200);
    // Another buyer, who did not add her, may not; the office may.
    const other = await t.signedInUser();
    await api(notary, 'POST', `/project/${id}/addperson`, { firstName: 'O', lastName: 'B', email: other.email, role: 'buyer' });
    const otherActor = { ...other, headers: bearer(await t.acceptInvitation(other.email, other.password)) };
    expect((await save(otherActor, 'document_civil_status', { id: civil.id, version: 2, first_name: 'X' })).statusCode).toBe(401);
    expect(
      (await save(notary, 'document_civil_status', { id: civil.id, version: 2, first_name: 'Léa', last_name: 'Sansmail', city: 'Lyon' }))
        .statusCode,
    ).toBe(200);
    // Once she has an account, her documents are hers.
    const account = await t.createUser({ firstName: 'Léa' });
    await t.database.db.update(participants).set({ userId: account.id }).where(eq(participants.id, lea.id));
    p = await project(buyerActor, id);
    expect(questionnaireOf(p.documents.find((d) => d.id === civil.id)!)!.item.first_name).toBeUndefined();
    expect((await save(buyerActor, 'document_civil_status', { id: civil.id, version: 3, first_name: 'X' })).statusCode).toBe(401);
  });
});
