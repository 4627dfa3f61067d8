import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { MESSAGES } from '@notadoo/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 9, hostile test: every multipart route (avatar, cover, project file)
 * answers a body it cannot read with a French 4xx, never a 500, and keeps
 * nothing of it.
 */
describe.each(BACKENDS)('malformed multipart bodies on %s', (backend) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let routes: Array<{ url: string; fields: Record<string, string>; fileField: string }>;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    const user = await t.createUser();
    headers = bearer(await t.tokenFor(user.email, user.password));
    const api = (method: 'POST', url: string, payload: object) => t.app.inject({ method, url: `/api${url}`, headers, payload });
    const project = (await api('POST', '/project', { name: 'Vente', type: 'realty', subtype: 'house', role: 'seller' })).json();
    const seller = (await t.app.inject({ method: 'GET', url: `/api/project/${project.id}`, headers })).json().participants[0].id;
    const withDrawer = (
      await api('POST', '/participant/adddocument', {
        projectId: project.id,
        docType: 'document_files',
        docFileType: 'identity_card',
        participantId: seller,
      })
    ).json();
    const drawerId = withDrawer.documents.flatMap((d: { document_files: Array<{ id: number }> }) => d.document_files).at(-1).id;
    routes = [
      { url: '/api/users/avatar', fields: { email: user.email }, fileField: 'avatar' },
      { url: '/api/project/cover', fields: { id: String(project.id) }, fileField: 'cover_image' },
      { url: `/api/project/${project.id}/addfile`, fields: { id: String(drawerId) }, fileField: 'file' },
    ];
  });
  afterAll(() => t.close());

  const cases = (body: ReturnType<typeof multipartBody>) => {
    const contentType = body.headers['content-type'];
    return {
      'no boundary': {
        status: 400,
        message: MESSAGES.malformedMultipart,
        headers: { 'content-type': 'multipart/form-data' },
        payload: body.payload,
      },
      'a wrong boundary': {
        status: 400,
        message: MESSAGES.malformedMultipart,
        headers: { 'content-type': 'multipart/form-data; boundary=une-autre-limite' },
        payload: body.payload,
      },
      'a truncated body': {
        status: 400,
        message: MESSAGES.malformedMultipart,
        headers: { 'content-type': contentType },
        payload: body.payload.subarray(0, body.payload.length - 40),
      },
      'a gzip-encoded body': {
        status: 415,
        message: MESSAGES.compressedUploadRefused,
        headers: { 'content-type': contentType, 'content-encoding': 'gzip' },
        payload: gzipSync(body.payload),
      },
    };
  };

  it('answers each of the four with a French 4xx on all three routes, keeps nothing, and still takes a well-formed upload', async () => {
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#2c3e50' } })
      .png()
      .toBuffer();
    const answers: string[] = [];
    for (const route of routes) {
      const body = multipartBody(route.fields, { field: route.fileField, name: 'photo.png', content: photo, type: 'image/png' });
      for (const [label, c] of Object.entries(cases(body))) {
        const res = await t.app.inject({ method: 'POST', url: route.url, headers: { ...headers, ...c.headers }, payload: c.payload });
        answers.push(`${route.url} ${label}: ${res.statusCode} ${res.json().message}`);
        expect(answers.at(-1)).toBe(`${route.url} ${label}: ${c.status} ${c.message}`);
      }
    }
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers })).json();
    expect(me.avatar ?? null).toBeNull();
    const tmp = path.join(t.dataDir, 'tmp');
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
    for (const dir of ['uploads/avatars', 'uploads/covers'])
      expect(existsSync(path.join(t.dataDir, dir)) ? readdirSync(path.join(t.dataDir, dir)) : []).toEqual([]);
    for (const route of routes) {
      const body = multipartBody(route.fields, { field: route.fileField, name: 'photo.png', content: photo, type: 'image/png' });
      const res = await t.app.inject({ method: 'POST', url: route.url, headers: { ...headers, ...body.headers }, payload: body.payload });
      expect(res.statusCode, `${route.url} ${res.body}`).toBe(200);
    }
  });
});
