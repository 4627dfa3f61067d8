import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from '../../test/test-app';

describe('serving the built web app', () => {
  let t: TestApp;
  const dist = mkdtempSync(path.join(tmpdir(), 'notadoo-dist-'));
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="fr"><title>Notadoo</title></html>');
    writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');
    t = await buildTestApp('pglite', { config: { ...testConfig, webDistDir: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for client routes, static files as they are, and JSON 404 under /api', async () => {
    for (const url of ['/', '/dashboard', '/project/12/dashboard', '/reset/password/abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Notadoo</title>');
    }
    expect((await t.app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe("Cette adresse de l'API n'existe pas.");
  });

  it('sends security headers with a CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
