import { DASHBOARD_PAGE_SIZE, NEXT_PAGE_HEADER } from '@notadoo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';

// The dashboard list in pages (issue 11): newest first, every project once
// across pages, filters applied by the server before paging.

describe.each(BACKENDS)('dashboard pages on %s', (backend) => {
  let t: TestApp;
  type Actor = { id: number; headers: Record<string, string> };
  let client: Actor, admin: Actor, parisNotary: Actor;
  const created: number[] = [];

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    return { id: u.id, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const get = (a: Actor, query = '') => t.app.inject({ method: 'GET', url: `/api/projects/mine${query}`, headers: a.headers });
  const idsOf = (res: { json(): unknown }) => (res.json() as Array<{ id: number }>).map((p) => p.id);

  /** Follows the next-page header to the end. */
  async function allPages(a: Actor, query: string): Promise<number[][]> {
    const pages: number[][] = [];
    let url = query;
    for (;;) {
      const res = await get(a, url);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(idsOf(res));
      const next = res.headers[NEXT_PAGE_HEADER];
      if (typeof next !== 'string') return pages;
      url = `${query}${query.includes('?') ? '&' : '?'}after=${encodeURIComponent(next)}`;
    }
  }

  beforeAll(async () => {
    t = await buildTestApp(backend);
    client = await actor();
    admin = await actor({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    parisNotary = await actor({ isNotary: true, notaryOfficeId: 1 });
    const names = ['Vente Élise Martin', 'Succession Dupré', 'Vente studio Lyon', 'Succession Lefèvre', 'Vente maison 50%_off'];
    for (let i = 0; i < 30; i++) {
      const succession = i % 2 === 1;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/project',
        headers: client.headers,
        payload: {
          name: `${names[i % names.length]} ${i}`,
          type: succession ? 'succession' : 'realty',
          subtype: succession ? 'settlement' : 'appt',
          role: succession ? 'heir' : 'seller',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json().id);
    }
    // Five files go to the Paris office.
    for (const id of created.slice(0, 5)) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/project/${id}`, headers: client.headers, payload: { office: 1 } });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('gives the first page without any parameter, newest first, with the cursor of the next one', async () => {
    const res = await get(client);
    expect(idsOf(res)).toEqual([...created].reverse().slice(0, DASHBOARD_PAGE_SIZE));
    expect(res.headers[NEXT_PAGE_HEADER]).toEqual(expect.any(String));
  });

  it('walks every project exactly once across pages of any size', async () => {
    const pages = await allPages(client, '?limit=7');
    expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 7, 2]);
    expect(pages.flat()).toEqual([...created].reverse());
  });

  it('filters by type, status and name (case and accents ignored, wildcards matching nothing) before paging', async () => {
    const successions = (await allPages(client, '?type=succession&limit=4')).flat();
    expect(successions).toHaveLength(15);
    const elise = idsOf(await get(client, `?q=${encodeURIComponent('ELISE')}`));
    expect(elise).toEqual(created.filter((_, i) => i % 5 === 0).reverse());
    expect(idsOf(await get(client, `?q=${encodeURIComponent('lefevre')}`))).toEqual(created.filter((_, i) => i % 5 === 3).reverse());
    expect(idsOf(await get(client, `?q=${encodeURIComponent('50%_')}`))).toEqual(created.filter((_, i) => i % 5 === 4).reverse());
    // Punctuation separates words (dashboard-search.test.ts): alone, it is no word and finds nothing.
    expect(idsOf(await get(client, `?q=${encodeURIComponent('%')}&limit=100`))).toEqual([]);
    expect(idsOf(await get(client, '?status=2'))).toEqual([]);
  });

  it("lists an office's files to its notary, and filters the admin's list by office city", async () => {
    expect((await allPages(parisNotary, '?limit=2')).flat()).toEqual(created.slice(0, 5).reverse());
    const paris = (await allPages(admin, '?city=Paris&limit=3')).flat();
    expect(paris).toEqual(expect.arrayContaining(created.slice(0, 5)));
    expect(paris.filter((id) => created.includes(id))).toEqual(created.slice(0, 5).reverse());
  });

  it.for([
    ['?limit=0', 'Le nombre de dossiers par page doit être compris entre 1 et 100.'],
    ['?limit=101', 'Le nombre de dossiers par page doit être compris entre 1 et 100.'],
    ['?after=not-a-cursor', 'La page demandée est invalide. Merci de recharger la liste de vos dossiers.'],
    [
      `?after=${Buffer.from(JSON.stringify(['hier', 1])).toString('base64url')}`,
      'La page demandée est invalide. Merci de recharger la liste de vos dossiers.',
    ],
    ['?type=boat', 'Le type de dossier doit être « realty » ou « succession ».'],
  ])('refuses %s with a French message', async ([query, message]) => {
    const res = await get(client, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});
