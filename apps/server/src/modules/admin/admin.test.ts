import { ADMIN_MESSAGES } from '@notadoo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { projects } from '../../db/schema';

describe.each(BACKENDS)('administration on %s', (backend) => {
  let t: TestApp;
  let admin: { id: number; headers: Record<string, string> };
  let client: { id: number; email: string; headers: Record<string, string> };

  beforeAll(async () => {
    t = await buildTestApp(backend);
    const a = await t.createUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'], firstName: 'Alice', lastName: 'Admin' });
    admin = { id: a.id, headers: bearer(await t.tokenFor(a.email, a.password)) };
    const c = await t.createUser();
    client = { id: c.id, email: c.email, headers: bearer(await t.tokenFor(c.email, c.password)) };
  });
  afterAll(() => t.close());

  const toggle = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/admin/user/toggleStatus', headers, payload });

  it('refuses every admin call to a non-admin with 403', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/admin/users' },
      {
        method: 'POST' as const,
        url: '/api/admin/users',
        payload: { email: 'x@exemple.fr', password: 'Lanterne123', passwordConfirm: 'Lanterne123', firstName: 'X', lastName: 'Y' },
      },
      { method: 'POST' as const, url: '/api/admin/user/toggleStatus', payload: { id: admin.id, data: '0', action: 'admin' } },
      { method: 'POST' as const, url: '/api/admin/user/roles', payload: { id: admin.id, roles: [] } },
      { method: 'GET' as const, url: '/api/projects/open' },
      { method: 'GET' as const, url: '/api/projects/open/export' },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: client.headers });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json().message).toMatch(/^Erreur/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
  });

  it('refuses an admin changing their own statuses or roles with 401 and the spec message', async () => {
    const res = await toggle(admin.headers, { id: admin.id, data: '0', action: 'admin' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: ADMIN_MESSAGES.ownStatusesLocked });
    const roles = await t.app.inject({
      method: 'POST',
      url: '/api/admin/user/roles',
      headers: admin.headers,
      payload: { id: admin.id, roles: [] },
    });
    expect(roles.statusCode).toBe(401);
    expect(roles.json().message).toBe('Erreur : il est impossible de modifier ses propres statuts.');
    // Still an admin, and the session is untouched.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: admin.headers })).statusCode).toBe(200);
  });

  it('toggles each of the six statuses and answers them all', async () => {
    const u = await t.createUser();
    const cases: Array<[string, string]> = [
      ['validated', 'isEmailConfirmed'],
      ['pro', 'isPro'],
      ['notary', 'isNotary'],
      ['needsRoleChange', 'needsRoleChange'],
    ];
    for (const [action, field] of cases) {
      const on = await toggle(admin.headers, { id: u.id, data: 'yes', action });
      expect(on.statusCode, action).toBe(200);
      expect(Object.keys(on.json()).sort()).toEqual(['isActive', 'isEmailConfirmed', 'isNotary', 'isPro', 'needsRoleChange', 'roles']);
      expect(on.json()[field], action).toBe(true);
      const off = await toggle(admin.headers, { id: u.id, data: 'no', action });
      expect(off.json()[field], action).toBe(false);
    }
    const madeAdmin = await toggle(admin.headers, { id: u.id, data: true, action: 'admin' });
    expect(madeAdmin.json().roles).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
    expect((await toggle(admin.headers, { id: u.id, data: false, action: 'admin' })).json().roles).toEqual(['ROLE_USER']);
    expect((await toggle(admin.headers, { id: u.id, data: '1', action: 'voler' })).statusCode).toBe(400);
    expect((await toggle(admin.headers, { id: 999999, data: '1', action: 'pro' })).statusCode).toBe(404);
    expect((await toggle(admin.headers, { id: 'abc', data: '1', action: 'pro' })).statusCode).toBe(400);
  });

  it('stops a disabled account at once: its existing token is refused, then login too', async () => {
    const u = await t.createUser();
    const headers = bearer(await t.tokenFor(u.email, u.password));
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers })).statusCode).toBe(200);
    expect((await toggle(admin.headers, { id: u.id, data: '0', action: 'active' })).json().isActive).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { login: u.email, password: u.password } })).statusCode,
    ).toBe(401);
    await toggle(admin.headers, { id: u.id, data: '1', action: 'active' });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers })).statusCode).toBe(200);
  });

  it('unblocks a signup intermediary request: granting "pro" clears the pending flag and allows project creation', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: {
        email: 'agent.immo@exemple.fr',
        password: 'Agence2026',
        passwordConfirm: 'Agence2026',
        firstName: 'Paul',
        lastName: 'Agent',
        intermediary: 'yes',
      },
    });
    const headers = bearer(signup.json().token);
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers })).json();
    expect(me.needsRoleChange).toBe(true);
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/project',
      headers,
      payload: { name: 'Vente', type: 'realty', subtype: 'house', role: 'intermediary' },
    });
    expect(blocked.statusCode).toBeGreaterThanOrEqual(400);
    const pending = await t.app.inject({ method: 'GET', url: '/api/admin/users?pending=1', headers: admin.headers });
    expect(pending.json().map((u: { id: number }) => u.id)).toContain(me.id);
    const granted = await toggle(admin.headers, { id: me.id, data: '1', action: 'pro' });
    expect(granted.json()).toMatchObject({ isPro: true, needsRoleChange: false });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/project',
      headers,
      payload: { name: 'Vente', type: 'realty', subtype: 'house', role: 'intermediary' },
    });
    expect(created.statusCode).toBe(201);
  });

  it('creates a user with the registration form rules', async () => {
    const create = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/admin/users', headers: admin.headers, payload });
    const valid = {
      email: 'Nouvel.Utilisateur@exemple.fr',
      password: 'Lanterne123',
      passwordConfirm: 'Lanterne123',
      firstName: 'Nina',
      lastName: 'Nouvel',
    };
    const mismatch = await create({ ...valid, passwordConfirm: 'Lanterne124' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Veuillez confirmer le mot de passe.');
    expect((await create({ ...valid, password: 'court1', passwordConfirm: 'court1' })).json().message).toBe(
      'Votre mot de passe doit contenir au moins 6 caractères et 1 chiffre.',
    );
    for (const field of ['email', 'password', 'passwordConfirm', 'firstName', 'lastName']) {
      const res = await create({ ...valid, [field]: undefined });
      expect(res.statusCode, field).toBe(400);
    }
    const ok = await create(valid);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      email: 'nouvel.utilisateur@exemple.fr',
      firstName: 'Nina',
      roles: ['ROLE_USER'],
      isEmailConfirmed: false,
    });
    expect(t.mails.at(-1)).toMatchObject({ to: 'nouvel.utilisateur@exemple.fr', subject: 'Confirmez votre adresse email' });
    expect((await create(valid)).statusCode).toBe(409);
    await t.tokenFor('nouvel.utilisateur@exemple.fr', 'Lanterne123');
  });

  it('changes roles, always keeping ROLE_USER', async () => {
    const u = await t.createUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/user/roles',
      headers: admin.headers,
      payload: { id: u.id, roles: ['ROLE_AGENT', 'ROLE_CASE_MANAGER'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(['ROLE_USER', 'ROLE_AGENT', 'ROLE_CASE_MANAGER']);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/user/roles',
      headers: admin.headers,
      payload: { id: u.id, roles: ['ROLE_ROOT'] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('pages users 10 at a time, searches by name or e-mail prefix, sorts by name and date', async () => {
    for (let i = 0; i < 12; i += 1) {
      await t.createUser({ firstName: `Prénom${i}`, lastName: `Zorglub${String(i).padStart(2, '0')}`, email: `zorglub${i}@recherche.fr` });
    }
    const first = await t.app.inject({ method: 'GET', url: '/api/admin/users?search=zorglub&sort=name&order=asc', headers: admin.headers });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('12');
    expect(first.json()).toHaveLength(10);
    expect(first.json()[0].lastName).toBe('Zorglub00');
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?search=zorglub&sort=name&order=asc&page=2',
      headers: admin.headers,
    });
    expect(second.json().map((u: { lastName: string }) => u.lastName)).toEqual(['Zorglub10', 'Zorglub11']);
    const desc = await t.app.inject({ method: 'GET', url: '/api/admin/users?search=ZORGLUB&sort=name&order=desc', headers: admin.headers });
    expect(desc.json()[0].lastName).toBe('Zorglub11');
    const byDate = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?search=zorglub&sort=date&order=desc',
      headers: admin.headers,
    });
    expect(byDate.json()[0].email).toBe('zorglub11@recherche.fr');
    const twoWords = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?search=${encodeURIComponent('prénom3 zorg')}`,
      headers: admin.headers,
    });
    expect(twoWords.json().map((u: { email: string }) => u.email)).toEqual(['zorglub3@recherche.fr']);
    const literal = await t.app.inject({ method: 'GET', url: '/api/admin/users?search=%25', headers: admin.headers });
    expect(literal.json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users?sort=age', headers: admin.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users?page=0', headers: admin.headers })).statusCode).toBe(400);
  });

  it('pages the billing list 100 at a time over the range and exports the whole range as CSV', async () => {
    const year = t.clock.now().getUTCFullYear();
    const rows = Array.from({ length: 105 }, (_, i) => ({
      name: i === 0 ? 'Vente "Martin"; maison' : `Dossier ${i}`,
      type: 'realty' as const,
      subtype: 'house' as const,
      notaryOfficeId: 1,
      createdAt: new Date(Date.UTC(year - 3, 5, 1, 10, 0, i)),
    }));
    await t.database.db.insert(projects).values(rows);
    const range = `from=${year - 3}-06-01&to=${year - 3}-06-01`;
    const page1 = await t.app.inject({ method: 'GET', url: `/api/projects/open?${range}`, headers: admin.headers });
    expect(page1.statusCode).toBe(200);
    expect(page1.headers['x-total-count']).toBe('105');
    expect(page1.json()).toHaveLength(100);
    expect(page1.json()[0]).toEqual({
      id: expect.any(Number),
      name: 'Vente "Martin"; maison',
      city: 'Paris',
      created_at: `${year - 3}-06-01T10:00:00.000Z`,
      status: 1,
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/open?${range}&page=2`, headers: admin.headers })).json()).toHaveLength(
      5,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/open?from=${year}-02-30`, headers: admin.headers })).statusCode).toBe(
      400,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/projects/open?from=${year}-05-01&to=${year}-04-01`, headers: admin.headers }))
        .statusCode,
    ).toBe(400);

    const csv = await t.app.inject({ method: 'GET', url: `/api/projects/open/export?${range}`, headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="export_projet.csv"');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Identifiant;Nom du dossier;Ville de l’office;Date de création;Statut');
    expect(lines).toHaveLength(106);
    expect(lines[1]).toBe(`${page1.json()[0].id};"Vente ""Martin""; maison";Paris;01/06/${year - 3};En cours de création`);
  });

  it('exports project names a client chose as formulas as plain text, prefixed with a quote', async () => {
    const names = ['=1+2', '+1+2', '-1+2', '@SUM(A1:A9)', '=HYPERLINK("http://pirate.test","Facture")', 'Vente,=1+2'];
    const ids: number[] = [];
    for (const name of names) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/project',
        headers: client.headers,
        payload: { name, type: 'realty', subtype: 'house', role: 'seller' },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    // A leading tab or carriage return cannot be typed through the API (names are trimmed), but may come from older rows.
    const [tab, cr] = await t.database.db
      .insert(projects)
      .values(['\t=1+2', '\r=1+2'].map((name) => ({ name, type: 'realty' as const, subtype: 'house' as const, createdAt: t.clock.now() })))
      .returning({ id: projects.id });
    const day = t.clock.now().toISOString().slice(0, 10);
    const csv = await t.app.inject({ method: 'GET', url: `/api/projects/open/export?from=${day}&to=${day}`, headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    // id;name;city;date;status: the name is what lies between the first field and the last three.
    const nameOf = new Map(csv.body.split('\r\n').map((line) => [Number(line.split(';')[0]), line.split(';').slice(1, -3).join(';')]));
    expect(ids.map((id) => nameOf.get(id))).toEqual([
      "'=1+2",
      "'+1+2",
      "'-1+2",
      "'@SUM(A1:A9)",
      '"\'=HYPERLINK(""http://pirate.test"",""Facture"")"',
      "Vente,'=1+2",
    ]);
    expect(nameOf.get(tab!.id)).toBe("'\t'=1+2");
    expect(nameOf.get(cr!.id)).toBe('"\'\r\'=1+2"');
  });
});
