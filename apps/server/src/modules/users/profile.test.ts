import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, buildTestApp, type TestApp } from '../../../test/test-app';
import { multipartBody, PDF_BYTES } from '../../../test/multipart';

async function photo(width: number, height: number, format: 'png' | 'jpeg' = 'jpeg'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#c0392b' } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

describe.each(BACKENDS)('profile photo and intermediary request on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const signedIn = (overrides: Parameters<TestApp['createUser']>[0] = {}) => t.signedInUser(overrides);

  const upload = (headers: Record<string, string>, email: string, content: Buffer, name = 'photo.jpg', type = 'image/jpeg') => {
    const body = multipartBody({ email }, { field: 'avatar', name, content, type });
    return t.app.inject({ method: 'POST', url: '/api/users/avatar', headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it('resizes the photo to 104 px on the server and serves it with cache headers', async () => {
    const u = await signedIn();
    const res = await upload(u.headers, u.email, await photo(800, 600));
    expect(res.statusCode).toBe(200);
    const avatar = res.json().avatar as string;
    expect(avatar).toMatch(/^[a-f0-9]{24}\.webp$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: u.headers })).json().avatar).toBe(avatar);
    const served = await t.app.inject({ method: 'GET', url: `/uploads/avatars/${avatar}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([104, 104]);

    // A new photo replaces the old file.
    const again = await upload(u.headers, u.email, await photo(200, 200, 'png'), 'a.png', 'image/png');
    expect(again.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/avatars/${avatar}` })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, whatever its name, and a broken image', async () => {
    const u = await signedIn();
    const pdf = await upload(u.headers, u.email, PDF_BYTES, 'photo.jpg', 'image/jpeg');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe('Impossible de modifier votre profil. Merci de vérifier vos informations.');
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const res = await upload(u.headers, u.email, broken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Impossible de modifier votre profil. Merci de vérifier vos informations.');
    const noFile = multipartBody({ email: u.email });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/users/avatar',
          headers: { ...u.headers, ...noFile.headers },
          payload: noFile.payload,
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: u.headers })).json().avatar).toBeNull();
  });

  it("refuses someone else's photo to a non-admin, allows it to an admin", async () => {
    const u = await signedIn();
    const other = await signedIn();
    const admin = await signedIn({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    expect((await upload(u.headers, other.email, await photo(120, 120))).statusCode).toBe(403);
    expect((await upload(u.headers, 'inconnu@exemple.fr', await photo(120, 120))).statusCode).toBe(403);
    const byAdmin = await upload(admin.headers, other.email, await photo(120, 120));
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().id).toBe(other.id);
  });

  it('records a request for intermediary rights, mails the network, and refuses it for another user', async () => {
    const u = await signedIn({ firstName: 'Hugo', lastName: 'Immo' });
    const other = await signedIn();
    const forOther = await t.app.inject({
      method: 'POST',
      url: '/api/users/askIntermediary',
      headers: u.headers,
      payload: { userId: other.id },
    });
    expect(forOther.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/askIntermediary',
      headers: { ...u.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `userId=${u.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, needsRoleChange: true, isPro: false });
    expect(t.mails.at(-1)).toMatchObject({ to: 'contact@notadoo.test' });
    expect(t.mails.at(-1)!.subject).toContain('Hugo Immo');
    const pro = await signedIn({ isPro: true });
    const already = await t.app.inject({
      method: 'POST',
      url: '/api/users/askIntermediary',
      headers: pro.headers,
      payload: { userId: pro.id },
    });
    expect(already.statusCode).toBe(400);
    expect(already.json().message).toBe("Vous disposez déjà des droits d'intermédiaire immobilier.");
  });

  it('refuses a password change with a wrong current password', async () => {
    const u = await signedIn();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.id}`,
      headers: u.headers,
      payload: { password: 'Mauvais123', passwordNew: 'Nouveau123', passwordNewConfirm: 'Nouveau123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Le mot de passe actuel est incorrect.');
    await t.tokenFor(u.email, u.password);
  });
});
