import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, buildTestApp, testConfig, type TestApp } from '../../../test/test-app';

describe.each(BACKENDS)('site information and maintenance on %s', (backend) => {
  let normal: TestApp;
  let maintenance: TestApp;
  beforeAll(async () => {
    normal = await buildTestApp(backend);
    maintenance = await buildTestApp(backend, {
      config: { ...testConfig, site: { ...testConfig.site, networkName: 'Réseau Test', maintenance: true } },
    });
  });
  afterAll(async () => {
    await normal.close();
    await maintenance.close();
  });

  it('tells the network name and that the site is open', async () => {
    const res = await normal.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.json()).toEqual({ networkName: 'Notadoo', maintenance: false });
    expect((await normal.app.inject({ method: 'GET', url: '/api/notaryoffices' })).statusCode).toBe(200);
  });

  it('answers 503 with a French message to every API call in maintenance, except the site information', async () => {
    expect((await maintenance.app.inject({ method: 'GET', url: '/api/site' })).json()).toEqual({
      networkName: 'Réseau Test',
      maintenance: true,
    });
    for (const [method, url] of [
      ['GET', '/api/notaryoffices'],
      ['POST', '/api/users/login'],
      ['GET', '/api/users/me'],
      ['POST', '/api/contact'],
    ] as const) {
      const res = await maintenance.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual({ code: 'MAINTENANCE', message: 'Le site est en maintenance. Merci de revenir dans quelques instants.' });
    }
  });
});
