import { OFFICE_ATTACHMENT_MESSAGES } from '@notadoo/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, buildTestApp, type TestApp } from '../../../test/test-app';
import { notaryOffices, projects } from '../../db/schema';

// Attaching a user to a notary office (PATCH /users/{id} notaryOffice,
// oldOffice) gives them every file of that office: only an admin may do it.

describe.each(BACKENDS)('attaching users to an office on %s', (backend) => {
  let t: TestApp;
  type Account = Awaited<ReturnType<TestApp['signedInUser']>>;
  let admin: Account;
  let lyonFile: number;
  let dijon: number;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    admin = await t.signedInUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    const [file] = await t.database.db
      .insert(projects)
      .values({ name: 'Vente Lyon', type: 'realty', subtype: 'house', notaryOfficeId: 2 })
      .returning({ id: projects.id });
    lyonFile = file!.id;
    const [office] = await t.database.db.select({ id: notaryOffices.id }).from(notaryOffices).where(eq(notaryOffices.city, 'Dijon'));
    dijon = office!.id;
  });
  afterAll(() => t.close());

  const patch = (who: { headers: Record<string, string> } | null, id: number, payload: Record<string, unknown> | string, form = false) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}`,
      headers: { ...who?.headers, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      payload,
    });
  const officeOf = async (u: Account) =>
    (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: u.headers })).json().notary_office;
  const opensLyonFile = async (u: Account) =>
    (await t.app.inject({ method: 'GET', url: `/api/project/${lyonFile}`, headers: u.headers })).statusCode === 200;

  it('refuses a user attaching themselves, however the request is worded, and gives them nothing', async () => {
    const u = await t.signedInUser({ isNotary: true });
    for (const payload of [{ notaryOffice: 2 }, { notaryOffice: 2, oldOffice: null }, { notaryOffice: '2', oldOffice: '' }]) {
      const res = await patch(u, u.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json().message).toBe(OFFICE_ATTACHMENT_MESSAGES.adminOnly);
    }
    expect((await patch(u, u.id, 'notaryOffice=2', true)).statusCode).toBe(403);
    // Claiming to have seen the office asked for changes nothing either.
    const claimed = await patch(u, u.id, { notaryOffice: 2, oldOffice: 2, firstName: 'Rusé' });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({ firstName: 'Rusé', notary_office: null });
    expect(await officeOf(u)).toBeNull();
    expect(await opensLyonFile(u)).toBe(false);
  });

  it('refuses a notary moving themselves or someone else to another office, and an anonymous caller', async () => {
    const parisNotary = await t.signedInUser({ isNotary: true, notaryOfficeId: 1 });
    const other = await t.signedInUser();
    expect((await patch(parisNotary, parisNotary.id, { notaryOffice: 2, oldOffice: 1 })).statusCode).toBe(403);
    expect((await patch(parisNotary, parisNotary.id, { notaryOffice: null, oldOffice: 1 })).statusCode).toBe(403);
    expect((await patch(parisNotary, other.id, { notaryOffice: 1 })).statusCode).toBe(403);
    expect((await patch(null, other.id, { notaryOffice: 1 })).statusCode).toBe(401);
    expect(await officeOf(parisNotary)).toEqual({ id: 1, city: 'Paris' });
    expect(await officeOf(other)).toBeNull();
  });

  it('lets an admin attach a user, who opens the office’s files with the session they hold, then move and detach them', async () => {
    const u = await t.signedInUser({ isNotary: true });
    expect(await opensLyonFile(u)).toBe(false);
    const attached = await patch(admin, u.id, { notaryOffice: 2, oldOffice: null });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().notary_office).toEqual({ id: 2, city: 'Lyon' });
    expect(await opensLyonFile(u)).toBe(true);
    expect((await patch(admin, u.id, { notaryOffice: 1, oldOffice: 2 })).json().notary_office).toEqual({ id: 1, city: 'Paris' });
    expect(await opensLyonFile(u)).toBe(false);
    expect((await patch(admin, u.id, 'notaryOffice=&oldOffice=1', true)).json().notary_office).toBeNull();
    expect((await patch(admin, u.id, { notaryOffice: 3 })).json().notary_office).toMatchObject({ id: 3 });
    expect((await patch(admin, u.id, { notaryOffice: null, oldOffice: 3 })).json().notary_office).toBeNull();
  });

  it("refuses an admin's change made on an office that someone else has changed since, with 409", async () => {
    const u = await t.signedInUser({ notaryOfficeId: 1 });
    // A second admin moved the user to Lyon while the first one's table still showed Paris.
    expect((await patch(admin, u.id, { notaryOffice: 2, oldOffice: 1 })).statusCode).toBe(200);
    const stale = await patch(admin, u.id, { notaryOffice: 3, oldOffice: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(OFFICE_ATTACHMENT_MESSAGES.changedMeanwhile);
    expect(await officeOf(u)).toEqual({ id: 2, city: 'Lyon' });
  });

  it("keeps an office its user's profile form sends back unchanged, even when an admin changed it since", async () => {
    const u = await t.signedInUser({ notaryOfficeId: 1 });
    expect((await patch(admin, u.id, { notaryOffice: 2, oldOffice: 1 })).statusCode).toBe(200);
    // The profile, opened before the move, sends the office it showed, twice.
    const res = await patch(u, u.id, { firstName: 'Claire', notaryOffice: 1, oldOffice: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Claire', notary_office: { id: 2, city: 'Lyon' } });
  });

  it('refuses unknown and inactive offices and malformed ids with a French 400', async () => {
    const u = await t.signedInUser();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ notaryOffice: 999 }, OFFICE_ATTACHMENT_MESSAGES.unknownOffice],
      [{ notaryOffice: dijon }, OFFICE_ATTACHMENT_MESSAGES.inactiveOffice],
      [{ notaryOffice: 'abc' }, 'Identifiant d’office notarial invalide.'],
      [{ notaryOffice: 0 }, 'Identifiant d’office notarial invalide.'],
      [{ notaryOffice: 2, oldOffice: 'Paris' }, 'Identifiant d’office notarial invalide.'],
    ];
    for (const [payload, message] of cases) {
      const res = await patch(admin, u.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await officeOf(u)).toBeNull();
  });
});
