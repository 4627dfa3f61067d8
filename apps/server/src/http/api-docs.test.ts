import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('the API documentation at /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t.close());

  it('gives a program the OpenAPI document and sends a browser to Swagger UI, without a session', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: '*/*' } });
    expect(document.statusCode).toBe(200);
    expect(document.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), info: { title: 'API Notadoo' } });

    const browser = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: BROWSER_ACCEPT } });
    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe('/api/docs/ui/');
  });

  it('serves Swagger UI: its page loads only scripts of the site (the CSP allows no other), and it reads the same document', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/ui/', headers: { accept: BROWSER_ACCEPT } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>API Notadoo</title>');
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.map(([, attributes]) => attributes?.match(/src="([^"]+)"/)?.[1])).toEqual([
      './static/swagger-ui-bundle.js',
      './static/swagger-ui-standalone-preset.js',
      './static/swagger-initializer.js',
    ]);
    expect(scripts.every(([, , inline]) => inline!.trim() === '')).toBe(true);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    for (const file of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      const asset = await t.app.inject({ method: 'GET', url: `/api/docs/ui/static/${file}` });
      expect(asset.statusCode, file).toBe(200);
    }
    // The page reads the document at ./json, which the redirect's trailing slash makes /api/docs/ui/json.
    const copy = await t.app.inject({ method: 'GET', url: '/api/docs/ui/json' });
    const original = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(copy.json()).toEqual(original.json());
  });
});
