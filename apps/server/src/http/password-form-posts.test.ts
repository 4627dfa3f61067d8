import { Writable } from 'node:stream';
import { PASSWORD_FORM_ACTIONS } from '@notadoo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart';
import { BACKENDS, buildTestApp, type TestApp } from '../../test/test-app';

const SECRET = 'MotDePasseSecret2026';

/** A form posted before the web app's code ran: sent back to its page, its body read by nothing. */
describe.each(BACKENDS)('forms holding a password, posted to their page, on %s', (backend) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await buildTestApp(backend, { logger: { level: 'trace', stream } });
  });
  afterAll(() => t.close());

  it('answers 303 to the same page for every such form, and logs nothing of the password', async () => {
    for (const page of Object.values(PASSWORD_FORM_ACTIONS)) {
      const res = await t.app.inject({
        method: 'POST',
        url: page,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ login: 'claire@exemple.fr', password: SECRET, passwordConfirm: SECRET }).toString(),
      });
      expect(res.statusCode, page).toBe(303);
      expect(res.headers.location, page).toBe(page);
      expect(res.body).not.toContain(SECRET);
    }
    expect(lines.join('')).toContain('"url":"/login"');
    expect(lines.join('')).not.toContain(SECRET);
  });

  it('answers the same whatever the body: JSON, multipart, text, none, or one that does not parse', async () => {
    const bodies: Array<{ headers?: Record<string, string>; payload?: string | Buffer }> = [
      { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ password: SECRET }) },
      { headers: { 'content-type': 'application/json' }, payload: `{"password": "${SECRET}"` },
      multipartBody({ password: SECRET }),
      { headers: { 'content-type': 'text/plain' }, payload: `password=${SECRET}` },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '%E0%A4%A=%' },
      {},
    ];
    for (const body of bodies) {
      const res = await t.app.inject({ method: 'POST', url: '/login', ...body });
      expect(res.statusCode, JSON.stringify(body.headers)).toBe(303);
      expect(res.headers.location).toBe('/login');
    }
    expect(lines.join('')).not.toContain(SECRET);
  });

  it('refuses a body far larger than a form in French, and leaves the API untouched', async () => {
    const huge = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `password=${'x'.repeat(100 * 1024)}`,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/^[A-ZÀ-Ý].*\.$/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { login: 'personne@exemple.fr', password: SECRET },
    });
    expect(login.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/dashboard', payload: {} })).statusCode).toBe(404);
  });
});
