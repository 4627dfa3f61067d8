import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { acceptedEncoding } from './shared-answers';

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, and honours a refusal by q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('BR ; q=1')).toBe('br');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(acceptedEncoding('deflate')).toBe('identity');
    expect(acceptedEncoding(undefined)).toBe('identity');
  });
});

// Kept answers are sent from bytes encoded once (issue 11): whatever the encoding, the client reads the same JSON.
describe('answers sent from what is kept in memory', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let projectId: number;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    const user = await t.signedInUser();
    headers = user.headers;
    for (let i = 0; i < 8; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/api/project', headers, payload: { name: `Vente de la maison n° ${i}`, type: 'realty', subtype: 'house', role: 'seller' } });
      projectId = res.json<{ id: number }>().id;
    }
  });
  afterAll(() => t.close());

  it.each(['/api/projects/mine', '/api/project/{id}', '/api/users/me'])('%s reads the same in brotli, gzip and plain, the second time as the first', async (route) => {
    const url = route.replace('{id}', String(projectId));
    const get = (acceptEncoding?: string) => t.app.inject({ method: 'GET', url, headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const expected = plain.json();
    for (let round = 0; round < 2; round += 1) {
      const br = await get('gzip, br');
      const gzip = await get('gzip');
      const body = (res: typeof br) => {
        if (res.headers['content-encoding'] === 'br') return JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'));
        if (res.headers['content-encoding'] === 'gzip') return JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
        return res.json();
      };
      expect(body(br)).toEqual(expected);
      expect(body(gzip)).toEqual(expected);
      expect(br.headers.vary).toContain('accept-encoding');
      expect((await get()).json()).toEqual(expected);
    }
  });

  it('compresses the large answers the client accepts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/mine', headers: { ...headers, 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(brotliDecompressSync(res.rawPayload).length);
    const refused = await t.app.inject({ method: 'GET', url: '/api/projects/mine', headers: { ...headers, 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });
});
