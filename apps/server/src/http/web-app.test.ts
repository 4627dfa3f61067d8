import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { CLIENT_ROUTE_PATHS } from '@notadoo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from '../../test/test-app';

describe('serving the built web app', () => {
  let t: TestApp;
  const dist = mkdtempSync(path.join(tmpdir(), 'notadoo-dist-'));
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="fr"><title>Notadoo</title></html>');
    writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'index-Bx7k2QeA.js'), 'console.log(2)');
    writeFileSync(path.join(dist, 'assets', 'index-Bx7k2QeA.js.br'), brotliCompressSync('console.log(2)'));
    // What the web build prerenders (apps/web/build/prerender-pages.ts): the home and the login page.
    mkdirSync(path.join(dist, 'prerendered'));
    writeFileSync(path.join(dist, 'prerendered', 'index.html'), '<!doctype html><html lang="fr"><title>Accueil – Notadoo</title></html>');
    writeFileSync(path.join(dist, 'prerendered', 'login.html'), '<!doctype html><html lang="fr"><title>Connexion – Notadoo</title></html>');
    t = await buildTestApp('pglite', { config: { ...testConfig, webDistDir: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for client routes, static files as they are, and JSON 404 under /api', async () => {
    for (const url of ['/dashboard', '/project/12/dashboard', '/reset/password/abc', '/signup?email=a%40b.fr']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      // Checked again on every visit, so that a new release is seen at once.
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body).toContain('<title>Notadoo</title>');
    }
    expect((await t.app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe("Cette adresse de l'API n'existe pas.");
  });

  it('answers 200 at every client route and 404 (with the app, which shows its not-found page) at any other page address', async () => {
    // Every routed pattern, its parameters filled in as a visitor's address would be.
    const known = CLIENT_ROUTE_PATHS.map((pattern) => pattern.replace(':id', '42').replace(':token', 'jeton-de-test'));
    for (const url of [...known, '/Dashboard', '/dashboard/', '/contact?motif=notaire']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    for (const url of [
      '/page-inconnue',
      '/dashboards',
      '/project/abc/dashboard',
      '/project/12/form/inconnu',
      '/assets/disparu-Ab12.js',
      '/page-inconnue?x=1',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.headers['cache-control'], url).toBe('no-cache');
        if (method === 'GET') expect(res.body, url).toContain('<title>Notadoo</title>');
      }
    }
  });

  it('lets browsers keep hashed build files a year, and checks other files on every visit', async () => {
    const hashed = await t.app.inject({ method: 'GET', url: '/assets/index-Bx7k2QeA.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const compressed = await t.app.inject({ method: 'GET', url: '/assets/index-Bx7k2QeA.js', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/app.js' })).headers['cache-control']).toBe('no-cache');
  });

  it('sends the prerendered home and login page to visitors without a session, the plain app to signed-in users', async () => {
    const page = async (url: string, cookie?: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers.vary).toContain('Cookie');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      return /<title>([^<]*)<\/title>/.exec(res.body)?.[1];
    };
    expect(await page('/')).toBe('Accueil – Notadoo');
    expect(await page('/login')).toBe('Connexion – Notadoo');
    expect(await page('/login?next=%2Fdashboard', 'theme=1; other=2')).toBe('Connexion – Notadoo');
    // Signed in, the prerendered login form would flash before the redirect to the dashboard.
    expect(await page('/login', 'theme=1; authToken=abc.def')).toBe('Notadoo');
    expect(await page('/', 'authToken=abc.def')).toBe('Notadoo');
    // An empty cookie (after sign-out) is no session.
    expect(await page('/login', 'authToken=')).toBe('Connexion – Notadoo');
  });

  it('sends security headers with a CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
