import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorAnswer } from '../../test/error-answers';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../test/test-app';

const ROUTES: Array<{ method: 'GET' | 'POST' | 'PATCH'; url: string }> = [
  { method: 'POST', url: '/api/users/signup' },
  { method: 'POST', url: '/api/users/login' },
  { method: 'POST', url: '/api/users/reset/password' },
  { method: 'POST', url: '/api/users/email/confirm' },
  { method: 'POST', url: '/api/users/email/resendConfirm' },
  { method: 'PATCH', url: '/api/users/{self}' },
];

const BODIES: Array<{ label: string; payload: string; contentType: string }> = [
  { label: 'malformed JSON', payload: '{"login": ', contentType: 'application/json' },
  { label: 'a JSON array', payload: '[1,2,3]', contentType: 'application/json' },
  { label: 'JSON null', payload: 'null', contentType: 'application/json' },
  { label: 'a JSON string', payload: '"bonjour"', contentType: 'application/json' },
  {
    label: 'wrong types',
    payload: JSON.stringify({ login: 42, email: ['a'], password: { x: 1 }, token: true, firstName: null }),
    contentType: 'application/json',
  },
  { label: 'an empty object', payload: '{}', contentType: 'application/json' },
  {
    label: 'a very long value',
    payload: JSON.stringify({ email: `${'a'.repeat(5000)}@exemple.fr`, login: 'x', password: 'y'.repeat(5000) }),
    contentType: 'application/json',
  },
  { label: 'an unsupported content type', payload: '<xml/>', contentType: 'application/xml' },
  { label: 'an empty form', payload: '', contentType: 'application/x-www-form-urlencoded' },
  {
    label: 'a form with repeated fields',
    payload: 'email=a@b.fr&email=c@d.fr&login=a&login=b',
    contentType: 'application/x-www-form-urlencoded',
  },
];

describe.each(BACKENDS)('bad input on %s', (backend) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let selfId: number;
  beforeAll(async () => {
    t = await buildTestApp(backend, {
      rateLimits: { signupPerIp: { max: 1000, windowMs: 1000 }, mailPerIp: { max: 1000, windowMs: 1000 } },
    });
    const user = await t.createUser();
    selfId = user.id;
    headers = bearer(await t.tokenFor(user.email, user.password));
  });
  afterAll(() => t.close());

  for (const route of ROUTES) {
    // An empty PATCH is a valid no-op, not bad input.
    const bodies = route.method === 'PATCH' ? BODIES.filter((b) => !b.label.startsWith('an empty')) : BODIES;
    for (const body of bodies) {
      it(`${route.method} ${route.url} with ${body.label} answers 4xx with a French message`, async () => {
        const res = await t.app.inject({
          method: route.method,
          url: route.url.replace('{self}', String(selfId)),
          headers: { ...headers, 'content-type': body.contentType },
          payload: body.payload,
        });
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
        expectErrorAnswer(res, res.statusCode);
        expect(res.json().message).toMatch(/[a-zéèêàç]/i);
        expect(res.json().message).not.toMatch(/Invalid|Expected|Unexpected|Body|must be/);
      });
    }
  }

  it('answers an unknown API route with a French 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/inexistant' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'ROUTE_NOT_FOUND', message: "Cette adresse de l'API n'existe pas." });
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ login: 'a@b.fr', password: 'x'.repeat(1_100_000) }),
    });
    expect(expectErrorAnswer(res, 413, 'PAYLOAD_TOO_LARGE').message).toBe('Le contenu envoyé est trop volumineux.');
  });

  it('describes every route in the OpenAPI document at /api/docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/users/signup',
      '/api/users/login',
      '/api/users/me',
      '/api/users/{id}',
      '/api/notaryoffices',
      '/api/users/reset/password',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
