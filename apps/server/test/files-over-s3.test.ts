import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_UNAVAILABLE, STORED_FILE_MISSING } from '../src/files/storage/file-storage';
import { createS3Storage } from '../src/files/storage/s3-storage';
import { projectFileKey } from '../src/files/storage/storage-keys';
import { pdfTextContent } from '../src/modules/questionnaires/testing/pdf-text';
import { multipartBody, pdfWith, PNG_BYTES } from './multipart';
import { startTestS3Server, type TestS3Server } from './s3-test-server';
import { bearer, buildTestApp, type TestApp } from './test-app';

/**
 * The file journeys of the API with the S3 storage, against a real
 * S3-compatible server (s3rver): project files, covers, avatars, questionnaire
 * PDFs and the transfer downloads. The other API tests cover the same routes
 * on local disk; the storage does not depend on the database, so this file
 * runs on the embedded one only.
 */
describe('files stored in an S3 bucket', () => {
  let s3: TestS3Server;
  let t: TestApp;
  type Actor = { id: number; headers: Record<string, string> };
  let seller: Actor, notary: Actor;
  let projectId: number, sellerPid: number;

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    return { id: u.id, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const api = (a: Actor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: a.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const multipart = (
    a: Actor,
    url: string,
    fields: Record<string, string>,
    file: { field: string; name: string; content: Buffer; type: string },
  ) => {
    const body = multipartBody(fields, file);
    return t.app.inject({ method: 'POST', url: `/api${url}`, headers: { ...a.headers, ...body.headers }, payload: body.payload });
  };
  /** What the bucket holds under the prefix, as s3rver keeps it on its disk. */
  function objectsIn(...folder: string[]): string[] {
    const dir = path.join(s3.directory, s3.settings.bucket, 'api', ...folder);
    return existsSync(dir)
      ? readdirSync(dir)
          .filter((n) => n.endsWith('._S3rver_object'))
          .map((n) => n.replace(/\._S3rver_object$/, ''))
      : [];
  }
  async function download(a: Actor, type: 'pdf' | 'file', docId: number, index = 0) {
    const tokens = await api(a, 'POST', '/generate_file_token', [{ type, docId }]);
    expect(tokens.statusCode, tokens.body).toBe(200);
    const token = encodeURIComponent(tokens.json().tokens[0].value);
    return t.app.inject({
      method: 'GET',
      url: type === 'pdf' ? `/api/get_pdf/${docId}/${token}` : `/api/get_file/${docId}/${index}/${token}`,
    });
  }

  beforeAll(async () => {
    s3 = await startTestS3Server();
    t = await buildTestApp('pglite', { storage: createS3Storage({ ...s3.settings, prefix: 'api/' }) });
    seller = await actor({ firstName: 'Claire', lastName: 'Dubois' });
    notary = await actor({ isNotary: true, notaryOfficeId: 1 });
    projectId = (await api(seller, 'POST', '/project', { name: 'Vente Dubois', type: 'realty', subtype: 'appt', role: 'seller' })).json()
      .id;
    const project = (await api(seller, 'PATCH', `/project/${projectId}`, { office: 1 })).json();
    sellerPid = project.participants.find((p: { user: { id: number } | null }) => p.user?.id === seller.id).id;
  });
  async function addDrawer(docFileType: string): Promise<{ id: number }> {
    const added = await api(seller, 'POST', '/participant/adddocument', {
      projectId,
      docType: 'document_files',
      docFileType,
      participantId: sellerPid,
    });
    expect(added.statusCode, added.body).toBe(200);
    return added
      .json()
      .documents.flatMap((d: { document_files: Array<{ id: number }> }) => d.document_files)
      .at(-1);
  }
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('keeps an uploaded multi-megabyte PDF in the bucket, serves it byte for byte to the owner and the office, and removes it', async () => {
    const drawer = await addDrawer('identity_card');
    const content = pdfWith(randomBytes(3 * 1024 * 1024));
    const uploaded = await multipart(
      seller,
      `/project/${projectId}/addfile`,
      { id: String(drawer.id) },
      { field: 'file', name: 'titre de propriété.pdf', content, type: 'application/pdf' },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const stored = uploaded
      .json()
      .documents.flatMap((d: { document_files: Array<{ id: number; files: string[] }> }) => d.document_files)
      .find((d: { id: number }) => d.id === drawer.id).files[0] as string;

    // In the bucket, not on this server's disk; nothing left where the upload was received.
    expect(objectsIn('files', 'projects', String(projectId))).toEqual([stored]);
    expect(existsSync(path.join(t.dataDir, 'files'))).toBe(false);
    expect(readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);

    for (const reader of [seller, notary]) {
      const file = await download(reader, 'file', drawer.id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(Number(file.headers['content-length'])).toBe(content.length);
      expect(file.rawPayload.equals(content)).toBe(true);
    }

    const removed = await api(seller, 'DELETE', `/project/${projectId}/removeFile`, { id: drawer.id, file: stored });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(objectsIn('files', 'projects', String(projectId))).toEqual([]);
  });

  it('answers the French 404 when a listed file is gone from the bucket', async () => {
    const drawer = await addDrawer('rib');
    const uploaded = await multipart(
      seller,
      `/project/${projectId}/addfile`,
      { id: String(drawer.id) },
      { field: 'file', name: 'rib.png', content: PNG_BYTES, type: 'image/png' },
    );
    const stored = uploaded
      .json()
      .documents.flatMap((d: { document_files: Array<{ id: number; files: string[] }> }) => d.document_files)
      .find((d: { id: number }) => d.id === drawer.id).files[0] as string;
    await t.storage.remove(projectFileKey(projectId, stored));
    const file = await download(seller, 'file', drawer.id);
    expect(file.statusCode).toBe(404);
    expect(file.json()).toEqual({ code: 'NOT_FOUND', message: STORED_FILE_MISSING });
  });

  it('serves a cover from the bucket at its usual address with a long cache, and drops the replaced one', async () => {
    const send = () =>
      multipart(
        seller,
        '/project/cover',
        { id: String(projectId) },
        { field: 'cover_image', name: 'façade.png', content: PNG_BYTES, type: 'image/png' },
      );
    const first = (await send()).json().cover_image as string;
    expect(objectsIn('uploads', 'covers')).toEqual([first]);
    const served = await t.app.inject({ method: 'GET', url: `/uploads/covers/${first}` });
    expect(served.statusCode).toBe(200);
    // Stored as decoded and encoded again (WebP), not as sent.
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(served.rawPayload.length).toBe(Number(served.headers['content-length']));
    const revalidated = await t.app.inject({
      method: 'GET',
      url: `/uploads/covers/${first}`,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);

    const second = (await send()).json().cover_image as string;
    expect(objectsIn('uploads', 'covers')).toEqual([second]);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/covers/${first}` })).statusCode).toBe(404);
    await api(seller, 'DELETE', '/project/cover', { id: projectId });
    expect(objectsIn('uploads', 'covers')).toEqual([]);
    const gone = await t.app.inject({ method: 'GET', url: `/uploads/covers/${second}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 'NOT_FOUND', message: 'Cette image est introuvable.' });
  });

  it('stores the resized avatar in the bucket and serves it with its immutable cache', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8e44ad' } })
      .jpeg()
      .toBuffer();
    const me = (await api(seller, 'GET', '/users/me')).json();
    const res = await multipart(
      seller,
      '/users/avatar',
      { email: me.email },
      { field: 'avatar', name: 'moi.jpg', content: photo, type: 'image/jpeg' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const avatar = res.json().avatar as string;
    expect(objectsIn('uploads', 'avatars')).toEqual([avatar]);
    const served = await t.app.inject({ method: 'GET', url: `/uploads/avatars/${avatar}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 104, 104]);
  });

  it('generates the questionnaire PDF into the bucket once per version, and the office downloads it as the bridge would', async () => {
    const project = (await api(seller, 'GET', `/project/${projectId}`)).json();
    const civil = project.documents.flatMap(
      (d: { document_civil_statuses?: Array<{ id: number }> }) => d.document_civil_statuses ?? [],
    )[0] as { id: number };
    const saved = await api(seller, 'PATCH', '/document', {
      docType: 'document_civil_status',
      document: { id: civil.id, version: 1, civility: 'MME', last_name: 'Dubois' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const generated = await api(seller, 'GET', `/download_form/civil_status/${civil.id}`);
    expect(generated.statusCode, generated.body).toBe(200);
    expect(objectsIn('files', 'pdf')).toEqual([generated.json().filename]);

    // The transfer: office staff get the API address and tokens, the bridge fetches the files without a bearer token.
    const { apiUrl } = (await api(notary, 'GET', '/transfer/bridge')).json();
    const tokens = (await api(notary, 'POST', '/generate_file_token', [{ type: 'pdf', docId: civil.id }])).json();
    const address = new URL(`${apiUrl}/get_pdf/${civil.id}/${encodeURIComponent(tokens.tokens[0].value)}`);
    const pdf = await t.app.inject({ method: 'GET', url: address.pathname });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(pdf.headers['content-length'])).toBe(pdf.rawPayload.length);
    expect(await pdfTextContent(pdf.rawPayload)).toContain('Madame');

    // A new version replaces the PDF in the bucket.
    await api(seller, 'PATCH', '/document', {
      docType: 'document_civil_status',
      document: { id: civil.id, version: 2, civility: 'MME', last_name: 'Dubois-Martin' },
    });
    const regenerated = await api(seller, 'GET', `/download_form/civil_status/${civil.id}`);
    expect(regenerated.json().filename).not.toBe(generated.json().filename);
    expect(objectsIn('files', 'pdf')).toEqual([regenerated.json().filename]);
  });

  it('answers 503 in French while the bucket cannot be reached, and keeps no received upload', async () => {
    const { freePort } = await import('./server-process');
    const cut = await buildTestApp('pglite', {
      storage: createS3Storage({ ...s3.settings, endpoint: `http://127.0.0.1:${await freePort()}` }),
    });
    try {
      const u = await cut.createUser();
      const headers = bearer(await cut.tokenFor(u.email, u.password));
      const id = (
        await cut.app.inject({
          method: 'POST',
          url: '/api/project',
          headers,
          payload: { name: 'Vente', type: 'realty', subtype: 'appt', role: 'seller' },
        })
      ).json().id;
      const body = multipartBody({ id: String(id) }, { field: 'cover_image', name: 'facade.png', content: PNG_BYTES, type: 'image/png' });
      const res = await cut.app.inject({
        method: 'POST',
        url: '/api/project/cover',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'STORAGE_UNAVAILABLE', message: STORAGE_UNAVAILABLE });
      expect(res.headers['retry-after']).toBe('5');
      expect(readdirSync(path.join(cut.dataDir, 'tmp'))).toEqual([]);
      expect((await cut.app.inject({ method: 'GET', url: '/uploads/avatars/0123456789abcdef01234567.webp' })).statusCode).toBe(503);
    } finally {
      await cut.close();
    }
  });
});
