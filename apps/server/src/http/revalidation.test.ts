import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, buildTestApp, type TestApp } from '../../test/test-app';
import { clientHolds } from './revalidation';

describe('clientHolds', () => {
  it('compares tags weakly, in a list or as *, and nothing else', () => {
    expect(clientHolds('W/"a.1"', 'W/"a.1"')).toBe(true);
    expect(clientHolds('"a.1"', 'W/"a.1"')).toBe(true);
    expect(clientHolds('W/"b.2", W/"a.1"', 'W/"a.1"')).toBe(true);
    expect(clientHolds('*', 'W/"a.1"')).toBe(true);
    expect(clientHolds('W/"a.2"', 'W/"a.1"')).toBe(false);
    expect(clientHolds('W/"a.1', 'W/"a.1"')).toBe(false);
    expect(clientHolds(undefined, 'W/"a.1"')).toBe(false);
  });
});

/** Issue 24: repeated reads of the personal answers answered 304 until what they show changes. */
describe.each(BACKENDS)('revalidation of the session and the project page on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>, etag?: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: { ...headers, ...(etag === undefined ? {} : { 'if-none-match': etag }) } });

  it('answers users/me with a personal tag, 304 with no body while it holds, 200 once the profile or the office changes', async () => {
    const user = await t.signedInUser({ notaryOfficeId: 1, isNotary: true });
    const first = await get('/users/me', user.headers);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"u\d+\./);
    const again = await get('/users/me', user.headers, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: user.headers,
      payload: { firstName: 'Renommée' },
    });
    expect(renamed.statusCode).toBe(200);
    const afterRename = await get('/users/me', user.headers, etag);
    expect(afterRename.statusCode).toBe(200);
    expect(afterRename.json().firstName).toBe('Renommée');

    // The office's row is part of the session (its city): an operator's change of it shows at once.
    const tag = afterRename.headers.etag as string;
    await t.database.db.execute(sql`UPDATE notary_offices SET city = city || ' ' WHERE id = 1`);
    const afterOffice = await get('/users/me', user.headers, tag);
    expect(afterOffice.statusCode).toBe(200);
    await t.database.db.execute(sql`UPDATE notary_offices SET city = rtrim(city) WHERE id = 1`);
  });

  it('answers the project page 304 while nothing it shows changes, 200 after a questionnaire save, a new person or a piece', async () => {
    const seller = await t.signedInUser();
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/project',
        headers: seller.headers,
        payload: { name: 'Vente', type: 'realty', subtype: 'house', role: 'seller' },
      })
    ).json<{ id: number }>().id;
    const first = await get(`/project/${id}`, seller.headers);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    let etag = first.headers.etag as string;
    const same = await get(`/project/${id}`, seller.headers, etag);
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');

    const item = first
      .json<{ documents: Array<{ document_civil_statuses: Array<{ id: number; version: number }> }> }>()
      .documents.flatMap((d) => d.document_civil_statuses)[0]!;
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/document',
      headers: seller.headers,
      payload: { docType: 'document_civil_status', document: { id: item.id, version: item.version, first_name: 'Jeanne' } },
    });
    expect(saved.statusCode).toBe(200);
    let next = await get(`/project/${id}`, seller.headers, etag);
    expect(next.statusCode).toBe(200);
    etag = next.headers.etag as string;

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/project/${id}/addperson`,
          headers: seller.headers,
          payload: { firstName: 'Bob', lastName: 'Acheteur', role: 'buyer' },
        })
      ).statusCode,
    ).toBe(200);
    next = await get(`/project/${id}`, seller.headers, etag);
    expect(next.statusCode).toBe(200);
    expect(next.json().participants).toHaveLength(2);
    etag = next.headers.etag as string;

    // A piece request changed behind the API (another process, an operator): the file's revision follows.
    await t.database.db.execute(
      sql`UPDATE piece_requests SET no_longer_required = NOT no_longer_required WHERE id = (SELECT min(id) FROM piece_requests WHERE project_id = ${id})`,
    );
    expect((await get(`/project/${id}`, seller.headers, etag)).statusCode).toBe(200);
  });

  it('changes the tag of the page when a person of the file changes their photo or signs in, and per viewer', async () => {
    const seller = await t.signedInUser();
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/project',
        headers: seller.headers,
        payload: { name: 'Vente', type: 'realty', subtype: 'house', role: 'seller' },
      })
    ).json<{ id: number }>().id;
    const etag = (await get(`/project/${id}`, seller.headers)).headers.etag as string;
    await t.database.db.execute(sql`UPDATE users SET last_connection_date = now() WHERE id = ${seller.id}`);
    expect((await get(`/project/${id}`, seller.headers, etag)).statusCode).toBe(200);
  });

  it("keeps the page's tag when another person signs in whose connection the viewer may not see; the office sees it change", async () => {
    const seller = await t.signedInUser();
    const mate = await t.createUser();
    const notary = await t.signedInUser({ isNotary: true, notaryOfficeId: 1 });
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/project',
        headers: seller.headers,
        payload: { name: 'Vente', type: 'realty', subtype: 'house', role: 'seller' },
      })
    ).json<{ id: number }>().id;
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/project/${id}`, headers: seller.headers, payload: { office: 1 } })).statusCode,
    ).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/project/${id}/addperson`,
      headers: seller.headers,
      payload: { firstName: 'Marc', lastName: 'Covendeur', email: mate.email, role: 'seller' },
    });
    const invitation = new URL(t.mails.filter((m) => m.to === mate.email).at(-1)!.link!).searchParams.get('invitation');
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { login: mate.email, password: mate.password, invitation },
    });
    expect(joined.statusCode).toBe(200);
    const sellerTag = (await get(`/project/${id}`, seller.headers)).headers.etag as string;
    const notaryPage = await get(`/project/${id}`, notary.headers);
    const mateSeenByOffice = notaryPage
      .json<{ participants: Array<{ last_name: string; user: { lastConnectionDate: string } | null }> }>()
      .participants.find((p) => p.last_name === 'Covendeur')!;

    // The co-seller signs in again later: their last connection is the office's and their own to see, not the seller's.
    t.clock.advance(60_000);
    await t.tokenFor(mate.email, mate.password);
    const again = await get(`/project/${id}`, seller.headers, sellerTag);
    expect(again.statusCode).toBe(304);
    const office = await get(`/project/${id}`, notary.headers, notaryPage.headers.etag);
    expect(office.statusCode).toBe(200);
    const mateNow = office
      .json<{ participants: Array<{ last_name: string; user: { lastConnectionDate: string } | null }> }>()
      .participants.find((p) => p.last_name === 'Covendeur')!;
    expect(mateNow.user!.lastConnectionDate).not.toBe(mateSeenByOffice.user!.lastConnectionDate);
  });

  it('never answers 304 to someone the page would refuse: 403 to a stranger holding a tag, 404 for a missing file', async () => {
    const seller = await t.signedInUser();
    const stranger = await t.signedInUser();
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/project',
        headers: seller.headers,
        payload: { name: 'Vente', type: 'realty', subtype: 'house', role: 'seller' },
      })
    ).json<{ id: number }>().id;
    const etag = (await get(`/project/${id}`, seller.headers)).headers.etag as string;
    const refused = await get(`/project/${id}`, stranger.headers, etag);
    expect(refused.statusCode).toBe(403);
    expect((await get(`/project/${id}`, stranger.headers, '*')).statusCode).toBe(403);
    const missing = await get('/project/999999', seller.headers, '*');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Ce dossier n'existe pas.");
    // Someone else's copy is not the viewer's: the tag names the viewer.
    expect(etag).toContain(`u${seller.id}.`);
  });

  it('answers 304 to a deactivated account never: 401 first', async () => {
    const user = await t.signedInUser();
    const etag = (await get('/users/me', user.headers)).headers.etag as string;
    await t.database.db.execute(sql`UPDATE users SET is_active = false WHERE id = ${user.id}`);
    expect((await get('/users/me', user.headers, etag)).statusCode).toBe(401);
  });
});
