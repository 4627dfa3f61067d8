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
      ['active', 'address', 'city', 'email', 'id', 'image', 'latitude', 'link_contact', 'link_more_info', 'longitude', 'phone', 'position', 'postal_code'].sort(),
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
});
