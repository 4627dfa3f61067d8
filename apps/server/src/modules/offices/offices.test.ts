import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, buildTestApp, type TestApp } from '../../../test/test-app';

describe.each(BACKENDS)('notary offices on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  it('lists the seeded network to visitors, in position order, with one inactive office', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notaryoffices' });
    expect(res.statusCode).toBe(200);
    const offices = res.json() as Array<Record<string, unknown>>;
    expect(offices.filter((o) => o.active).length).toBeGreaterThanOrEqual(12);
    expect(offices.filter((o) => !o.active)).toHaveLength(1);
    expect(offices.map((o) => o.position)).toEqual([...offices.map((o) => o.position as number)].sort((a, b) => a - b));
    const paris = offices.find((o) => o.city === 'Paris')!;
    expect(paris).toMatchObject({ postal_code: '75008', email: expect.stringContaining('@'), phone: expect.any(String) });
    expect(Object.keys(paris).sort()).toEqual(
      [
        'active',
        'address',
        'city',
        'email',
        'id',
        'image',
        'latitude',
        'link_contact',
        'link_more_info',
        'longitude',
        'phone',
        'position',
        'postal_code',
      ].sort(),
    );
    for (const o of offices) {
      // Metropolitan France.
      expect(o.latitude).toBeGreaterThan(41);
      expect(o.latitude).toBeLessThan(51.2);
      expect(o.longitude).toBeGreaterThan(-5.2);
      expect(o.longitude).toBeLessThan(9.6);
      expect(o.postal_code).toMatch(/^\d{5}$/);
    }
  });

  it('serves each office image', async () => {
    const offices = (await t.app.inject({ method: 'GET', url: '/api/notaryoffices' })).json() as Array<{ image: string }>;
    for (const o of offices) {
      const img = await t.app.inject({ method: 'GET', url: o.image });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toContain('image/svg+xml');
    }
  });

  it('answers one office to visitors, for its public page: address, phone, e-mail and place on the map', async () => {
    const offices = (await t.app.inject({ method: 'GET', url: '/api/notaryoffices' })).json() as Array<{
      id: number;
      city: string;
      active: boolean;
    }>;
    const lyon = offices.find((o) => o.city === 'Lyon')!;
    const res = await t.app.inject({ method: 'GET', url: `/api/notaryoffices/${lyon.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: lyon.id,
      city: 'Lyon',
      postal_code: '69002',
      phone: '04 78 37 52 14',
      email: 'office-lyon@notadoo.fr',
      active: true,
    });
    expect(res.json().latitude).toBeCloseTo(45.7578);
    // An office that left the network is still answered, flagged inactive: its page says so.
    const inactive = offices.find((o) => !o.active)!;
    expect((await t.app.inject({ method: 'GET', url: `/api/notaryoffices/${inactive.id}` })).json().active).toBe(false);
  });

  it.for([
    ['999999', 404, "Cet office notarial n'existe pas."],
    ['abc', 400, "Identifiant d'office notarial invalide."],
    ['0', 400, "Identifiant d'office notarial invalide."],
    ['2147483648', 400, "Identifiant d'office notarial invalide."],
  ] as const)('refuses /notaryoffices/%s with %i and a French message', async ([id, status, message]) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/notaryoffices/${id}` });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
  });
});
