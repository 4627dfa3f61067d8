import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, PDF_BYTES } from '../../../test/multipart';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';

type Actor = { id: number; email: string; password: string; headers: Record<string, string> };
interface WireProject {
  participants: Array<{
    id: number;
    last_name: string;
    email: string | null;
    role: string;
    role_confirmed: boolean;
    user: { id: number } | null;
  }>;
  documents: Array<{
    id: number;
    participant: { id: number } | null;
    document_files: Array<{ id: number }>;
    document_civil_statuses: Array<{ id: number; version: number }>;
  }>;
  status: number;
  notary_office: { id: number } | null;
}

/**
 * The two climbs a hostile test found, replayed as an attacker would: through
 * the invitation mail and a second account, not by writing rows.
 */
describe.each(BACKENDS)('climbing from inside a file on %s', (backend) => {
  let t: TestApp;
  let seller: Actor, buyer: Actor, parisNotary: Actor, lyonNotary: Actor;
  let projectId: number;
  let sellerDrawer: number;
  let sellerCivilStatus: { id: number; version: number };

  const api = (a: { headers: Record<string, string> }, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: a.headers, ...(payload ? { payload } : {}) });
  const project = async (a: { headers: Record<string, string> }) => (await api(a, 'GET', `/project/${projectId}`)).json() as WireProject;

  beforeAll(async () => {
    t = await buildTestApp(backend, { rateLimits: { signupPerIp: { max: 1000, windowMs: 1000 } } });
    seller = await t.signedInUser({ firstName: 'Sophie', lastName: 'Vendeur' });
    buyer = await t.signedInUser({ firstName: 'Bruno', lastName: 'Acheteur' });
    parisNotary = await t.signedInUser({ isNotary: true, notaryOfficeId: 1 });
    lyonNotary = await t.signedInUser({ isNotary: true, notaryOfficeId: 2 });
    const created = await api(seller, 'POST', '/project', { name: 'Vente maison', type: 'realty', subtype: 'house', role: 'seller' });
    projectId = created.json().id;
    await api(seller, 'PATCH', `/project/${projectId}`, { office: 1 });
    await api(seller, 'POST', `/project/${projectId}/addperson`, {
      firstName: 'Bruno',
      lastName: 'Acheteur',
      email: buyer.email,
      role: 'buyer',
    });
    buyer.headers = bearer(await t.acceptInvitation(buyer.email, buyer.password));
    // The seller's own pieces: a drawer with a file, and their civil status.
    const mine = await project(seller);
    const sellerPid = mine.participants.find((p) => p.role === 'seller')!.id;
    const drawer = await api(seller, 'POST', '/participant/adddocument', {
      projectId,
      docType: 'document_files',
      docFileType: 'property_title',
      participantId: sellerPid,
    });
    sellerDrawer = (drawer.json() as WireProject).documents.find((d) => d.participant?.id === sellerPid && d.document_files.length > 0)!
      .document_files[0]!.id;
    const body = multipartBody(
      { id: String(sellerDrawer) },
      { field: 'file', name: 'titre.pdf', content: PDF_BYTES, type: 'application/pdf' },
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/project/${projectId}/addfile`,
          headers: { ...seller.headers, ...body.headers },
          payload: body.payload,
        })
      ).statusCode,
    ).toBe(200);
    sellerCivilStatus = (await project(seller)).documents.find(
      (d) => d.participant?.id === sellerPid && d.document_civil_statuses.length > 0,
    )!.document_civil_statuses[0]!;
  });
  afterAll(() => t.close());

  it("keeps the seller's documents from the buyer's second account added as a seller, until the seller or the office confirms it", async () => {
    const added = await api(buyer, 'POST', `/project/${projectId}/addperson`, {
      firstName: 'Faux',
      lastName: 'Vendeur',
      email: 'second.compte@exemple.fr',
      role: 'seller',
    });
    expect(added.statusCode, added.body).toBe(200);
    const planted = (added.json() as WireProject).participants.find((p) => p.email === 'second.compte@exemple.fr')!;
    expect(planted).toMatchObject({ role: 'seller', role_confirmed: false });
    const link = new URL(t.mails.at(-1)!.link!);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: {
        email: 'second.compte@exemple.fr',
        password: 'Lanterne123',
        passwordConfirm: 'Lanterne123',
        firstName: 'Faux',
        lastName: 'Vendeur',
        invitation: link.searchParams.get('invitation'),
      },
    });
    const second = { headers: bearer(signup.json().token) };

    // The file opens, with the seller's documents locked.
    const seen = await project(second);
    expect(seen.documents.find((d) => d.id === sellerDrawer)!.document_files[0]).toMatchObject({ files: [] });
    expect((await api(second, 'POST', '/generate_file_token', [{ type: 'file', docId: sellerDrawer }])).statusCode).toBe(403);
    expect((await api(second, 'GET', `/download_form/civil_status/${sellerCivilStatus.id}`)).statusCode).toBe(403);
    const save = await api(second, 'PATCH', '/document', {
      docType: 'document_civil_status',
      document: { id: sellerCivilStatus.id, version: sellerCivilStatus.version, first_name: 'Pirate' },
    });
    expect(save.statusCode).toBe(401);
    // Nor can it vouch for itself, nor can the buyer who planted it.
    expect((await api(second, 'PATCH', `/participant/${planted.id}/confirmrole`)).statusCode).toBe(403);
    expect((await api(buyer, 'PATCH', `/participant/${planted.id}/confirmrole`)).statusCode).toBe(403);
    // Another "seller" it adds in turn is no more confirmed than itself.
    const third = await api(second, 'POST', `/project/${projectId}/addperson`, {
      firstName: 'Troisième',
      lastName: 'Compte',
      role: 'seller',
    });
    expect((third.json() as WireProject).participants.find((p) => p.last_name === 'Compte')).toMatchObject({ role_confirmed: false });

    // The seller sees who it is and may vouch for them; then the documents open.
    const confirmed = await api(seller, 'PATCH', `/participant/${planted.id}/confirmrole`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await api(second, 'POST', '/generate_file_token', [{ type: 'file', docId: sellerDrawer }])).statusCode).toBe(200);
    expect((await api(seller, 'PATCH', `/participant/${planted.id}/confirmrole`)).statusCode).toBe(400);
  });

  it('gives a co-seller added by the seller the role at once', async () => {
    const coSeller = await t.signedInUser();
    const added = await api(seller, 'POST', `/project/${projectId}/addperson`, {
      firstName: 'Co',
      lastName: 'Vendeur',
      email: coSeller.email,
      role: 'seller',
    });
    expect((added.json() as WireProject).participants.find((p) => p.email === coSeller.email)).toMatchObject({ role_confirmed: true });
    const headers = bearer(await t.acceptInvitation(coSeller.email, coSeller.password));
    expect((await api({ headers }, 'POST', '/generate_file_token', [{ type: 'file', docId: sellerDrawer }])).statusCode).toBe(200);
  });

  it("gives a notary of another office added as a buyer a buyer's rights, none of the office's", async () => {
    await api(buyer, 'POST', `/project/${projectId}/addperson`, {
      firstName: 'Notaire',
      lastName: 'Lyon',
      email: lyonNotary.email,
      role: 'buyer',
    });
    const lyon = { headers: bearer(await t.acceptInvitation(lyonNotary.email, lyonNotary.password)) };
    expect((await api(lyon, 'GET', `/project/${projectId}`)).statusCode).toBe(200);
    expect((await api(lyon, 'POST', '/generate_file_token', [{ type: 'file', docId: sellerDrawer }])).statusCode).toBe(403);
    expect((await api(lyon, 'GET', `/download_form/civil_status/${sellerCivilStatus.id}`)).statusCode).toBe(403);
    expect((await api(lyon, 'POST', '/project/status', { id: projectId, status: 4 })).statusCode).toBe(403);
    expect((await api(lyon, 'PATCH', `/project/${projectId}`, { office: 2 })).statusCode).toBe(403);
    const sellerPid = (await project(seller)).participants.find((p) => p.role === 'seller')!.id;
    expect((await api(lyon, 'DELETE', `/project/${projectId}/removeparticipant`, { participantId: sellerPid })).statusCode).toBe(403);
    expect((await api(lyon, 'GET', `/project/${projectId}/transfers`)).statusCode).toBe(403);
    // The Paris office keeps the file and its powers.
    const after = await project(parisNotary);
    expect(after.notary_office).toMatchObject({ id: 1 });
    expect((await api(parisNotary, 'POST', '/project/status', { id: projectId, status: 2 })).statusCode).toBe(200);
    expect((await api(parisNotary, 'POST', '/generate_file_token', [{ type: 'file', docId: sellerDrawer }])).statusCode).toBe(200);
  });
  it('drops the confirmation the office gave a person when the client who added them turns the address to a second account of theirs', async () => {
    const second = await t.signedInUser({ firstName: 'Bruno', lastName: 'Bis' });
    const added = await api(buyer, 'POST', `/project/${projectId}/addperson`, {
      firstName: 'Vraie',
      lastName: 'Venderesse',
      email: 'vraie.venderesse@exemple.fr',
      role: 'seller',
    });
    const person = (added.json() as WireProject).participants.find((p) => p.last_name === 'Venderesse')!;
    expect((await api(parisNotary, 'PATCH', `/participant/${person.id}/confirmrole`)).statusCode).toBe(200);

    const moved = await api(buyer, 'PATCH', '/participant', {
      id: person.id,
      firstName: 'Vraie',
      lastName: 'Venderesse',
      email: second.email,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const headers = bearer(await t.acceptInvitation(second.email, second.password));
    expect((await project({ headers })).participants.find((p) => p.id === person.id)).toMatchObject({ role_confirmed: false });
    expect((await api({ headers }, 'POST', '/generate_file_token', [{ type: 'file', docId: sellerDrawer }])).statusCode).toBe(403);
    expect((await api({ headers }, 'GET', `/download_form/civil_status/${sellerCivilStatus.id}`)).statusCode).toBe(403);
  });

  it('keeps the confirmation when the office corrects the address', async () => {
    const added = await api(buyer, 'POST', `/project/${projectId}/addperson`, {
      firstName: 'Autre',
      lastName: 'Venderesse',
      email: 'autre.venderesse@exemple.fr',
      role: 'seller',
    });
    const person = (added.json() as WireProject).participants.find(
      (p) => p.last_name === 'Venderesse' && p.email === 'autre.venderesse@exemple.fr',
    )!;
    expect((await api(parisNotary, 'PATCH', `/participant/${person.id}/confirmrole`)).statusCode).toBe(200);
    const corrected = await api(parisNotary, 'PATCH', '/participant', {
      id: person.id,
      firstName: 'Autre',
      lastName: 'Venderesse',
      email: 'autre.venderesse@exemple.com',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((corrected.json() as WireProject).participants.find((p) => p.id === person.id)).toMatchObject({ role_confirmed: true });
  });
});
