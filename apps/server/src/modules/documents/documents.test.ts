import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PROJECT_FILE_MESSAGES } from '@notadoo/domain';
import sharp from 'sharp';
import { multipartBody, PDF_BYTES, PNG_BYTES } from '../../../test/multipart';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { temporaryUploadsDir } from '../../files/upload';

type Actor = { id: number; email: string; headers: Record<string, string> };
type Drawer = { id: number; doc_type: string; files: string[] };
type Doc = { id: number; participant: { id: number } | null; document_files: Drawer[] };

describe.each(BACKENDS)('documents of a project on %s', (backend) => {
  let t: TestApp;
  let seller: Actor, buyer: Actor, stranger: Actor, admin: Actor, notary: Actor;
  let projectId: number, sellerPid: number, buyerPid: number;

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    return { id: u.id, email: u.email, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const api = (a: Actor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: a.headers, ...(payload ? { payload } : {}) });
  const drawers = (project: { documents: Doc[] }) =>
    project.documents.flatMap((d) => d.document_files.map((f) => ({ ...f, participant: d.participant })));
  async function addDrawer(a: Actor, participantId: number | null, docFileType = 'identity_card') {
    const res = await api(a, 'POST', '/participant/adddocument', {
      projectId,
      docType: 'document_files',
      docFileType,
      participantId: participantId ?? '',
    });
    expect(res.statusCode, res.body).toBe(200);
    return drawers(res.json()).at(-1)!;
  }
  function upload(a: Actor, docId: number, file: { name: string; content: Buffer; type: string }) {
    const body = multipartBody({ id: String(docId) }, { field: 'file', ...file });
    return t.app.inject({
      method: 'POST',
      url: `/api/project/${projectId}/addfile`,
      headers: { ...a.headers, ...body.headers },
      payload: body.payload,
    });
  }
  async function tokenFor(a: Actor, docId: number) {
    const res = await api(a, 'POST', '/generate_file_token', [{ type: 'file', docId }]);
    return res;
  }

  beforeAll(async () => {
    t = await buildTestApp(backend);
    seller = await actor();
    buyer = await actor();
    stranger = await actor();
    admin = await actor({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    notary = await actor({ isNotary: true, notaryOfficeId: 1 });
    projectId = (await api(seller, 'POST', '/project', { name: 'Vente', type: 'realty', subtype: 'appt', role: 'seller' })).json().id;
    await api(seller, 'PATCH', `/project/${projectId}`, { office: 1 });
    const project = (
      await api(seller, 'POST', `/project/${projectId}/addperson`, {
        firstName: 'B',
        lastName: 'Acheteur',
        email: buyer.email,
        role: 'buyer',
      })
    ).json();
    await t.acceptInvitation(buyer.email, 'Kq7#vLp2!xWr9'); // createUser's default password
    sellerPid = project.participants.find((p: { user: { id: number } | null }) => p.user?.id === seller.id).id;
    buyerPid = project.participants.find((p: { email: string }) => p.email === buyer.email).id;
  });
  afterAll(() => t.close());

  it('adds a drawer of a catalogue type to a participant, and refuses an unknown type or another role', async () => {
    const drawer = await addDrawer(seller, sellerPid, 'property_title');
    expect(drawer).toMatchObject({ doc_type: 'property_title', files: [], participant: { id: sellerPid } });
    const unknown = await api(seller, 'POST', '/participant/adddocument', {
      projectId,
      docType: 'document_files',
      docFileType: 'pas_un_type',
      participantId: sellerPid,
    });
    expect(unknown.statusCode).toBe(400);
    const otherRole = await api(seller, 'POST', '/participant/adddocument', {
      projectId,
      docType: 'document_files',
      docFileType: 'identity_card',
      participantId: buyerPid,
    });
    expect(otherRole.statusCode).toBe(403);
    expect(
      (
        await api(stranger, 'POST', '/participant/adddocument', {
          projectId,
          docType: 'document_files',
          docFileType: 'identity_card',
          participantId: sellerPid,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('uploads a PDF streamed to the storage with a 9-character prefix, and its owner and the office download it with a short-lived token', async () => {
    const drawer = await addDrawer(buyer, buyerPid);
    const res = await upload(buyer, drawer.id, { name: "carte d'identité.pdf", content: PDF_BYTES, type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(200);
    const stored = drawers(res.json()).find((d) => d.id === drawer.id)!.files[0]!;
    expect(stored).toMatch(/^[A-Za-z0-9]{8}_carte d'identité\.pdf$/);
    expect(readdirSync(path.join(t.dataDir, 'files/projects', String(projectId)))).toContain(stored);

    for (const reader of [buyer, notary, admin]) {
      const tokens = await tokenFor(reader, drawer.id);
      expect(tokens.statusCode, tokens.body).toBe(200);
      const { value } = tokens.json().tokens[0];
      const file = await t.app.inject({ method: 'GET', url: `/api/get_file/${drawer.id}/0/${value}` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toContain(encodeURIComponent("carte d'identité.pdf"));
      expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);
    }
  });

  it('refuses a forged, expired or other-document token, and a stranger or another role asking for one', async () => {
    const drawer = await addDrawer(buyer, buyerPid, 'passport');
    await upload(buyer, drawer.id, { name: 'passeport.png', content: PNG_BYTES, type: 'image/png' });
    const other = await addDrawer(buyer, buyerPid, 'rib');
    expect((await tokenFor(stranger, drawer.id)).statusCode).toBe(403);
    expect((await tokenFor(seller, drawer.id)).statusCode).toBe(403);
    const { value } = (await tokenFor(buyer, other.id)).json().tokens[0];
    expect((await t.app.inject({ method: 'GET', url: `/api/get_file/${drawer.id}/0/${value}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/get_file/${drawer.id}/0/${value.slice(0, -3)}abc` })).statusCode).toBe(403);
    const good = (await tokenFor(buyer, drawer.id)).json().tokens[0].value;
    expect((await t.app.inject({ method: 'GET', url: `/api/get_file/${drawer.id}/5/${good}` })).statusCode).toBe(404);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await t.app.inject({ method: 'GET', url: `/api/get_file/${drawer.id}/0/${good}` })).statusCode).toBe(403);
  });

  it('refuses content that is neither an image nor a PDF whatever its name, a path in the name, and a stranger', async () => {
    const drawer = await addDrawer(seller, sellerPid);
    const exe = await upload(seller, drawer.id, {
      name: 'facture.pdf',
      content: Buffer.from('MZ\x90\x00 binaire windows'),
      type: 'application/pdf',
    });
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toBe('Seules les images (PNG, JPEG, GIF, WebP) et les documents PDF sont acceptés.');
    for (const name of ['../../etc/passwd.pdf', 'dossier/fichier.pdf', '..\\win.pdf']) {
      const res = await upload(seller, drawer.id, { name, content: PDF_BYTES, type: 'application/pdf' });
      expect(res.statusCode, name).toBe(400);
    }
    expect((await upload(stranger, drawer.id, { name: 'a.pdf', content: PDF_BYTES, type: 'application/pdf' })).statusCode).toBe(403);
    expect((await upload(buyer, drawer.id, { name: 'a.pdf', content: PDF_BYTES, type: 'application/pdf' })).statusCode).toBe(403);
    const project = (await api(seller, 'GET', `/project/${projectId}`)).json();
    expect(drawers(project).find((d) => d.id === drawer.id)!.files).toEqual([]);
    // Nothing left where uploads are received, nor beside the stored files.
    for (const dir of [temporaryUploadsDir(t.dataDir), path.join(t.dataDir, 'files/projects', String(projectId))]) {
      expect(
        readdirSync(dir).filter((f) => f.startsWith('.upload-')),
        dir,
      ).toEqual([]);
    }
  });

  it('checks that a PDF is a whole PDF and an image a decodable image, whatever the first bytes say', async () => {
    const drawer = await addDrawer(seller, sellerPid, 'rib');
    const refused: Array<[string, Buffer, string, string]> = [
      ['en-tête seul.pdf', Buffer.from('%PDF-1.4 bonjour'), 'application/pdf', PROJECT_FILE_MESSAGES.damagedPdf],
      ['coupé.pdf', PDF_BYTES.subarray(0, PDF_BYTES.indexOf('trailer')), 'application/pdf', PROJECT_FILE_MESSAGES.damagedPdf],
      [
        'texte.pdf',
        Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4000, 'texte ')]),
        'application/pdf',
        PROJECT_FILE_MESSAGES.damagedPdf,
      ],
      ['photo.png', Buffer.concat([PNG_BYTES.subarray(0, 16), Buffer.alloc(200, 7)]), 'image/png', MESSAGES.imageUnreadable],
      ['photo.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(100, 1)]), 'image/jpeg', MESSAGES.imageUnreadable],
    ];
    for (const [name, content, type, message] of refused) {
      const res = await upload(seller, drawer.id, { name, content, type });
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ code: 'BAD_REQUEST', message });
    }
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const tooManyPixels = await upload(seller, drawer.id, { name: 'plan.png', content: bomb, type: 'image/png' });
    expect(tooManyPixels.json()).toEqual({ code: 'BAD_REQUEST', message: MESSAGES.imageTooManyPixels(40) });
    const project = (await api(seller, 'GET', `/project/${projectId}`)).json();
    expect(drawers(project).find((d) => d.id === drawer.id)!.files).toEqual([]);
    expect(readdirSync(temporaryUploadsDir(t.dataDir)).filter((f) => f.startsWith('.upload-'))).toEqual([]);

    const pdf = await upload(seller, drawer.id, { name: 'rib.pdf', content: PDF_BYTES, type: 'application/pdf' });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#369' } })
      .jpeg()
      .toBuffer();
    const jpeg = await upload(seller, drawer.id, { name: 'rib.jpg', content: photo, type: 'image/jpeg' });
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    expect(drawers(jpeg.json()).find((d) => d.id === drawer.id)!.files).toHaveLength(2);
  });

  it('refuses changes once the project is signed, except to the office', async () => {
    const drawer = await addDrawer(seller, sellerPid, 'dpe');
    await api(notary, 'PATCH', '/project/status', { id: projectId, status: 5 });
    expect((await upload(seller, drawer.id, { name: 'dpe.pdf', content: PDF_BYTES, type: 'application/pdf' })).statusCode).toBe(403);
    expect((await upload(notary, drawer.id, { name: 'dpe.pdf', content: PDF_BYTES, type: 'application/pdf' })).statusCode).toBe(200);
    await api(notary, 'PATCH', '/project/status', { id: projectId, status: 2 });
  });

  it('removes a file and a document (office), the files leaving the disk', async () => {
    const drawer = await addDrawer(seller, sellerPid, 'plans');
    const stored = drawers(
      (await upload(seller, drawer.id, { name: 'plan.pdf', content: PDF_BYTES, type: 'application/pdf' })).json(),
    ).find((d) => d.id === drawer.id)!.files[0]!;
    const file = path.join(t.dataDir, 'files/projects', String(projectId), stored);
    expect(existsSync(file)).toBe(true);
    const removed = await api(seller, 'DELETE', `/project/${projectId}/removeFile`, { id: drawer.id, file: stored });
    expect(drawers(removed.json()).find((d) => d.id === drawer.id)!.files).toEqual([]);
    expect(existsSync(file)).toBe(false);
    expect((await api(seller, 'DELETE', `/project/${projectId}/removeFile`, { id: drawer.id, file: '../x' })).statusCode).toBe(404);

    expect((await api(seller, 'DELETE', `/project/${projectId}/removedocument`, { documentId: drawer.id })).statusCode).toBe(403);
    const gone = await api(notary, 'DELETE', `/project/${projectId}/removedocument`, { documentId: drawer.id });
    expect(gone.json().documents.map((d: Doc) => d.id)).not.toContain(drawer.id);
  });

  it('changes a document owner for admins only (401 with the spec message otherwise)', async () => {
    const drawer = await addDrawer(seller, sellerPid, 'rib');
    const refused = await api(seller, 'PATCH', '/document/owner', { documentId: drawer.id, participantId: buyerPid });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Erreur : Cette action est réservée aux administrateurs.');
    const moved = await api(admin, 'PATCH', '/document/owner', { documentId: drawer.id, participantId: buyerPid });
    expect(drawers(moved.json()).find((d) => d.id === drawer.id)!.participant).toEqual({ id: buyerPid });
    const unassigned = await api(admin, 'PATCH', '/document/owner', { documentId: drawer.id, participantId: null });
    expect(drawers(unassigned.json()).find((d) => d.id === drawer.id)!.participant).toBeNull();
    expect((await api(admin, 'PATCH', '/document/owner', { documentId: drawer.id, participantId: 999999 })).statusCode).toBe(400);
  });

  it("lists the user's own documents across projects", async () => {
    const mine = (await api(buyer, 'GET', '/documents/mine')).json() as Array<{ project: { id: number }; participant: { id: number } }>;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((d) => d.project.id === projectId && d.participant.id === buyerPid)).toBe(true);
    expect((await api(stranger, 'GET', '/documents/mine')).json()).toEqual([]);
  });
});
