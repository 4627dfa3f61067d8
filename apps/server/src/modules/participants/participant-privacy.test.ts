import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { participants, users } from '../../db/schema';

/** Issue 9, items 1 and 4: pending people cannot be taken over, and participants see little of each other. */
type Actor = { id: number; email: string; password: string; headers: Record<string, string> };
type WireParticipant = {
  id: number;
  email: string | null;
  user: { id: number; lastConnectionDate?: string | null } | null;
  joined: boolean;
  last_name: string;
};

describe.each(BACKENDS)('pending people and what participants see on %s', (backend) => {
  let t: TestApp;
  let seller: Actor, mate: Actor, notary: Actor, admin: Actor;
  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    return { ...u, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const api = (a: Actor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: a.headers, ...(payload ? { payload } : {}) });
  const byName = (project: { participants: WireParticipant[] }, lastName: string) =>
    project.participants.find((p) => p.last_name === lastName)!;
  const lastLinkTo = (email: string) => new URL(t.mails.filter((m) => m.to === email).at(-1)!.link!);

  /** A project of the seller, with the office chosen, a second seller who joined through their invitation, and a pending buyer. */
  async function projectWithPendingBuyer(buyerEmail: string) {
    const created = await api(seller, 'POST', '/project', { name: 'Vente', type: 'realty', subtype: 'house', role: 'seller' });
    const id = created.json().id as number;
    await api(seller, 'PATCH', `/project/${id}`, { office: 1 });
    await api(seller, 'POST', `/project/${id}/addperson`, { firstName: 'Marc', lastName: 'Covendeur', email: mate.email, role: 'seller' });
    const invitation = lastLinkTo(mate.email);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { login: mate.email, password: mate.password, invitation: invitation.searchParams.get('invitation') },
    });
    mate.headers = bearer(accepted.json().token);
    const res = await api(seller, 'POST', `/project/${id}/addperson`, {
      firstName: 'Bruno',
      lastName: 'Acheteur',
      email: buyerEmail,
      role: 'buyer',
    });
    return { id, buyerId: byName(res.json(), 'Acheteur').id };
  }

  beforeAll(async () => {
    t = await buildTestApp(backend);
    seller = await actor({ firstName: 'Sophie', lastName: 'Vendeur' });
    mate = await actor();
    notary = await actor({ isNotary: true, notaryOfficeId: 1 });
    admin = await actor({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
  });
  afterAll(() => t.close());

  it("refuses another participant changing a pending person's e-mail, in French; names they may still correct", async () => {
    const { id, buyerId } = await projectWithPendingBuyer('bruno1@exemple.fr');
    const sent = t.mails.length;
    const takeover = await api(mate, 'PATCH', '/participant', {
      id: buyerId,
      firstName: 'Bruno',
      lastName: 'Acheteur',
      email: 'pirate@exemple.fr',
    });
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json().message).toBe(
      "Erreur : Seuls l'office notarial, un administrateur ou la personne qui l'a invitée peuvent changer l'adresse email d'une personne invitée.",
    );
    expect(t.mails.length).toBe(sent);
    const renamed = await api(mate, 'PATCH', '/participant', { id: buyerId, firstName: 'Bruno', lastName: 'Achteur' });
    expect(renamed.statusCode).toBe(200);
    const seen = await api(seller, 'GET', `/project/${id}`);
    expect(byName(seen.json(), 'Achteur').email).toBe('bruno1@exemple.fr');
  });

  it.each([
    ['the one who added them', () => seller],
    ['an office member', () => notary],
    ['an admin', () => admin],
  ])('lets %s change it; the earlier invitation no longer links', async (_label, who) => {
    const address = `bruno-${Math.random().toString(36).slice(2, 8)}@exemple.fr`;
    const { id, buyerId } = await projectWithPendingBuyer(address);
    const oldLink = lastLinkTo(address);
    const changed = await api(who(), 'PATCH', '/participant', {
      id: buyerId,
      firstName: 'Bruno',
      lastName: 'Acheteur',
      email: `new-${address}`,
    });
    expect(changed.statusCode).toBe(200);
    expect(lastLinkTo(`new-${address}`).searchParams.get('invitation')).toBeTruthy();

    // Whoever holds the old link signs up with it, and is not linked.
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: {
        email: address,
        password: 'Ancien123',
        passwordConfirm: 'Ancien123',
        firstName: 'Bruno',
        lastName: 'A',
        invitation: oldLink.searchParams.get('invitation'),
      },
    });
    expect(signup.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: `/api/project/${id}`, headers: bearer(signup.json().token) })).statusCode).toBe(403);
  });

  it('shows other participants only name, role, photo and whether the person joined; e-mails to the office, admins and who added them', async () => {
    const { id } = await projectWithPendingBuyer('bruno-vu@exemple.fr');
    const fromMate = (await api(mate, 'GET', `/project/${id}`)).json();
    const sellerSeenByMate = byName(fromMate, 'Vendeur');
    expect(sellerSeenByMate).toMatchObject({ user: null, joined: true, email: null });
    expect(byName(fromMate, 'Acheteur')).toMatchObject({ user: null, joined: false, email: null });
    expect(byName(fromMate, 'Covendeur')).toMatchObject({ user: { id: mate.id }, joined: true, email: mate.email });

    const fromSeller = (await api(seller, 'GET', `/project/${id}`)).json();
    expect(byName(fromSeller, 'Acheteur')).toMatchObject({ email: 'bruno-vu@exemple.fr', joined: false, added_by: seller.id });
    expect(byName(fromSeller, 'Covendeur')).toMatchObject({ email: mate.email, user: null, joined: true });
    const fromNotary = (await api(notary, 'GET', `/project/${id}`)).json();
    expect(byName(fromNotary, 'Covendeur')).toMatchObject({ email: mate.email, added_by: null });

    const dashboard = (await api(mate, 'GET', '/projects/mine')).json() as Array<{ id: number; participants: WireParticipant[] }>;
    const listed = dashboard.find((p) => p.id === id)!;
    expect(byName(listed, 'Vendeur')).toMatchObject({ user: null, email: null });
  });

  it('limits invitation mails per sender, with a French 429; people without e-mail are still added', async () => {
    const limited = await buildTestApp(backend, { rateLimits: { invitationsPerSender: { max: 2, windowMs: 60 * 60_000 } } });
    try {
      const u = await limited.createUser();
      const headers = bearer(await limited.tokenFor(u.email, u.password));
      const id = (
        await limited.app.inject({
          method: 'POST',
          url: '/api/project',
          headers,
          payload: { name: 'V', type: 'realty', subtype: 'house', role: 'seller' },
        })
      ).json().id;
      const add = (email?: string) =>
        limited.app.inject({
          method: 'POST',
          url: `/api/project/${id}/addperson`,
          headers,
          payload: { firstName: 'A', lastName: 'B', role: 'buyer', ...(email ? { email } : {}) },
        });
      expect((await add('a1@exemple.fr')).statusCode).toBe(200);
      expect((await add('a2@exemple.fr')).statusCode).toBe(200);
      const third = await add('a3@exemple.fr');
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe('Trop de tentatives. Merci de réessayer dans quelques minutes.');
      expect(limited.mails.map((m) => m.to)).toEqual(['a1@exemple.fr', 'a2@exemple.fr']);
      expect((await add()).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("shows the chosen office and admins each person's last connection and photo; other participants the photo only", async () => {
    const { id } = await projectWithPendingBuyer('bruno-actif@exemple.fr');
    // A date of its own, found nowhere else in the answers.
    const signedIn = '2026-11-20T08:15:42.000Z';
    await t.database.db
      .update(users)
      .set({ avatar: 'photo-sophie.webp', lastConnectionDate: new Date(signedIn) })
      .where(eq(users.id, seller.id));
    for (const who of [notary, admin]) {
      const seen = (await api(who, 'GET', `/project/${id}`)).json();
      expect(byName(seen, 'Vendeur')).toMatchObject({
        user: { id: seller.id, lastConnectionDate: signedIn, avatar: 'photo-sophie.webp' },
        avatar: 'photo-sophie.webp',
        email: seller.email,
      });
      expect(byName(seen, 'Acheteur')).toMatchObject({ user: null, joined: false });
      const listed = (
        (await api(who, 'GET', '/projects/mine?limit=100')).json() as Array<{ id: number; participants: WireParticipant[] }>
      ).find((p) => p.id === id)!;
      expect(byName(listed, 'Vendeur').user).toMatchObject({ lastConnectionDate: signedIn });
    }
    // A client learns nothing of another client's connections, on the page nor on the dashboard.
    const fromMate = (await api(mate, 'GET', `/project/${id}`)).json();
    expect(byName(fromMate, 'Vendeur')).toMatchObject({ user: null, avatar: 'photo-sophie.webp', joined: true });
    expect(JSON.stringify(fromMate)).not.toContain(signedIn);
    const listed = ((await api(mate, 'GET', '/projects/mine')).json() as Array<{ id: number; participants: WireParticipant[] }>).find(
      (p) => p.id === id,
    )!;
    expect(JSON.stringify(listed)).not.toContain(signedIn);
    // A notary of another office, even one the file lists as its notary, is not the chosen office.
    const lyon = await actor({ isNotary: true, notaryOfficeId: 2 });
    await t.database.db
      .insert(participants)
      .values({ projectId: id, firstName: 'Louis', lastName: 'Lyon', userId: lyon.id, role: 'office', roleConfirmed: true });
    const fromLyon = (await api(lyon, 'GET', `/project/${id}`)).json();
    expect(byName(fromLyon, 'Vendeur')).toMatchObject({ user: null, email: null });
    expect(JSON.stringify(fromLyon)).not.toContain(signedIn);
  });
});
