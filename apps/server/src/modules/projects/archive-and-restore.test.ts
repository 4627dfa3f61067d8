import { NEXT_PAGE_HEADER } from '@notadoo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { participants, projects } from '../../db/schema';

/**
 * Archiving a file takes it out of every dashboard: once it is sent to the
 * office (status 3), only the office and admins archive it, and they (or
 * its creator before sending) bring it back. The "Archivés" filter lists them.
 */
describe.each(BACKENDS)('archiving and restoring files on %s', (backend) => {
  let t: TestApp;
  type Actor = { id: number; email: string; headers: Record<string, string> };
  let client: Actor, buyer: Actor, parisNotary: Actor, lyonNotary: Actor, admin: Actor;

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    return { id: u.id, email: u.email, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const api = (a: Actor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: a.headers, ...(payload ? { payload } : {}) });
  const dashboardIds = async (a: Actor, query = '') =>
    ((await api(a, 'GET', `/projects/mine${query}`)).json() as Array<{ id: number }>).map((p) => p.id);

  /** A client's house sale at the Paris office, with a buyer who has an account, at `status`. */
  async function fileAt(status: number, name = 'Vente maison Dubois'): Promise<number> {
    const created = await api(client, 'POST', '/project', { name, type: 'realty', subtype: 'house', role: 'seller' });
    const id = created.json().id as number;
    await api(client, 'PATCH', `/project/${id}`, { office: 1 });
    await t.database.db
      .insert(participants)
      .values({ projectId: id, firstName: 'Bruno', lastName: 'Achat', email: buyer.email, userId: buyer.id, role: 'buyer' });
    await t.database.db
      .update(projects)
      .set({ status })
      .where(sql`${projects.id} = ${id}`);
    return id;
  }

  beforeAll(async () => {
    t = await buildTestApp(backend);
    client = await actor({ firstName: 'Claire', lastName: 'Dubois' });
    buyer = await actor({ firstName: 'Bruno' });
    parisNotary = await actor({ firstName: 'Nicolas', lastName: 'Bernard', isNotary: true, notaryOfficeId: 1 });
    lyonNotary = await actor({ isNotary: true, notaryOfficeId: 2 });
    admin = await actor({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
  });
  afterAll(() => t.close());

  it('refuses the client once the file is sent; the office archives it and its people are told by mail', async () => {
    const id = await fileAt(3);
    const refused = await api(client, 'DELETE', `/project/${id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Erreur : Vous n'avez pas les droits suffisants pour accéder à ce projet.");
    expect(await dashboardIds(parisNotary)).toContain(id);
    expect((await api(lyonNotary, 'DELETE', `/project/${id}`)).statusCode).toBe(403);

    const sent = t.mails.length;
    const archived = await api(parisNotary, 'DELETE', `/project/${id}`);
    expect(archived.statusCode).toBe(200);
    expect(await dashboardIds(parisNotary)).not.toContain(id);
    expect(await dashboardIds(client)).not.toContain(id);
    const mails = t.mails.slice(sent);
    expect(mails.map((m) => m.to).sort()).toEqual([client.email, buyer.email].sort());
    expect(mails[0]).toMatchObject({ subject: 'Dossier archivé : Vente maison Dubois', link: `http://app.test/project/${id}/dashboard` });
    expect(mails[0]!.text).toContain('Nicolas Bernard a archivé le dossier « Vente maison Dubois ».');
  });

  it('lists archived files under "Archivés" to the office and the file\'s people, and the office restores them', async () => {
    const id = await fileAt(4);
    await api(admin, 'DELETE', `/project/${id}`);
    expect(await dashboardIds(parisNotary, '?archived=true')).toContain(id);
    expect(await dashboardIds(client, '?archived=true')).toContain(id);
    expect(await dashboardIds(lyonNotary, '?archived=true')).not.toContain(id);
    expect(await dashboardIds(client, '?archived=false')).not.toContain(id);

    expect((await api(client, 'POST', `/project/${id}/restore`)).statusCode).toBe(403);
    expect((await api(buyer, 'POST', `/project/${id}/restore`)).statusCode).toBe(403);
    expect((await api(lyonNotary, 'POST', `/project/${id}/restore`)).statusCode).toBe(403);
    const sent = t.mails.length;
    const restored = await api(parisNotary, 'POST', `/project/${id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id, is_archived: false, status: 4 });
    expect(await dashboardIds(client)).toContain(id);
    expect(await dashboardIds(parisNotary, '?archived=true')).not.toContain(id);
    expect(t.mails.slice(sent).map((m) => m.subject)).toEqual([
      'Dossier restauré : Vente maison Dubois',
      'Dossier restauré : Vente maison Dubois',
    ]);
  });

  it('lets the creator archive and restore their file before it is sent', async () => {
    const id = await fileAt(2);
    expect((await api(buyer, 'DELETE', `/project/${id}`)).statusCode).toBe(403);
    expect((await api(client, 'DELETE', `/project/${id}`)).statusCode).toBe(200);
    expect((await api(client, 'POST', `/project/${id}/restore`)).statusCode).toBe(200);
    expect(await dashboardIds(client)).toContain(id);
  });

  it('answers 409 with a French message to an archive or restore with nothing to do', async () => {
    const id = await fileAt(3);
    const notArchived = await api(parisNotary, 'POST', `/project/${id}/restore`);
    expect(notArchived.statusCode).toBe(409);
    expect(notArchived.json().message).toBe("Ce dossier n'est pas archivé : il n'y a rien à restaurer.");
    await api(parisNotary, 'DELETE', `/project/${id}`);
    const again = await api(admin, 'DELETE', `/project/${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ce dossier est déjà archivé.');
    // Two restores at once: one restores, the other is told there is nothing left to do.
    const both = await Promise.all([api(parisNotary, 'POST', `/project/${id}/restore`), api(admin, 'POST', `/project/${id}/restore`)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses a bad filter, an unknown file and an anonymous caller', async () => {
    const bad = await api(client, 'GET', '/projects/mine?archived=oui');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Le filtre « archived » doit valoir true ou false.');
    expect((await api(client, 'POST', '/project/999999/restore')).statusCode).toBe(404);
    expect((await api(client, 'POST', '/project/abc/restore')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/project/1/restore' })).statusCode).toBe(401);
  });

  it('pages through the archived files newest first, each once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await fileAt(2, `Archivé ${i}`);
      await api(client, 'DELETE', `/project/${id}`);
      ids.push(id);
    }
    const seen: number[] = [];
    let query = '?archived=true&limit=2';
    for (;;) {
      const res = await api(client, 'GET', `/projects/mine${query}`);
      seen.push(...(res.json() as Array<{ id: number; is_archived: boolean }>).map((p) => p.id));
      const next = res.headers[NEXT_PAGE_HEADER];
      if (typeof next !== 'string') break;
      query = `?archived=true&limit=2&after=${encodeURIComponent(next)}`;
    }
    const mine = seen.filter((id) => ids.includes(id));
    expect(mine).toEqual([...ids].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('reads the archived pages from their partial indexes', async () => {
    const plan = async (where: string) => {
      // A tiny table is cheaper to scan: the planner is told not to, so that it shows which index fits the query.
      const rows = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const result = (await tx.execute(
          sql.raw(`EXPLAIN SELECT p.id FROM projects p WHERE ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT 25`),
        )) as unknown as {
          rows: Array<Record<string, string>>;
        };
        return result.rows;
      });
      return rows.map((r) => Object.values(r)[0]).join('\n');
    };
    expect(await plan('p.is_archived')).toContain('projects_archived_order');
    expect(await plan('p.is_archived AND p.notary_office_id = 1')).toContain('projects_office_archived_order');
    expect(await plan('NOT p.is_archived')).toContain('projects_dashboard_order');
  });
});
