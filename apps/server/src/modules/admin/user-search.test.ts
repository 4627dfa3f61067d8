import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';

// The admin's users search: each word anywhere in the first name, last name
// or e-mail, case and accents ignored.

describe.each(BACKENDS)("admin's user search on %s", (backend) => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    const a = await t.createUser({
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
      firstName: 'Alice',
      lastName: 'Admin',
      email: 'alice.admin@exemple.fr',
    });
    admin = bearer(await t.tokenFor(a.email, a.password));
    await t.createUser({ firstName: 'Léa', lastName: 'Héritière', email: 'lea.h@exemple.fr' });
    await t.createUser({ firstName: 'Marc', lastName: 'Notaire', email: 'marc.notaire@notadoo.fr' });
    await t.createUser({ firstName: 'Anne-Sophie', lastName: "D'Aubigné", email: 'asd@etude-paris.fr' });
    await t.createUser({ firstName: 'Paul', lastName: 'Martin', email: 'paul@notadoo.com' });
  });
  afterAll(() => t.close());

  const emailsFound = async (search: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?sort=name&order=asc&search=${encodeURIComponent(search)}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(res.json().length));
    return (res.json() as Array<{ email: string }>).map((u) => u.email);
  };

  it('finds a part of an e-mail, its domain included', async () => {
    expect(await emailsFound('notadoo.fr')).toEqual(['marc.notaire@notadoo.fr']);
    expect(await emailsFound('@notadoo')).toEqual(['paul@notadoo.com', 'marc.notaire@notadoo.fr']);
    expect(await emailsFound('etude-paris')).toEqual(['asd@etude-paris.fr']);
  });

  it('finds names without their accents or case, and by a part inside', async () => {
    expect(await emailsFound('heritiere')).toEqual(['lea.h@exemple.fr']);
    expect(await emailsFound('HÉRITIÈRE lea')).toEqual(['lea.h@exemple.fr']);
    expect(await emailsFound('ritiè')).toEqual(['lea.h@exemple.fr']);
    expect(await emailsFound('aubigne sophie')).toEqual(['asd@etude-paris.fr']);
    expect(await emailsFound('otair')).toEqual(['marc.notaire@notadoo.fr']);
  });

  it('needs every word, each in any of the three fields', async () => {
    expect(await emailsFound('marc notadoo')).toEqual(['marc.notaire@notadoo.fr']);
    expect(await emailsFound('paul notaire')).toEqual([]);
  });

  it('finds nothing for a search of punctuation alone (no word), and everyone for a blank one', async () => {
    expect(await emailsFound('%')).toEqual([]);
    expect(await emailsFound('_ .')).toEqual([]);
    expect(await emailsFound('  ')).toHaveLength(5);
  });

  it('follows a rename at once', async () => {
    const u = await t.createUser({ firstName: 'Zoé', lastName: 'Avant', email: 'zoe@exemple.fr' });
    const res = await t.app.inject({ method: 'PATCH', url: `/api/users/${u.id}`, headers: admin, payload: { lastName: 'Après-Coup' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await emailsFound('apres coup')).toEqual(['zoe@exemple.fr']);
    expect(await emailsFound('avant')).toEqual([]);
  });
});
