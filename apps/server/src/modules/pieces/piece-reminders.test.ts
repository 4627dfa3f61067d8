import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectPieces } from '@notadoo/domain';
import { projects } from '../../db/schema';
import { multipartBody, PDF_BYTES } from '../../../test/multipart';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';

type Actor = { id: number; email: string; password: string; headers: Record<string, string> };
type Person = { id: number; user: { id: number } | null; last_name: string };

const DAY = 86_400_000;
const OFFICE_EMAIL = 'office-paris@notadoo.fr';

/**
 * Reminders of the pieces still owed (issue 22), day by day on the test
 * clock (it starts at 11:00 in Paris, after the pass's 9:00). The tests run
 * in order: each moves the clock on from where the previous one left it.
 */
describe.each(BACKENDS)('reminders of the pieces on %s', (backend) => {
  let t: TestApp;
  let seller: Actor, buyer: Actor, notary: Actor, stranger: Actor;
  let houseId: number, landId: number, signedId: number;
  let sellerPid: number, buyerPid: number;
  let day = 0;
  const actors: Actor[] = [];

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    const a = { id: u.id, email: u.email, password: u.password, headers: bearer(await t.tokenFor(u.email, u.password)) };
    actors.push(a);
    return a;
  }
  const api = (a: Actor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: a.headers, ...(payload ? { payload } : {}) });
  async function createProject(owner: Actor, name: string, subtype: 'house' | 'land'): Promise<number> {
    const res = await api(owner, 'POST', '/project', { name, type: 'realty', subtype, role: 'seller' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await api(owner, 'PATCH', `/project/${res.json().id}`, { office: 1 })).statusCode).toBe(200);
    return res.json().id;
  }
  // Read as a person of the file: an account's id is shown to its owner (issue 9).
  const people = async (projectId: number, as: Actor = seller) =>
    (await api(as, 'GET', `/project/${projectId}`)).json().participants as Person[];
  const reminders = (to: string) => t.mails.filter((m) => m.to === to && m.subject.startsWith('Rappel'));
  const officeAlerts = () => t.mails.filter((m) => m.to === OFFICE_EMAIL && m.subject.startsWith('Pièces toujours attendues'));
  /** Moves the clock to day `n` after the files were created, at the same hour; sessions of days ago have expired: everyone signs in again. */
  async function toDay(n: number) {
    t.clock.advance((n - day) * DAY);
    day = n;
    for (const a of actors) a.headers = bearer(await t.tokenFor(a.email, a.password));
  }
  async function runPass() {
    const result = await t.app.pieceReminders.runOnce();
    await t.app.mailOutbox.drain();
    return result;
  }
  async function sendFile(a: Actor, projectId: number, fields: Record<string, string>) {
    const body = multipartBody(fields, { field: 'file', name: 'piece.pdf', content: PDF_BYTES, type: 'application/pdf' });
    return t.app.inject({
      method: 'POST',
      url: `/api/project/${projectId}/addfile`,
      headers: { ...a.headers, ...body.headers },
      payload: body.payload,
    });
  }
  async function drawer(a: Actor, projectId: number, participantId: number | null, docFileType: string): Promise<number> {
    const res = await api(a, 'POST', '/participant/adddocument', { projectId, docType: 'document_files', docFileType, participantId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().documents.at(-1).id;
  }
  const piecesOf = async (projectId: number) => (await api(notary, 'GET', `/project/${projectId}/pieces`)).json<ProjectPieces>().requests;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    seller = await actor();
    buyer = await actor();
    stranger = await actor();
    notary = await actor({ isNotary: true, notaryOfficeId: 1 });
    houseId = await createProject(seller, 'Vente maison Lilas', 'house');
    landId = await createProject(seller, 'Vente terrain Chênes', 'land');
    signedId = await createProject(seller, 'Vente signée', 'house');
    // A signed file: its pieces are no longer reminded.
    await t.database.db.update(projects).set({ status: 5 }).where(eq(projects.id, signedId));
    // The buyer is in the house sale, and was in the land sale until the office removed them.
    await api(seller, 'POST', `/project/${houseId}/addperson`, {
      firstName: 'Bruno',
      lastName: 'Acheteur',
      email: buyer.email,
      role: 'buyer',
    });
    await t.acceptInvitation(buyer.email, 'Kq7#vLp2!xWr9');
    await api(seller, 'POST', `/project/${landId}/addperson`, {
      firstName: 'Bruno',
      lastName: 'Acheteur',
      email: buyer.email,
      role: 'buyer',
    });
    const inLand = (await people(landId)).find((p) => p.last_name === 'Acheteur')!;
    expect((await api(notary, 'DELETE', `/project/${landId}/removeparticipant`, { participantId: inLand.id })).statusCode).toBe(200);
    const house = await people(houseId);
    sellerPid = house.find((p) => p.user?.id === seller.id)!.id;
    buyerPid = house.find((p) => p.last_name === 'Acheteur')!.id;
  });
  afterAll(() => t.close());

  it('waits 3 quiet days, then sends one mail listing every file of the person, once even when two runs go at once', async () => {
    for (const n of [0, 1, 2]) {
      await toDay(n);
      await t.app.pieceReminders.sendDueNow();
    }
    await t.app.mailOutbox.drain();
    expect(reminders(seller.email)).toHaveLength(0);

    await toDay(3);
    // Two runs at once (as two server processes would): the claim of the person's day lets one mail through.
    const [a, b] = await Promise.all([t.app.pieceReminders.sendDueNow(), t.app.pieceReminders.sendDueNow()]);
    await t.app.mailOutbox.drain();
    expect(a.mails + b.mails).toBe(2); // the seller's and the buyer's
    const [mail] = reminders(seller.email);
    expect(reminders(seller.email)).toHaveLength(1);
    expect(mail!.subject).toBe('Rappel : des pièces sont attendues pour 2 de vos dossiers');
    expect(mail!.text).toContain('Vente maison Lilas');
    expect(mail!.text).toContain('Vente terrain Chênes');
    expect(mail!.text).not.toContain('Vente signée');
    const title = (await piecesOf(houseId)).find((r) => r.participantId === sellerPid && r.pieceId === 'property_title')!;
    expect(mail!.text).toContain(`– ${title.label} (Demandée) : http://app.test/project/${houseId}/dashboard?piece=${title.id}`);
    expect(mail!.link).toMatch(new RegExp(`^http://app\\.test/project/${houseId}/dashboard\\?piece=\\d+$`));
    // The buyer left the land sale: their mail is about the house only.
    expect(reminders(buyer.email)).toHaveLength(1);
    expect(reminders(buyer.email)[0]!.subject).toBe('Rappel : des pièces sont attendues pour votre dossier « Vente maison Lilas »');

    // The pass of the day, twice at once: one takes the day, finds everything sent, marks it done.
    const passes = await Promise.all([runPass(), runPass()]);
    expect(passes.filter((p) => p === null)).toHaveLength(1);
    expect(await runPass()).toBeNull();
    expect(reminders(seller.email)).toHaveLength(1);
  });

  it('stops as soon as the person has sent everything', async () => {
    await toDay(4);
    const identity = (await piecesOf(houseId)).find((r) => r.participantId === buyerPid && r.pieceId === 'identity_document')!;
    const buyerDrawer = await drawer(buyer, houseId, buyerPid, 'identity_card');
    expect((await sendFile(buyer, houseId, { id: String(buyerDrawer), pieceRequestId: String(identity.id) })).statusCode).toBe(200);
    expect((await piecesOf(houseId)).filter((r) => r.participantId === buyerPid).every((r) => r.state !== 'requested')).toBe(true);
    for (const n of [7, 14]) {
      await toDay(n);
      expect(await runPass()).not.toBeNull();
    }
    expect(reminders(buyer.email)).toHaveLength(1);
  });

  it('reminds again after 7 and 14 quiet days, then tells the office instead, once per file', async () => {
    // Days 7 and 14 ran in the previous test.
    expect(reminders(seller.email).map((m) => m.subject)).toHaveLength(3);
    await toDay(21);
    expect(await runPass()).toMatchObject({ mails: 0, officeAlerts: 2 });
    expect(reminders(seller.email)).toHaveLength(3);
    const alerts = officeAlerts();
    expect(alerts.map((m) => m.subject).sort()).toEqual([
      'Pièces toujours attendues : Vente maison Lilas',
      'Pièces toujours attendues : Vente terrain Chênes',
    ]);
    expect(alerts[0]!.text).toContain("n'a rien envoyé depuis 21 jours");
    await toDay(22);
    await runPass();
    await t.app.pieceReminders.sendDueNow();
    await t.app.mailOutbox.drain();
    expect(officeAlerts()).toHaveLength(2);
    expect(reminders(seller.email)).toHaveLength(3);
  });

  it('lets the office send a reminder now, once a day per person, and refuses others, files closed and people who owe nothing', async () => {
    await toDay(25);
    const fresh = await actor();
    const freshProject = await createProject(fresh, 'Vente maison Iris', 'house');
    const freshPid = (await people(freshProject, fresh)).find((p) => p.user?.id === fresh.id)!.id;

    expect((await api(fresh, 'POST', `/project/${freshProject}/pieces/remind`, { participantId: freshPid })).statusCode).toBe(403);
    const outsider = await api(stranger, 'POST', `/project/${freshProject}/pieces/remind`, {});
    expect(outsider.statusCode).toBe(403);
    expect(typeof outsider.json().message).toBe('string');
    const now = await api(notary, 'POST', `/project/${freshProject}/pieces/remind`, { participantId: freshPid });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json()).toEqual({ sent: [{ participantId: freshPid, name: 'Jeanne Durand' }], alreadyRemindedToday: [] });
    const [mail] = reminders(fresh.email);
    expect(mail!.subject).toBe('Rappel : des pièces sont attendues pour votre dossier « Vente maison Iris »');
    expect(mail!.text).toContain('Votre office notarial vous rappelle');
    expect(mail!.link).toMatch(new RegExp(`/project/${freshProject}/dashboard\\?piece=\\d+$`));

    const again = await api(notary, 'POST', `/project/${freshProject}/pieces/remind`, { participantId: freshPid });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe("Une relance a déjà été envoyée aujourd'hui à cette personne : la suivante pourra partir demain.");
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    const everyone = await api(notary, 'POST', `/project/${freshProject}/pieces/remind`, {});
    expect(everyone.statusCode).toBe(429);
    // Nobody owes anything any more: the buyer sent their identity on day 4.
    const nothing = await api(notary, 'POST', `/project/${houseId}/pieces/remind`, { participantId: buyerPid });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe("Cette personne n'a plus aucune pièce à envoyer pour ce dossier : il n'y a rien à relancer.");
    expect((await api(notary, 'POST', `/project/${houseId}/pieces/remind`, { participantId: 999_999 })).statusCode).toBe(404);
    expect((await api(notary, 'POST', `/project/${houseId}/pieces/remind`, { participantId: 'abc' })).statusCode).toBe(400);
    const signed = await api(notary, 'POST', `/project/${signedId}/pieces/remind`, {});
    expect(signed.statusCode).toBe(409);
    expect(signed.json().message).toBe("Ce dossier est signé ou archivé : ses pièces ne font plus l'objet de relances.");

    // The seller's day is still free: the office reminds them of the house only; the pass sends them nothing more today.
    const seller2 = await api(notary, 'POST', `/project/${houseId}/pieces/remind`, {});
    expect(seller2.json().sent).toEqual([{ participantId: sellerPid, name: expect.any(String) }]);
    expect(reminders(seller.email)).toHaveLength(4);
    expect(reminders(seller.email)[3]!.text).not.toContain('Vente terrain Chênes');
    await t.app.pieceReminders.sendDueNow();
    await t.app.mailOutbox.drain();
    expect(reminders(seller.email)).toHaveLength(4);
    expect(reminders(fresh.email)).toHaveLength(1);
  });

  it('files a document nobody asked for ("Autre document") as a received piece the office reviews', async () => {
    const titleDrawer = await drawer(seller, houseId, sellerPid, 'property_title');
    const sent = await sendFile(seller, houseId, { id: String(titleDrawer), pieceRequestId: 'other' });
    expect(sent.statusCode, sent.body).toBe(200);
    const other = (await piecesOf(houseId)).find((r) => r.origin === 'unrequested')!;
    expect(other).toMatchObject({
      pieceId: 'other',
      label: 'Autre document : Titre de propriété',
      participantId: sellerPid,
      state: 'received',
      reasonText: null,
      versions: [{ fileName: 'piece.pdf', fileType: 'property_title' }],
    });
    expect(sent.json().documents.find((d: { id: number }) => d.id === titleDrawer).document_files[0].files).toHaveLength(1);
    const accepted = await api(notary, 'POST', `/piece/${other.id}/review`, { action: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<ProjectPieces>().requests.find((r) => r.id === other.id)!.state).toBe('accepted');

    // Into someone else's drawer: refused as their drawer is; into nobody's: nobody to file it under.
    expect((await sendFile(buyer, houseId, { id: String(titleDrawer), pieceRequestId: 'other' })).statusCode).toBe(403);
    const loose = await drawer(notary, houseId, null, 'other');
    const unassigned = await sendFile(notary, houseId, { id: String(loose), pieceRequestId: 'other' });
    expect(unassigned.statusCode).toBe(400);
    expect(unassigned.json().message).toMatch(/attribué à personne/);
    expect((await sendFile(seller, houseId, { id: String(titleDrawer), pieceRequestId: 'autre' })).statusCode).toBe(400);
    expect((await piecesOf(houseId)).filter((r) => r.origin === 'unrequested')).toHaveLength(1);
  });

  it('describes the reminder route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.paths)).toContain('/api/project/{id}/pieces/remind');
  });
});
