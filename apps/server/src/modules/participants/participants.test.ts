import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';

type Actor = { id: number; email: string; password: string; headers: Record<string, string> };

describe.each(BACKENDS)('people of a project on %s', (backend) => {
  let t: TestApp;
  let seller: Actor, stranger: Actor, admin: Actor, notary: Actor, pro: Actor;

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    return { ...u, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const api = (a: Actor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: a.headers, ...(payload ? { payload } : {}) });
  async function newProject(owner: Actor = seller, body: Record<string, string> = {}) {
    const res = await api(owner, 'POST', '/project', { name: 'Vente maison', type: 'realty', subtype: 'house', role: 'seller', ...body });
    const id = res.json().id as number;
    await api(owner, 'PATCH', `/project/${id}`, { office: 1 });
    return id;
  }
  const person = (project: { participants: Array<{ email: string | null }> }, email: string) =>
    project.participants.find((p) => p.email === email) as { id: number; role: string; user: { id: number } | null } | undefined;

  beforeAll(async () => {
    t = await buildTestApp(backend, { rateLimits: { signupPerIp: { max: 1000, windowMs: 1000 } } });
    seller = await actor({ firstName: 'Sophie', lastName: 'Vendeur' });
    stranger = await actor();
    admin = await actor({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    notary = await actor({ isNotary: true, notaryOfficeId: 1 });
    pro = await actor({ isPro: true });
  });
  afterAll(() => t.close());

  it('adds a buyer invited by e-mail; signing up through the link links the account, who then sees the project', async () => {
    const id = await newProject();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/project/${id}/addperson`,
      headers: { ...seller.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'firstName=Bruno&lastName=Acheteur&email=Bruno.Acheteur%40exemple.fr&role=buyer',
    });
    expect(res.statusCode, res.body).toBe(200);
    const buyer = person(res.json(), 'bruno.acheteur@exemple.fr')!;
    expect(buyer).toMatchObject({ role: 'buyer', user: null });
    const docsOfBuyer = res.json().documents.filter((d: { participant: { id: number } | null }) => d.participant?.id === buyer.id);
    // Their civil status is theirs; the purchase questionnaire is the buyers' (issue 23).
    expect(
      docsOfBuyer.map((d: Record<string, unknown[]>) => Object.keys(d).find((k) => k.startsWith('document_') && d[k]!.length)),
    ).toEqual(['document_civil_statuses']);
    expect(res.json().documents.filter((d: { shared_role: string | null }) => d.shared_role === 'buyer')).toHaveLength(1);

    const mail = t.mails.at(-1)!;
    expect(mail).toMatchObject({ to: 'bruno.acheteur@exemple.fr', subject: 'Sophie Vendeur vous invite sur le dossier « Vente maison »' });
    const link = new URL(mail.link!);
    expect(link.pathname).toBe('/signup');
    // The form starts with the names the seller typed and leads into the project once done.
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ firstName: 'Bruno', lastName: 'Acheteur', project: String(id) });
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: {
        email: link.searchParams.get('email'),
        password: 'Tilleul123',
        passwordConfirm: 'Tilleul123',
        firstName: 'Bruno',
        lastName: 'Acheteur',
        invitation: link.searchParams.get('invitation'),
      },
    });
    const headers = bearer(signup.json().token);
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers })).json();
    expect(me.isEmailConfirmed).toBe(true);
    const project = (await t.app.inject({ method: 'GET', url: `/api/project/${id}`, headers })).json();
    expect(person(project, 'bruno.acheteur@exemple.fr')!.user!.id).toBe(me.id);
  });

  it('links an invited person who signs up without the link once they confirm their address', async () => {
    const id = await newProject();
    await api(seller, 'POST', `/project/${id}/addperson`, {
      firstName: 'Léo',
      lastName: 'Sans Lien',
      email: 'leo@exemple.fr',
      role: 'buyer',
    });
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: { email: 'leo@exemple.fr', password: 'Lanterne123', passwordConfirm: 'Lanterne123', firstName: 'Léo', lastName: 'S' },
    });
    const headers = bearer(signup.json().token);
    expect((await t.app.inject({ method: 'GET', url: `/api/project/${id}`, headers })).statusCode).toBe(403);
    const confirmLink = new URL(t.mails.filter((m) => m.to === 'leo@exemple.fr').at(-1)!.link!);
    await t.app.inject({
      method: 'POST',
      url: '/api/users/email/confirm',
      payload: { email: 'leo@exemple.fr', token: confirmLink.searchParams.get('token') },
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/project/${id}`, headers })).statusCode).toBe(200);
  });

  it('adds a person without e-mail as a participant without account, and no mail', async () => {
    const id = await newProject();
    const sent = t.mails.length;
    const res = await api(seller, 'POST', `/project/${id}/addperson`, {
      firstName: 'Paul',
      lastName: 'Sans Mail',
      email: '',
      role: 'seller',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().participants.find((p: { last_name: string }) => p.last_name === 'Sans Mail')).toMatchObject({
      email: null,
      user: null,
    });
    expect(t.mails.length).toBe(sent);
  });

  it('links an existing account only when they accept through the mailed link (issue 9)', async () => {
    const id = await newProject();
    const res = await api(seller, 'POST', `/project/${id}/addperson`, {
      firstName: 'Agent',
      lastName: 'Pro',
      email: pro.email,
      role: 'intermediary',
    });
    expect(person(res.json(), pro.email)).toMatchObject({ user: null, joined: false });
    expect((await api(pro, 'GET', `/project/${id}`)).statusCode).toBe(403);
    const link = new URL(t.mails.at(-1)!.link!);
    expect(link.pathname).toBe('/login');
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { login: link.searchParams.get('email'), password: pro.password, invitation: link.searchParams.get('invitation') },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await api(pro, 'GET', `/project/${id}`)).statusCode).toBe(200);
  });

  it('answers 401 with a message to a stranger, 400 for a role of another project kind or a duplicate e-mail', async () => {
    const id = await newProject();
    const refused = await api(stranger, 'POST', `/project/${id}/addperson`, { firstName: 'X', lastName: 'Y', role: 'buyer' });
    expect(refused.statusCode).toBe(403);
    const badRole = await api(seller, 'POST', `/project/${id}/addperson`, { firstName: 'X', lastName: 'Y', role: 'heir' });
    expect(badRole.statusCode).toBe(401);
    expect(badRole.json().message).toMatch(/^Erreur/);
    await api(seller, 'POST', `/project/${id}/addperson`, { firstName: 'A', lastName: 'B', email: 'double@exemple.fr', role: 'buyer' });
    const twice = await api(seller, 'POST', `/project/${id}/addperson`, {
      firstName: 'A',
      lastName: 'B',
      email: 'DOUBLE@exemple.fr',
      role: 'buyer',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Cette personne participe déjà à ce dossier.');
    const noName = await api(seller, 'POST', `/project/${id}/addperson`, { firstName: '', lastName: 'B', role: 'buyer' });
    expect(noName.statusCode).toBe(400);
  });

  it('refuses adding people once the project is signed, except for the office', async () => {
    const id = await newProject();
    await api(notary, 'PATCH', '/project/status', { id, status: 5 });
    expect((await api(seller, 'POST', `/project/${id}/addperson`, { firstName: 'X', lastName: 'Y', role: 'buyer' })).statusCode).toBe(401);
    expect((await api(notary, 'POST', `/project/${id}/addperson`, { firstName: 'X', lastName: 'Y', role: 'buyer' })).statusCode).toBe(200);
  });

  it('edits a person who never logged in, not one who did; office and admin delete people, keeping their documents unassigned', async () => {
    const id = await newProject();
    let project = (await api(seller, 'POST', `/project/${id}/addperson`, { firstName: 'Tom', lastName: 'Tipo', role: 'buyer' })).json();
    const tom = project.participants.find((p: { last_name: string }) => p.last_name === 'Tipo');
    const edited = await api(seller, 'PATCH', '/participant', { id: tom.id, firstName: 'Thomas', lastName: 'Typo' });
    expect(edited.json().participants.find((p: { id: number }) => p.id === tom.id)).toMatchObject({
      first_name: 'Thomas',
      last_name: 'Typo',
    });

    project = (await api(seller, 'GET', `/project/${id}`)).json();
    const self = project.participants.find((p: { user: { id: number } | null }) => p.user?.id === seller.id);
    expect((await api(notary, 'PATCH', '/participant', { id: self.id, firstName: 'Pirate', lastName: 'X' })).statusCode).toBe(403);

    expect((await api(seller, 'DELETE', `/project/${id}/removeparticipant`, { participantId: tom.id })).statusCode).toBe(403);
    const removed = await api(notary, 'DELETE', `/project/${id}/removeparticipant`, { participantId: tom.id });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().participants.map((p: { id: number }) => p.id)).not.toContain(tom.id);
    expect(removed.json().documents.filter((d: { participant: unknown }) => d.participant === null).length).toBe(2);
  });

  it('moves a participant (admins only) with the two refusals of the spec', async () => {
    const id = await newProject();
    let project = (
      await api(seller, 'POST', `/project/${id}/addperson`, { firstName: 'Nina', lastName: 'Sanscompte', role: 'buyer' })
    ).json();
    const nina = project.participants.find((p: { last_name: string }) => p.last_name === 'Sanscompte');
    expect((await api(seller, 'PATCH', `/participant/${nina.id}/changerole`, { role: 'seller' })).statusCode).toBe(403);
    const toAgent = await api(admin, 'PATCH', `/participant/${nina.id}/changerole`, { role: 'intermediary' });
    expect(toAgent.statusCode).toBe(400);
    expect(toAgent.json().message).toBe(
      "Impossible de déplacer ce participant : il ne possède pas de compte lié ou n'est pas marqué comme Intermédiaire Immobilier.",
    );
    const toOffice = await api(admin, 'PATCH', `/participant/${nina.id}/changerole`, { role: 'office' });
    expect(toOffice.json().message).toBe(
      "Impossible de déplacer ce participant : il ne possède pas de compte lié ou n'est pas marqué comme Notaire.",
    );
    project = (await api(admin, 'PATCH', `/participant/${nina.id}/changerole`, { role: 'seller' })).json();
    expect(project.participants.find((p: { id: number }) => p.id === nina.id).role).toBe('seller');
    // Her civil status follows her; the sale questionnaire is the sellers' one, shared (issue 23).
    const ninaDocs = project.documents.filter((d: { participant: { id: number } | null }) => d.participant?.id === nina.id);
    expect(ninaDocs.map((d: { document_civil_statuses: unknown[] }) => d.document_civil_statuses.length)).toEqual([1]);
    expect(project.documents.filter((d: { shared_role: string | null }) => d.shared_role === 'seller')).toHaveLength(1);
  });
});
