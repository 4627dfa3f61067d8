import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { MESSAGES } from '@notadoo/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { participants } from '../../db/schema';
import { multipartBody as multipart, PNG_BYTES as PNG } from '../../../test/multipart';

/** A black-and-white PNG of `width` × `height` pixels, all white: a few kilobytes that decode to width × height × 4 bytes in a browser. */
function pngOfSize(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit per pixel, grayscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // no filter
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const DENIED = "Erreur : Vous n'avez pas les droits suffisants pour accéder à ce projet.";

describe.each(BACKENDS)('projects on %s', (backend) => {
  let t: TestApp;
  type Actor = { id: number; email: string; headers: Record<string, string> };
  let client: Actor, other: Actor, admin: Actor, parisNotary: Actor, lyonNotary: Actor, pendingUser: Actor, pro: Actor;

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    return { id: u.id, email: u.email, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const api = (a: Actor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: a.headers, ...(payload ? { payload } : {}) });
  async function create(a: Actor, body: Record<string, string> = {}) {
    const res = await api(a, 'POST', '/project', {
      name: 'Vente appartement Lyon',
      type: 'realty',
      subtype: 'appt',
      role: 'seller',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }

  beforeAll(async () => {
    t = await buildTestApp(backend);
    client = await actor({ firstName: 'Claire', lastName: 'Dubois' });
    other = await actor();
    admin = await actor({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    parisNotary = await actor({ isNotary: true, notaryOfficeId: 1 });
    lyonNotary = await actor({ isNotary: true, notaryOfficeId: 2 });
    pendingUser = await actor({ needsRoleChange: true });
    pro = await actor({ isPro: true });
  });
  afterAll(() => t.close());

  describe('creation', () => {
    it('makes the creator a participant with the chosen role and gives them their questionnaires', async () => {
      const id = await create(client);
      const project = (await api(client, 'GET', `/project/${id}`)).json();
      expect(project).toMatchObject({
        id,
        name: 'Vente appartement Lyon',
        type: 'realty',
        subtype: 'appt',
        status: 1,
        progress: 0,
        notary_office: null,
        city: null,
        is_archived: false,
        is_partial: false,
        creator: client.id,
      });
      expect(project.participants).toEqual([
        expect.objectContaining({
          first_name: 'Claire',
          last_name: 'Dubois',
          email: client.email,
          role: 'seller',
          roles_project: ['seller', 'creator'],
          user: expect.objectContaining({ id: client.id }),
        }),
      ]);
      const kinds = project.documents.map((d: Record<string, unknown[]>) =>
        Object.keys(d).find((k) => k.startsWith('document_') && d[k]!.length > 0),
      );
      expect(kinds.sort()).toEqual(['document_civil_statuses', 'document_sale_appts']);
      expect(project.documents[0].participant).toEqual({ id: project.participants[0].id });
    });

    it.each([
      ['a buyer', { role: 'buyer' }, ['document_buyers', 'document_civil_statuses']],
      [
        'an heir of a settlement',
        { type: 'succession', subtype: 'settlement', role: 'heir', name: 'Succession Martin' },
        ['document_civil_statuses', 'document_successions'],
      ],
      [
        'a client of a balance',
        { type: 'succession', subtype: 'balance', role: 'client', name: 'Bilan Dubois' },
        ['document_civil_statuses', 'document_heritage_balances'],
      ],
      ['a house seller', { subtype: 'house' }, ['document_civil_statuses', 'document_sale_houses']],
    ])('gives %s the questionnaires of their role', async (_label, body, expected) => {
      const id = await create(client, body);
      const docs = (await api(client, 'GET', `/project/${id}`)).json().documents as Array<Record<string, unknown[]>>;
      expect(docs.map((d) => Object.keys(d).find((k) => k.startsWith('document_') && d[k]!.length > 0)).sort()).toEqual(expected);
    });

    it('accepts the form-encoded call of the spec', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/project',
        headers: { ...client.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=Terrain+%C3%A0+b%C3%A2tir&type=realty&subtype=land&role=seller',
      });
      expect(res.statusCode).toBe(201);
      expect((await api(client, 'GET', `/project/${res.json().id}`)).json().name).toBe('Terrain à bâtir');
    });

    it('refuses a missing name with the spec message, and an inconsistent subtype', async () => {
      const noName = await api(client, 'POST', '/project', { name: '  ', type: 'realty', subtype: 'appt', role: 'seller' });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().message).toBe('Merci de spécifier un nom pour votre dossier.');
      const mismatch = await api(client, 'POST', '/project', { name: 'X', type: 'realty', subtype: 'balance', role: 'seller' });
      expect(mismatch.statusCode).toBe(400);
    });

    it('refuses while a role change is pending, the intermediary role without isPro, the office role without an office', async () => {
      expect((await api(pendingUser, 'POST', '/project', { name: 'X', type: 'realty', subtype: 'appt', role: 'seller' })).statusCode).toBe(
        403,
      );
      expect((await api(client, 'POST', '/project', { name: 'X', type: 'realty', subtype: 'appt', role: 'intermediary' })).statusCode).toBe(
        403,
      );
      expect((await api(client, 'POST', '/project', { name: 'X', type: 'realty', subtype: 'appt', role: 'office' })).statusCode).toBe(403);
      expect((await api(pro, 'POST', '/project', { name: 'X', type: 'realty', subtype: 'appt', role: 'intermediary' })).statusCode).toBe(
        201,
      );
    });

    it("opens a notary's own project in their office", async () => {
      const id = await create(parisNotary, { role: 'office' });
      expect((await api(parisNotary, 'GET', `/project/${id}`)).json()).toMatchObject({
        notary_office: { id: 1, city: 'Paris' },
        city: 'Paris',
      });
    });
  });

  describe('access', () => {
    it('refuses a non-participant with 403 and the spec message, and answers 404 for a missing project', async () => {
      const id = await create(client);
      const res = await api(other, 'GET', `/project/${id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'PROJECT_ACCESS_DENIED', message: DENIED });
      expect((await api(admin, 'GET', `/project/${id}`)).statusCode).toBe(200);
      expect((await api(admin, 'GET', '/project/99999999')).statusCode).toBe(404);
      expect((await api(admin, 'GET', '/project/abc')).statusCode).toBe(400);
    });

    it('lists a project as partial, name and status only, to an intermediary participant who is not a pro', async () => {
      const id = await create(client, { name: 'Dossier avec agent' });
      await t.database.db
        .insert(participants)
        .values({ projectId: id, firstName: 'A', lastName: 'B', userId: other.id, role: 'intermediary' });
      const mine = (await api(other, 'GET', '/projects/mine')).json();
      expect(mine).toContainEqual({ id, name: 'Dossier avec agent', status: 1, is_partial: true });
      expect((await api(other, 'GET', `/project/${id}`)).statusCode).toBe(403);
    });

    it('lets the chosen office find the project, and only that office', async () => {
      const id = await create(client, { name: 'Pour Paris' });
      expect((await api(parisNotary, 'GET', `/project/${id}`)).statusCode).toBe(403);
      expect((await api(client, 'PATCH', `/project/${id}`, { office: 1 })).statusCode).toBe(200);
      const found = (await api(parisNotary, 'GET', '/projects/mine')).json().map((p: { id: number }) => p.id);
      expect(found).toContain(id);
      expect((await api(parisNotary, 'GET', `/project/${id}`)).statusCode).toBe(200);
      expect((await api(lyonNotary, 'GET', `/project/${id}`)).statusCode).toBe(403);
      expect((await api(lyonNotary, 'GET', '/projects/mine')).json().map((p: { id: number }) => p.id)).not.toContain(id);
    });
  });

  describe('office choice', () => {
    it('lets a client choose only while none is set; office members and admins switch', async () => {
      const id = await create(client);
      expect((await api(client, 'PATCH', `/project/${id}`, { office: 3 })).json()).toMatchObject({
        notary_office: { id: 3 },
        city: 'Marseille',
      });
      const again = await api(client, 'PATCH', `/project/${id}`, { office: 4 });
      expect(again.statusCode).toBe(403);
      expect((await api(admin, 'PATCH', `/project/${id}`, { office: 1 })).json().city).toBe('Paris');
      expect((await api(parisNotary, 'PATCH', `/project/${id}`, { office: 2 })).json().city).toBe('Lyon');
    });

    it('records each move between offices (who, from, to, when) and shows it to the office and admins only', async () => {
      const id = await create(client);
      await api(client, 'PATCH', `/project/${id}`, { office: 1 });
      // A first choice is not a move.
      expect((await api(admin, 'GET', `/project/${id}/office-moves`)).json()).toEqual([]);
      await api(admin, 'PATCH', `/project/${id}`, { office: 2 });
      await api(admin, 'PATCH', `/project/${id}`, { office: 2 });
      const moves = await api(lyonNotary, 'GET', `/project/${id}/office-moves`);
      expect(moves.statusCode, moves.body).toBe(200);
      expect(moves.json()).toEqual([
        {
          moved_at: expect.any(String),
          moved_by: { firstName: expect.any(String), lastName: expect.any(String) },
          from: { id: 1, city: 'Paris' },
          to: { id: 2, city: 'Lyon' },
        },
      ]);
      expect(Number.isNaN(Date.parse(moves.json()[0].moved_at))).toBe(false);
      expect((await api(client, 'GET', `/project/${id}/office-moves`)).statusCode).toBe(403);
      // Paris lost the file with the move.
      expect((await api(parisNotary, 'GET', `/project/${id}/office-moves`)).statusCode).toBe(403);
      expect((await api(admin, 'GET', '/project/abc/office-moves')).statusCode).toBe(400);
    });

    it('refuses an inactive or unknown office with 400', async () => {
      const id = await create(client);
      const offices = (await t.app.inject({ method: 'GET', url: '/api/notaryoffices' })).json() as Array<{ id: number; active: boolean }>;
      const inactive = offices.find((o) => !o.active)!;
      expect((await api(client, 'PATCH', `/project/${id}`, { office: inactive.id })).statusCode).toBe(400);
      expect((await api(client, 'PATCH', `/project/${id}`, { office: 9999 })).statusCode).toBe(400);
      expect((await api(client, 'GET', `/project/${id}`)).json().notary_office).toBeNull();
    });
  });

  describe('status workflow', () => {
    it('submits to the notary: status 3, a mail to the office, a mail to the other participants with an account', async () => {
      const id = await create(client, { name: 'Vente Paris 8e' });
      await t.database.db
        .insert(participants)
        .values({ projectId: id, firstName: 'Bruno', lastName: 'Achat', email: other.email, userId: other.id, role: 'buyer' });
      await t.database.db
        .insert(participants)
        .values({ projectId: id, firstName: 'Sans', lastName: 'Compte', email: 'sans.compte@exemple.fr', role: 'buyer' });
      expect((await api(client, 'PATCH', '/project/status', { id, status: 3 })).statusCode).toBe(403); // no office yet
      await api(client, 'PATCH', `/project/${id}`, { office: 1 });
      const sent = t.mails.length;
      const res = await api(client, 'PATCH', '/project/status', { id, status: 3 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, status: 3 });
      const mails = t.mails.slice(sent);
      expect(mails.map((m) => m.to).sort()).toEqual(['office-paris@notadoo.fr', other.email].sort());
      expect(mails.find((m) => m.to === 'office-paris@notadoo.fr')!.subject).toBe('Nouveau dossier transmis : Vente Paris 8e');
      expect(mails.find((m) => m.to === other.email)!.text).toContain('Relecture étude');
      expect(mails[0]!.link).toBe(`http://app.test/project/${id}/dashboard`);
    });

    it('lets the office set any status, and refuses other status changes by clients', async () => {
      const id = await create(client);
      await api(client, 'PATCH', `/project/${id}`, { office: 1 });
      expect((await api(client, 'PATCH', '/project/status', { id, status: 4 })).statusCode).toBe(403);
      const sent = t.mails.length;
      const res = await api(parisNotary, 'PATCH', '/project/status', { id, status: 4 });
      expect(res.json().status).toBe(4);
      expect(t.mails.slice(sent)).toEqual([
        expect.objectContaining({
          to: client.email,
          subject: 'Votre dossier « Vente appartement Lyon » : Complet en attente de signature',
        }),
      ]);
      expect((await api(client, 'PATCH', '/project/status', { id, status: 3 })).statusCode).toBe(403); // already past 3
      const list = await t.app.inject({
        method: 'POST',
        url: '/api/project/status',
        headers: { ...parisNotary.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `id=${id}&status=7`,
      });
      expect(list.json().find((p: { id: number }) => p.id === id).status).toBe(7);
      expect((await api(parisNotary, 'PATCH', '/project/status', { id, status: 8 })).statusCode).toBe(400);
    });
  });

  describe('rename, cover, archive', () => {
    it('renames for any participant and answers the project list', async () => {
      const id = await create(client);
      const res = await api(client, 'POST', '/project/rename', { id, name: 'Nouveau nom' });
      expect(res.json().find((p: { id: number }) => p.id === id).name).toBe('Nouveau nom');
      expect((await api(other, 'POST', '/project/rename', { id, name: 'Pirate' })).statusCode).toBe(403);
    });

    it('stores an image cover checked by content, serves it, replaces and removes it', async () => {
      const id = await create(client);
      const up = multipart({ id: String(id) }, { field: 'cover_image', name: 'photo.png', content: PNG, type: 'image/png' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/project/cover',
        headers: { ...client.headers, ...up.headers },
        payload: up.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { cover_image } = res.json();
      expect(cover_image).toMatch(/^[a-f0-9]{24}\.webp$/);
      const served = await t.app.inject({ method: 'GET', url: `/uploads/covers/${cover_image}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

      const removed = await api(client, 'DELETE', '/project/cover', { id });
      expect(removed.json().cover_image).toBeNull();
      expect(existsSync(path.join(t.dataDir, 'uploads/covers', cover_image))).toBe(false);
    });

    it('serves a cover decoded and encoded again: scaled down to 1200 × 800 at most, without its EXIF (GPS position)', async () => {
      const id = await create(client);
      const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#7a9e7e' } })
        .jpeg()
        .withExif({
          IFD0: { Make: 'Appareil', Model: 'Téléphone' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' },
        })
        .toBuffer();
      expect((await sharp(photo).metadata()).exif?.includes('Appareil')).toBe(true);
      const up = multipart({ id: String(id) }, { field: 'cover_image', name: 'maison.jpg', content: photo, type: 'image/jpeg' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/project/cover',
        headers: { ...client.headers, ...up.headers },
        payload: up.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      const served = await t.app.inject({ method: 'GET', url: `/uploads/covers/${res.json().cover_image}` });
      const meta = await sharp(served.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif, xmp: meta.xmp }).toEqual({
        format: 'webp',
        width: 1067,
        height: 800,
        exif: undefined,
        xmp: undefined,
      });
    });

    it('refuses an image of 20000 × 20000 pixels (a bomb of a few kilobytes) as a cover and as an avatar, with a French 400, storing nothing', async () => {
      const id = await create(client);
      const bomb = pngOfSize(20_000, 20_000);
      expect(bomb.length).toBeLessThan(400 * 1024);
      const refusal = { status: 400, message: MESSAGES.imageTooManyPixels(40) };
      const cover = multipart({ id: String(id) }, { field: 'cover_image', name: 'bombe.png', content: bomb, type: 'image/png' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/project/cover',
        headers: { ...client.headers, ...cover.headers },
        payload: cover.payload,
      });
      expect({ status: res.statusCode, message: res.json().message }).toEqual(refusal);
      expect((await api(client, 'GET', `/project/${id}`)).json().cover_image).toBeNull();
      const avatar = multipart({ email: client.email }, { field: 'avatar', name: 'bombe.png', content: bomb, type: 'image/png' });
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/users/avatar',
        headers: { ...client.headers, ...avatar.headers },
        payload: avatar.payload,
      });
      expect({ status: refused.statusCode, message: refused.json().message }).toEqual(refusal);
      const stored = (dir: string) => (existsSync(path.join(t.dataDir, dir)) ? readdirSync(path.join(t.dataDir, dir)) : []);
      expect([...stored('tmp'), ...stored('uploads/avatars')]).toEqual([]);
    });

    it('refuses a cover that is not an image whatever its name, a too large one, and a stranger', async () => {
      const id = await create(client);
      const fake = multipart(
        { id: String(id) },
        { name: 'photo.png', field: 'cover_image', content: Buffer.from('%PDF-1.7 pas une image'), type: 'image/png' },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/project/cover',
        headers: { ...client.headers, ...fake.headers },
        payload: fake.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('La couverture doit être une image (PNG, JPEG, GIF ou WebP).');

      const big = multipart(
        { id: String(id) },
        { name: 'big.png', field: 'cover_image', content: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]), type: 'image/png' },
      );
      const tooBig = await t.app.inject({
        method: 'POST',
        url: '/api/project/cover',
        headers: { ...client.headers, ...big.headers },
        payload: big.payload,
      });
      expect(tooBig.statusCode).toBe(413);

      const ok = multipart({ id: String(id) }, { name: 'p.png', field: 'cover_image', content: PNG, type: 'image/png' });
      const stranger = await t.app.inject({
        method: 'POST',
        url: '/api/project/cover',
        headers: { ...other.headers, ...ok.headers },
        payload: ok.payload,
      });
      expect(stranger.statusCode).toBe(403);
      const notMultipart = await api(client, 'POST', '/project/cover', { id });
      expect(notMultipart.statusCode).toBeGreaterThanOrEqual(400);
      expect(notMultipart.statusCode).toBeLessThan(500);
      expect((await api(client, 'GET', `/project/${id}`)).json().cover_image).toBeNull();
    });

    it('archives for the creator: hidden from the dashboard; refused to another participant', async () => {
      const id = await create(client);
      await t.database.db.insert(participants).values({ projectId: id, firstName: 'B', lastName: 'B', userId: other.id, role: 'buyer' });
      expect((await api(other, 'DELETE', `/project/${id}`)).statusCode).toBe(403);
      const res = await api(client, 'DELETE', `/project/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((p: { id: number }) => p.id)).not.toContain(id);
      expect((await api(other, 'GET', '/projects/mine')).json().map((p: { id: number }) => p.id)).not.toContain(id);
    });
  });

  describe('billing list', () => {
    it('lists projects created in the range to admins only', async () => {
      const id = await create(client, { name: 'Facturé' });
      const year = t.clock.now().getUTCFullYear();
      const res = await api(admin, 'GET', '/projects/open');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toContainEqual(expect.objectContaining({ id, name: 'Facturé', status: 1, city: null }));
      expect((await api(admin, 'GET', `/projects/open?from=${year + 1}-01-01&to=${year + 1}-12-31`)).json()).toEqual([]);
      expect((await api(admin, 'GET', '/projects/open?from=hier')).statusCode).toBe(400);
      expect((await api(client, 'GET', '/projects/open')).statusCode).toBe(403);
    });
  });

  it('never reveals the answers of a document the viewer may not read', async () => {
    const id = await create(client);
    const [buyer] = await t.database.db
      .insert(participants)
      .values({ projectId: id, firstName: 'B', lastName: 'B', userId: other.id, role: 'buyer' })
      .returning();
    const { documents } = await import('../../db/schema');
    await t.database.db
      .update(documents)
      .set({ answers: { secret: 'valeur' } })
      .where(eq(documents.projectId, id));
    const seen = (await api(other, 'GET', `/project/${id}`)).json();
    expect(JSON.stringify(seen)).not.toContain('valeur');
    expect(buyer).toBeDefined();
    expect(JSON.stringify((await api(client, 'GET', `/project/${id}`)).json())).toContain('valeur');
  });
});
