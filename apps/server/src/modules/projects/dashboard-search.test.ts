import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, buildTestApp, type TestApp } from '../../../test/test-app';

// The dashboard's search finds each word anywhere in the name, whatever
// punctuation, case or accents lie between or on them.

describe.each(BACKENDS)('dashboard search by words on %s', (backend) => {
  let t: TestApp;
  let client: Awaited<ReturnType<TestApp['signedInUser']>>;
  const ids: Record<string, number> = {};
  const names = ['Les Lilas, Paris', 'Succession Lefèvre-Dupré', 'Vente rue de Paris (Lyon)', 'Maison des Lilas'];

  beforeAll(async () => {
    t = await buildTestApp(backend);
    client = await t.signedInUser();
    for (const name of names) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/project',
        headers: client.headers,
        payload: { name, type: 'realty', subtype: 'house', role: 'seller' },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[name] = res.json().id;
    }
  });
  afterAll(() => t.close());

  const search = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/projects/mine?q=${encodeURIComponent(q)}`, headers: client.headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Array<{ name: string }>).map((p) => p.name).sort();
  };

  it('finds every word anywhere, across punctuation and in any order', async () => {
    expect(await search('lilas paris')).toEqual(['Les Lilas, Paris']);
    expect(await search('Paris, LILAS')).toEqual(['Les Lilas, Paris']);
    expect(await search('dupre lefevre')).toEqual(['Succession Lefèvre-Dupré']);
    expect(await search('lyon paris')).toEqual(['Vente rue de Paris (Lyon)']);
    expect(await search('lilas')).toEqual(['Les Lilas, Paris', 'Maison des Lilas']);
    expect(await search('lilas bordeaux')).toEqual([]);
  });

  it('shows everything for a blank search', async () => {
    expect(await search('   ')).toEqual([...names].sort());
  });
});
