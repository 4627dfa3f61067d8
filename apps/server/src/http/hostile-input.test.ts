import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, PDF_BYTES, PNG_BYTES } from '../../test/multipart';
import { expectErrorAnswer } from '../../test/error-answers';
import { BACKENDS, bearer, buildTestApp, testConfig, type TestApp } from '../../test/test-app';
import { sweepTemporaryUploads } from '../files/upload';

/** What a hostile test found answering 500 or the wrong thing (issue 9, items 8 and 9). */
describe.each(BACKENDS)('hostile input on %s', (backend) => {
  let t: TestApp;
  let owner: { id: number; headers: Record<string, string> };
  let projectId: number, participantId: number, drawerId: number;
  const INVISIBLE = 'Ce nom contient des caractères invisibles ou de contrôle : merci de le saisir à nouveau.';

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = owner.headers) =>
    t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const expectFrench4xx = (res: { statusCode: number; body: string }, status: number, message?: string | RegExp) => {
    // Decision 0085: a code of the catalogue, answered with its status, beside the message.
    const body = expectErrorAnswer(res, status);
    expect(body.message).toMatch(/[a-zé]/);
    expect(body.message).not.toMatch(/Invalid|Expected|Unexpected|must|Error:|at \w+ \(/);
    if (message) expect(body.message).toMatch(message);
  };

  beforeAll(async () => {
    t = await buildTestApp(backend, { rateLimits: { signupPerIp: { max: 1000, windowMs: 1000 } } });
    const u = await t.createUser();
    owner = { id: u.id, headers: bearer(await t.tokenFor(u.email, u.password)) };
    projectId = (await api('POST', '/project', { name: 'Vente', type: 'realty', subtype: 'house', role: 'seller' })).json().id;
    const project = (await api('POST', `/project/${projectId}/addperson`, { firstName: 'Paul', lastName: 'Martin', role: 'buyer' })).json();
    participantId = project.participants.find((p: { last_name: string }) => p.last_name === 'Martin').id;
    const sellerPid = project.participants.find((p: { user: { id: number } | null }) => p.user?.id === owner.id).id;
    const withDrawer = (
      await api('POST', '/participant/adddocument', {
        projectId,
        docType: 'document_files',
        docFileType: 'identity_card',
        participantId: sellerPid,
      })
    ).json();
    drawerId = withDrawer.documents.flatMap((d: { document_files: Array<{ id: number }> }) => d.document_files).at(-1).id;
  });
  afterAll(() => t.close());

  describe('a NUL or an invisible character in a name field', () => {
    for (const [label, char] of [
      ['NUL', '\u0000'],
      ['a right-to-left override', '\u202E'],
      ['a zero-width space', '\u200B'],
    ] as const) {
      const name = `Jean${char}ne`;
      it(`refuses ${label} in every name field with a French 400`, async () => {
        expectFrench4xx(await api('POST', '/project', { name, type: 'realty', subtype: 'house', role: 'seller' }), 400, INVISIBLE);
        expectFrench4xx(await api('POST', '/project/rename', { id: projectId, name }), 400, INVISIBLE);
        const signup = {
          email: `nul${label.length}@exemple.fr`,
          password: 'Kq7#vLp2!xWr9',
          passwordConfirm: 'Kq7#vLp2!xWr9',
          firstName: name,
          lastName: 'Durand',
        };
        expectFrench4xx(await api('POST', '/users/signup', signup, {}), 400, INVISIBLE);
        expectFrench4xx(await api('PATCH', `/users/${owner.id}`, { firstName: name }), 400, INVISIBLE);
        expectFrench4xx(
          await api('POST', `/project/${projectId}/addperson`, { firstName: name, lastName: 'Martin', role: 'buyer' }),
          400,
          INVISIBLE,
        );
        expectFrench4xx(await api('PATCH', '/participant', { id: participantId, firstName: 'Paul', lastName: name }), 400, INVISIBLE);
      });
    }

    it('refuses a NUL in any other text field too, instead of a database error', async () => {
      expectFrench4xx(await api('POST', '/participant/adddocument', { projectId, docType: 'document\u0000files', participantId: '' }), 400);
      expectFrench4xx(await api('DELETE', `/project/${projectId}/removeFile`, { id: drawerId, file: 'a\u0000b.pdf' }), 400);
      expectFrench4xx(await api('POST', '/users/login', { login: 'a@b.fr', password: 'x\u0000y' }, {}), 400);
    });

    it('refuses a NUL in a query the route reads, and ignores one in a query it does not read', async () => {
      expectFrench4xx(await api('GET', '/projects/mine?after=a%00b'), 400);
      const me = await api('GET', '/users/me?=%00');
      expect(me.statusCode).toBe(200);
    });
  });

  it('refuses an id above 2^31 in a path, a query or a body', async () => {
    for (const url of [
      '/users/2147483648',
      '/users/99999999999999999999',
      '/project/2147483648',
      '/download_form/buyer/2147483648',
      '/users/abc',
    ]) {
      expectFrench4xx(await api('GET', url), 400, /Identifiant/);
    }
    expectFrench4xx(await api('PATCH', '/users/4294967296', { firstName: 'A' }), 400, /Identifiant/);
    expectFrench4xx(await api('PATCH', '/participant', { id: 2 ** 40, firstName: 'A', lastName: 'B' }), 400, /Identifiant/);
    expectFrench4xx(await api('PATCH', '/document/owner', { documentId: 1e20, participantId: '' }), 400, /Identifiant/);
    expectFrench4xx(await api('PATCH', `/users/${owner.id}`, { notaryOffice: 2 ** 31 }), 400);
  });

  it('refuses year 0 and impossible dates in /projects/open and its export instead of reading them as other days', async () => {
    const admin = await t.createUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    const headers = bearer(await t.tokenFor(admin.email, admin.password));
    for (const route of ['/projects/open', '/projects/open/export']) {
      expectFrench4xx(await api('GET', `${route}?from=0000-01-01&to=2026-12-31`, undefined, headers), 400, 'Cette date n’existe pas.');
      expectFrench4xx(await api('GET', `${route}?from=2026-01-01&to=0000-12-31`, undefined, headers), 400, 'Cette date n’existe pas.');
      expectFrench4xx(await api('GET', `${route}?from=2026-02-31`, undefined, headers), 400, 'Cette date n’existe pas.');
      expectFrench4xx(await api('GET', `${route}?from=2026-02`, undefined, headers), 400, 'La date doit être au format AAAA-MM-JJ.');
      expectFrench4xx(
        await api('GET', `${route}?from=2026-05-01&to=2026-04-01`, undefined, headers),
        400,
        'La date de début doit précéder la date de fin.',
      );
      expect((await api('GET', `${route}?from=2026-02-28&to=2026-12-31`, undefined, headers)).statusCode).toBe(200);
    }
  });

  describe('addfile', () => {
    const upload = (
      fields: Record<string, string>,
      file = { field: 'file', name: 'piece.pdf', content: PDF_BYTES, type: 'application/pdf' },
    ) => {
      const body = multipartBody(fields, file);
      return t.app.inject({
        method: 'POST',
        url: `/api/project/${projectId}/addfile`,
        headers: { ...owner.headers, ...body.headers },
        payload: body.payload,
      });
    };

    it('refuses id=abc or a huge id with a French 400 and keeps no file', async () => {
      for (const id of ['abc', '99999999999999999999', '2147483648', '-3', '1.5', '']) {
        expectFrench4xx(await upload({ id }), 400, 'Identifiant de document invalide.');
      }
      for (const dir of [path.join(t.dataDir, 'tmp'), path.join(t.dataDir, 'files', 'projects', String(projectId))]) {
        expect(existsSync(dir) ? readdirSync(dir).filter((n) => n.startsWith('.upload-')) : [], dir).toEqual([]);
      }
    });

    it('refuses a file name with a bidirectional override or another invisible character', async () => {
      for (const name of ['\u202Efdp.pdf', 'acte\u200B.pdf', 'a\u2066b.pdf']) {
        expectFrench4xx(
          await upload({ id: String(drawerId) }, { field: 'file', name, content: PDF_BYTES, type: 'application/pdf' }),
          400,
          /nom du fichier est invalide/,
        );
      }
    });

    it('refuses a cover whose project id is abc or huge', async () => {
      for (const id of ['abc', '99999999999999999999', '0']) {
        const body = multipartBody({ id }, { field: 'cover_image', name: 'c.png', content: PNG_BYTES, type: 'image/png' });
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/project/cover',
          headers: { ...owner.headers, ...body.headers },
          payload: body.payload,
        });
        expectFrench4xx(res, 400, 'Identifiant de dossier invalide.');
      }
    });

    it('answers a malformed multipart body with a French 400', async () => {
      const headers = { ...owner.headers, 'content-type': 'multipart/form-data; boundary=XYZ' };
      const bodies = [
        '--XYZ\r\nContent-Disposition: form-data; name="id"\r\n\r\n1', // cut before its end
        'pas du multipart du tout',
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 tronqué',
        '--XYZ\r\n\u0000\u0000\r\n\r\n--XYZ--',
      ];
      for (const payload of bodies) {
        const res = await t.app.inject({ method: 'POST', url: `/api/project/${projectId}/addfile`, headers, payload });
        expectFrench4xx(res, 400);
      }
      const noBoundary = await t.app.inject({
        method: 'POST',
        url: `/api/project/${projectId}/addfile`,
        headers: { ...owner.headers, 'content-type': 'multipart/form-data' },
        payload: 'x',
      });
      expectFrench4xx(noBoundary, 400);
      expect((await api('GET', '/users/me')).statusCode).toBe(200);
    });

    it('names the stored file after its detected content, not the name the browser sent', async () => {
      const res = await upload(
        { id: String(drawerId) },
        { field: 'file', name: 'facture.pdf', content: PNG_BYTES, type: 'application/pdf' },
      );
      expect(res.statusCode, res.body).toBe(200);
      const drawer = res
        .json()
        .documents.flatMap((d: { document_files: Array<{ id: number; files: string[] }> }) => d.document_files)
        .find((d: { id: number }) => d.id === drawerId);
      const stored = drawer.files.at(-1) as string;
      expect(stored).toMatch(/^.{8}_facture\.png$/);
      const noExtension = await upload({ id: String(drawerId) }, { field: 'file', name: 'scan', content: PDF_BYTES, type: 'image/png' });
      const files = noExtension
        .json()
        .documents.flatMap((d: { document_files: Array<{ id: number; files: string[] }> }) => d.document_files)
        .find((d: { id: number }) => d.id === drawerId).files;
      expect(files.at(-1)).toMatch(/^.{8}_scan\.pdf$/);
    });
  });

  it('answers get_file with a French 404 when the stored file is missing on disk', async () => {
    const body = multipartBody({ id: String(drawerId) }, { field: 'file', name: 'perdu.pdf', content: PDF_BYTES, type: 'application/pdf' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/project/${projectId}/addfile`,
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    const files: string[] = uploaded
      .json()
      .documents.flatMap((d: { document_files: Array<{ id: number; files: string[] }> }) => d.document_files)
      .find((d: { id: number }) => d.id === drawerId).files;
    rmSync(path.join(t.dataDir, 'files', 'projects', String(projectId), files.at(-1)!));
    const token = (await api('POST', '/generate_file_token', [{ type: 'file', docId: drawerId }])).json().tokens[0].value;
    const res = await t.app.inject({ method: 'GET', url: `/api/get_file/${drawerId}/${files.length - 1}/${token}` });
    expectFrench4xx(res, 404, 'Ce fichier est introuvable sur le serveur. Merci de le déposer à nouveau.');
  });

  describe('session tokens', () => {
    const key = new TextEncoder().encode(testConfig.jwtSecret);
    const forge = (sub: string, withExpiry = true) => {
      const jwt = new SignJWT({ pwv: 1 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt(Math.floor(t.clock.now().getTime() / 1000));
      if (withExpiry) jwt.setExpirationTime(Math.floor(t.clock.now().getTime() / 1000) + 3600);
      return jwt.sign(key);
    };

    it('refuses a very large sub with a French 401', async () => {
      for (const sub of ['99999999999999999999999', '2147483648', '1e3', '-1', '0x10']) {
        expectFrench4xx(await api('GET', '/users/me', undefined, bearer(await forge(sub))), 401, 'Jeton d’authentification invalide.');
      }
    });

    it('refuses a token without an expiry, even when correctly signed', async () => {
      expect((await api('GET', '/users/me', undefined, bearer(await forge(String(owner.id))))).statusCode).toBe(200);
      expectFrench4xx(
        await api('GET', '/users/me', undefined, bearer(await forge(String(owner.id), false))),
        401,
        'Jeton d’authentification invalide.',
      );
    });
  });

  it('marks API answers holding personal data as not to be stored, or kept by the browser alone and checked again on every use', async () => {
    for (const url of ['/projects/mine', `/users/${owner.id}`]) {
      expect((await api('GET', url)).headers['cache-control'], url).toBe('no-store');
    }
    // Issue 24: revalidated with their ETag (If-None-Match → 304); never by a shared cache.
    for (const url of ['/users/me', `/project/${projectId}`]) {
      expect((await api('GET', url)).headers['cache-control'], url).toBe('private, no-cache');
    }
    expect((await api('GET', '/users/me', undefined, {})).headers['cache-control']).toBe('no-store');
  });

  describe('errors of the HTTP layer in the {code, message} shape', () => {
    it('answers 404 for an unknown route and a wrong method', async () => {
      expectFrench4xx(await api('GET', '/nulle-part'), 404, "Cette adresse de l'API n'existe pas.");
      expectFrench4xx(await api('PATCH', '/projects/mine', {}), 404, "Cette adresse de l'API n'existe pas.");
      expectFrench4xx(await t.app.inject({ method: 'GET', url: '/uploads/covers/absent.png' }), 404);
    });

    it('answers 413 for a body over the limit', async () => {
      expectFrench4xx(await api('POST', '/project', { name: 'x'.repeat(1_200_000) }), 413, 'Le contenu envoyé est trop volumineux.');
    });

    it('answers 414 for a too long URL or path parameter', async () => {
      expectFrench4xx(await api('GET', `/project/${'1'.repeat(2000)}`), 414, "L'adresse demandée est trop longue.");
      expectFrench4xx(await api('GET', `/projects/mine?x=${'a'.repeat(10_000)}`), 414, "L'adresse demandée est trop longue.");
      expectFrench4xx(await t.app.inject({ method: 'GET', url: `/${'a'.repeat(10_000)}` }), 414, "L'adresse demandée est trop longue.");
    });

    it('answers 431 for too large headers, and 400 for a request Node cannot parse, over a real socket', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const send = (headers: Record<string, string>, pathName = '/api/users/me') =>
        new Promise<{ status: number; body: string; type: string | undefined }>((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port, path: pathName, headers }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, body, type: res.headers['content-type'] }));
          });
          req.on('error', reject);
          req.end();
        });
      const huge = await send({ 'x-remplissage': 'a'.repeat(40_000) });
      expect(huge.status).toBe(431);
      expect(huge.type).toContain('application/json');
      expect(JSON.parse(huge.body)).toEqual({ code: 'HEADERS_TOO_LARGE', message: 'Les en-têtes de la requête sont trop volumineux.' });
      const longUrl = await send({}, `/api/projects/mine?x=${'a'.repeat(40_000)}`);
      expect(longUrl.status).toBe(414);
      expect(JSON.parse(longUrl.body)).toEqual({ code: 'URL_TOO_LONG', message: "L'adresse demandée est trop longue." });
      const answered = await send({});
      expect(answered.status).toBe(401);
    });
  });
});

describe('temporary upload files', () => {
  it('sweeps the files a crash left behind at start, and nothing else', async () => {
    const t = await buildTestApp('pglite');
    try {
      const projectDir = path.join(t.dataDir, 'files', 'projects', '7');
      const coversDir = path.join(t.dataDir, 'uploads', 'covers');
      // Uploads are received in DATA_DIR/tmp; older versions received them beside the stored files.
      const receivingDir = path.join(t.dataDir, 'tmp');
      for (const dir of [projectDir, coversDir, receivingDir]) mkdirSync(dir, { recursive: true });
      for (const file of [
        path.join(projectDir, '.upload-0123456789abcdef'),
        path.join(coversDir, '.upload-fedcba9876543210'),
        path.join(receivingDir, '.upload-0011223344556677'),
      ]) {
        writeFileSync(file, 'moitié');
      }
      writeFileSync(path.join(projectDir, 'abcdefgh_acte.pdf'), '%PDF-1.4');
      writeFileSync(path.join(coversDir, '0123456789abcdef01234567.png'), 'png');
      // A sibling process on the same DATA_DIR (PostgreSQL deployments) may be receiving one right now: only old ones go then.
      const recent = path.join(projectDir, '.upload-aaaaaaaaaaaaaaaa');
      writeFileSync(recent, 'en cours');
      const old = new Date(Date.now() - 2 * 3600_000);
      utimesSync(path.join(projectDir, '.upload-0123456789abcdef'), old, old);
      expect(await sweepTemporaryUploads(t.dataDir, { olderThanMs: 3600_000 })).toBe(1);
      expect(readdirSync(projectDir).sort()).toEqual(['.upload-aaaaaaaaaaaaaaaa', 'abcdefgh_acte.pdf']);
      expect(await sweepTemporaryUploads(t.dataDir, { olderThanMs: 0 })).toBe(3);
      expect(readdirSync(projectDir)).toEqual(['abcdefgh_acte.pdf']);
      expect(readdirSync(coversDir)).toEqual(['0123456789abcdef01234567.png']);
      expect(readdirSync(receivingDir)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('runs the sweep when the application is built on its own embedded database', async () => {
    const first = await buildTestApp('pglite');
    const projectDir = path.join(first.dataDir, 'files', 'projects', '3');
    mkdirSync(projectDir, { recursive: true });
    writeFileSync(path.join(projectDir, '.upload-0123456789abcdef'), 'moitié');
    const { buildApp } = await import('../app');
    const again = await buildApp({
      database: first.database,
      mailer: { send: async () => undefined },
      config: { ...testConfig, dataDir: first.dataDir },
    });
    expect(readdirSync(projectDir)).toEqual([]);
    await again.close();
    await first.close();
  });
});
