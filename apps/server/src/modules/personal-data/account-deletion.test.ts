import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, PDF_BYTES } from '../../../test/multipart';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { historyEntries, historyHeads, participants, projects, users } from '../../db/schema';
import { projectFileKey } from '../../files/storage/storage-keys';
import { mailOutbox } from '../../db/schema';
import { verifyChain } from '../history/history-service';

type Actor = { id: number; email: string; password: string; headers: Record<string, string> };

describe.each(BACKENDS)('deleting one’s account on %s', (backend) => {
  let t: TestApp;
  let client: Actor, buyer: Actor, notary: Actor, admin: Actor;
  let draftId: number, sentId: number, othersDraftId: number;
  let draftFile: string;

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    return { ...u, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const api = (a: Actor | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: a?.headers ?? {}, ...(payload ? { payload } : {}) });
  async function createFile(owner: Actor, name: string): Promise<number> {
    const res = await api(owner, 'POST', '/project', { name, type: 'realty', subtype: 'land', role: 'seller' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }
  async function invite(owner: Actor, projectId: number, who: Actor, role: string) {
    expect(
      (await api(owner, 'POST', `/project/${projectId}/addperson`, { firstName: 'Prénom', lastName: 'Invité', email: who.email, role }))
        .statusCode,
    ).toBe(200);
    who.headers = bearer(await t.acceptInvitation(who.email, who.password));
  }

  beforeAll(async () => {
    t = await buildTestApp(backend);
    client = await actor({ firstName: 'Claire', lastName: 'Supprimée' });
    buyer = await actor({ firstName: 'Bruno', lastName: 'Acheteur' });
    notary = await actor({ isNotary: true, notaryOfficeId: 1 });
    admin = await actor({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });

    // One draft of hers, with a file sent.
    draftId = await createFile(client, 'Brouillon du terrain');
    const draft = (await api(client, 'GET', `/project/${draftId}`)).json();
    const participantId = draft.participants.find((p: { user: { id: number } | null }) => p.user?.id === client.id).id;
    const drawer = await api(client, 'POST', '/participant/adddocument', {
      projectId: draftId,
      docType: 'document_files',
      docFileType: 'identity_card',
      participantId,
    });
    expect(drawer.statusCode, drawer.body).toBe(200);
    const drawerId = drawer
      .json()
      .documents.flatMap((d: { document_files: Array<{ id: number }> }) => d.document_files)
      .at(-1).id;
    const body = multipartBody(
      { id: String(drawerId) },
      { field: 'file', name: 'identite.pdf', content: PDF_BYTES, type: 'application/pdf' },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/project/${draftId}/addfile`,
      headers: { ...client.headers, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    draftFile = uploaded
      .json()
      .documents.flatMap((d: { document_files: Array<{ id: number; files: string[] }> }) => d.document_files)
      .find((f: { id: number }) => f.id === drawerId).files[0];

    // One file sent to the Paris office, with the buyer, where she wrote a message.
    sentId = await createFile(client, 'Vente transmise');
    expect((await api(client, 'PATCH', `/project/${sentId}`, { office: 1 })).statusCode).toBe(200);
    await invite(client, sentId, buyer, 'buyer');
    expect(
      (await api(client, 'POST', `/project/${sentId}/threads/everyone/messages`, { text: 'Voici le titre de propriété.' })).statusCode,
    ).toBe(201);
    const submitted = await api(client, 'PATCH', '/project/status', { id: sentId, status: 3 });
    expect(submitted.statusCode, submitted.body).toBe(200);

    // A draft the buyer created, where she was invited.
    othersDraftId = await createFile(buyer, 'Brouillon de Bruno');
    await invite(buyer, othersDraftId, client, 'buyer');
  });
  afterAll(() => t.close());

  it('lists what goes and what stays, with the office’s contact', async () => {
    const plan = await api(client, 'GET', '/users/me/deletion-plan');
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json()).toEqual({
      deletedFiles: [{ id: draftId, name: 'Brouillon du terrain', status: 1, otherPeople: 0 }],
      leftFiles: [{ id: othersDraftId, name: 'Brouillon de Bruno', status: 1 }],
      keptFiles: [
        {
          id: sentId,
          name: 'Vente transmise',
          status: 3,
          office: expect.objectContaining({ id: 1, city: 'Paris', address: expect.any(String), postalCode: expect.any(String) }),
        },
      ],
    });
    expect((await api(null, 'GET', '/users/me/deletion-plan')).statusCode).toBe(401);
  });

  it('asks for the password and the confirmation, in French', async () => {
    const wrong = await api(client, 'POST', '/users/me/delete', { password: 'PasLeBon1', confirm: true });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Le mot de passe saisi est incorrect.');
    const unconfirmed = await api(client, 'POST', '/users/me/delete', { password: client.password, confirm: false });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().message).toMatch(/Merci de confirmer la suppression de votre compte\.$/);
    const empty = await api(client, 'POST', '/users/me/delete', {});
    expect(empty.statusCode).toBe(400);
    expect((await api(null, 'POST', '/users/me/delete', { password: 'x', confirm: true })).statusCode).toBe(401);
    const refusedAdmin = await api(admin, 'POST', '/users/me/delete', { password: admin.password, confirm: true });
    expect(refusedAdmin.statusCode).toBe(409);
    // Nothing happened.
    expect((await api(client, 'GET', '/users/me')).statusCode).toBe(200);
  });

  it('deletes the draft and its pieces, leaves the other’s draft, keeps the sent file at the office, and empties and closes the account', async () => {
    const oldEmail = client.email;
    const res = await api(client, 'POST', '/users/me/delete', { password: client.password, confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Votre compte a été supprimé.', deletedFiles: 1, leftFiles: 1, keptFiles: 1 });

    // The draft and its stored file are gone; the other files remain.
    const left = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(inArray(projects.id, [draftId, sentId, othersDraftId]));
    expect(left.map((p) => p.id).sort((a, b) => a - b)).toEqual([sentId, othersDraftId].sort((a, b) => a - b));
    expect(await t.storage.size(projectFileKey(draftId, draftFile))).toBeUndefined();
    // She left Bruno's draft; she is still named in the sent file (the office's record).
    const people = await t.database.db.select().from(participants).where(eq(participants.userId, client.id));
    expect(people.map((p) => p.projectId)).toEqual([sentId]);

    // The account: no name, no password, a free address, signed out everywhere, no sign-in.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, client.id));
    expect(row).toMatchObject({ firstName: 'Compte', lastName: 'supprimé', isActive: false, avatar: null, pendingEmail: null });
    expect(row!.email).not.toBe(oldEmail);
    expect(row!.deletedAt).toEqual(t.clock.now());
    expect((await api(client, 'GET', '/users/me')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { login: oldEmail, password: client.password } })).statusCode,
    ).toBe(401);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: {
        email: oldEmail,
        password: 'Tournesol-Bleu42',
        passwordConfirm: 'Tournesol-Bleu42',
        firstName: 'Claire',
        lastName: 'Nouvelle',
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);
  });

  it('records the deletion in the kept file’s history and the account’s chain, under her name; the chains still verify; the deleted draft’s history is gone', async () => {
    const history = await api(notary, 'GET', `/project/${sentId}/history?kinds=account_deleted`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().entries).toEqual([
      expect.objectContaining({
        kind: 'account_deleted',
        label: 'Compte supprimé',
        actor: { id: client.id, name: 'Claire Supprimée' },
        summary: 'Claire Supprimée a supprimé son compte ; le dossier reste conservé par l’office',
      }),
    ]);
    // Her earlier entries still read under the name recorded, though the account is emptied; the filter lists her too.
    const all = await api(notary, 'GET', `/project/${sentId}/history`);
    expect(all.statusCode, all.body).toBe(200);
    expect(
      all
        .json()
        .entries.filter((e: { kind: string }) => e.kind === 'status_changed')
        .map((e: { actor: { name: string } }) => e.actor.name),
    ).toContain('Claire Supprimée');
    expect(all.json().actors).toContainEqual({ id: client.id, name: 'Claire Supprimée' });
    const csv = await api(notary, 'GET', `/project/${sentId}/history.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Compte supprimé;Claire Supprimée');
    // The buyer's participant view does not include it (it is about her participation).
    const buyerView = await api(buyer, 'GET', `/project/${sentId}/history?kinds=account_deleted`);
    expect(buyerView.statusCode, buyerView.body).toBe(200);
    expect(buyerView.json().entries).toEqual([]);

    const verified = await api(admin, 'GET', `/admin/project/${sentId}/history/verify`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ ok: true, firstBroken: null });
    expect(verified.json().checked).toBeGreaterThan(1);

    // The account's own chain: her sign-ins, then the deletion, in sequence.
    const chain = await t.database.db
      .select()
      .from(historyEntries)
      .where(eq(historyEntries.chain, `user:${client.id}`));
    expect(chain.at(-1)).toMatchObject({ kind: 'account_deleted', actorUserId: client.id, actorName: 'Claire Supprimée', projectId: null });
    expect(chain.filter((e) => e.kind === 'sign_in').length).toBeGreaterThan(0);
    const [head] = await t.database.db
      .select()
      .from(historyHeads)
      .where(eq(historyHeads.chain, `user:${client.id}`));
    expect(head!.seq).toBe(chain.length);
    expect(await verifyChain(t.database.db, `user:${client.id}`)).toMatchObject({ ok: true, checked: chain.length });
    // The draft she deleted took its history with it; the draft she left keeps its own (nothing recorded there for her leaving).
    expect(await t.database.db.select().from(historyEntries).where(eq(historyEntries.projectId, draftId))).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(historyHeads)
        .where(eq(historyHeads.chain, `project:${draftId}`)),
    ).toEqual([]);
    expect(
      (await t.database.db.select().from(historyEntries).where(eq(historyEntries.projectId, othersDraftId))).map((e) => e.kind),
    ).not.toContain('account_deleted');
  });

  it('breaks nothing for the others: the office’s file, its people and messages, dashboards, admin lists and the billing export', async () => {
    const file = await api(notary, 'GET', `/project/${sentId}`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.json().participants.length).toBe(2);
    const thread = await api(notary, 'GET', `/project/${sentId}/threads/everyone/messages`);
    expect(thread.statusCode, thread.body).toBe(200);
    expect(JSON.stringify(thread.json())).toContain('Voici le titre de propriété.');
    expect((await api(notary, 'GET', '/projects/mine')).statusCode).toBe(200);
    expect((await api(buyer, 'GET', '/projects/mine')).statusCode).toBe(200);
    expect((await api(buyer, 'GET', `/project/${othersDraftId}`)).statusCode).toBe(200);
    expect((await api(admin, 'GET', '/admin/users')).statusCode).toBe(200);
    expect((await api(admin, 'GET', '/projects/open/export')).statusCode).toBe(200);
    expect((await api(admin, 'GET', `/users/${client.id}`)).statusCode).toBe(200);
    // The office moves the kept file on: the people still in it are mailed, the deleted account never.
    const moved = await api(notary, 'POST', '/project/status', { id: sentId, status: 4 });
    expect(moved.statusCode, moved.body).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, client.id));
    expect(row!.email).toBe(`compte-${client.id}@compte-supprime.invalid`);
    const queued = await t.database.db.select({ to: mailOutbox.recipient }).from(mailOutbox);
    expect(queued.filter((m) => m.to.endsWith('.invalid'))).toEqual([]);
    expect(queued.some((m) => m.to === buyer.email)).toBe(true);
    // An admin cannot bring the emptied account back.
    const revive = await api(admin, 'POST', '/admin/user/toggleStatus', { id: client.id, data: '1', action: 'active' });
    expect(revive.statusCode).toBe(409);
    expect(revive.json().message).toMatch(/supprimé par son titulaire/);
    expect(
      (
        await api(admin, 'PATCH', `/users/${client.id}`, {
          email: 'repris@exemple.fr',
          passwordNew: 'Motdepasse3',
          passwordNewConfirm: 'Motdepasse3',
        })
      ).statusCode,
    ).toBe(409);
  });
});
