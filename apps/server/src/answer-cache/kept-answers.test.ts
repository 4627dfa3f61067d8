import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, buildTestApp, testConfig, type TestApp } from '../../test/test-app';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { DEFAULT_CHANGE_FEED_SETTINGS } from './change-feed';

// Answers kept in memory (issue 11), as a client sees them: the signed-in
// user, the dashboard and the project page are kept between requests, and a
// change committed by anyone (the API, another process, an operator's SQL)
// reaches the next answer, since the database's triggers announce it.

type Person = Awaited<ReturnType<TestApp['signedInUser']>>;
interface Summary {
  id: number;
  name: string;
  status: number;
  progress: number;
  city: string | null;
}

/** Requests and database writes of one test app. */
function client(get: () => TestApp) {
  const request = (person: Person, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    get().app.inject({ method, url: `/api${url}`, headers: person.headers, ...(payload ? { payload } : {}) });
  return {
    request,
    async me(person: Person) {
      const res = await request(person, 'GET', '/users/me');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ firstName: string; lastName: string; notary_office: { id: number; city: string } | null }>();
    },
    async dashboard(person: Person): Promise<Summary[]> {
      const res = await request(person, 'GET', '/projects/mine');
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async project(person: Person, id: number): Promise<Summary & { participants: Array<{ first_name: string; email: string | null; user: { id: number } | null }> }> {
      const res = await request(person, 'GET', `/project/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async createProject(person: Person, name: string, role = 'seller'): Promise<number> {
      const res = await request(person, 'POST', '/project', { name, type: 'realty', subtype: 'house', role });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    },
    /** A write announced by the triggers, as another process or an operator would make it. */
    async announced(statement: SQL) {
      await get().database.db.execute(statement);
    },
    /** The same write with the triggers switched off: nobody hears of it, so only a fresh read sees it. */
    async unannounced(statement: SQL) {
      await get().database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.execute(statement);
      });
    },
  };
}

const postgres = BACKENDS.includes('postgres');

/** Waits until `condition` holds, checking every 20 ms, for at most `ms`. */
async function until(condition: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The rows a query answers, on either driver. */
async function rows<T>(t: TestApp, statement: SQL): Promise<T[]> {
  return ((await t.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

describe.each(BACKENDS)('answers kept in memory on %s', (backend) => {
  // The harness makes each request wait until the feed has caught up, as a request arriving a moment after a write finds it.
  describe('kept until a change they were read from is announced', () => {
    let t: TestApp;
    const { request, me, dashboard, project, createProject, announced, unannounced } = client(() => t);
    const summaryOf = async (person: Person, id: number) => (await dashboard(person)).find((p) => p.id === id);
    beforeAll(async () => {
      t = await buildTestApp(backend);
    });
    afterAll(() => t.close());

    it('keeps the signed-in user: an unannounced change is not seen, until an announced one drops the kept answer', async () => {
      const u = await t.signedInUser({ firstName: 'Jeanne', lastName: 'Durand' });
      expect(await me(u)).toMatchObject({ firstName: 'Jeanne' });
      await unannounced(sql`UPDATE users SET first_name = 'Caché' WHERE id = ${u.id}`);
      expect(await me(u)).toMatchObject({ firstName: 'Jeanne' });
      // Another column, announced: the answer is read again, and with it the hidden change.
      await announced(sql`UPDATE users SET last_name = 'Annoncé' WHERE id = ${u.id}`);
      expect(await me(u)).toMatchObject({ firstName: 'Caché', lastName: 'Annoncé' });
    });

    it('keeps the dashboard and the project page the same way', async () => {
      const u = await t.signedInUser();
      const id = await createProject(u, 'Vente maison');
      expect(await summaryOf(u, id)).toMatchObject({ name: 'Vente maison' });
      expect(await project(u, id)).toMatchObject({ name: 'Vente maison' });
      await unannounced(sql`UPDATE projects SET name = 'Nom caché' WHERE id = ${id}`);
      expect(await summaryOf(u, id)).toMatchObject({ name: 'Vente maison' });
      expect(await project(u, id)).toMatchObject({ name: 'Vente maison' });
      await announced(sql`UPDATE projects SET status = 2 WHERE id = ${id}`);
      expect(await summaryOf(u, id)).toMatchObject({ name: 'Nom caché', status: 2 });
      expect(await project(u, id)).toMatchObject({ name: 'Nom caché', status: 2 });
    });

    it("shows a change of the user's row made behind the app's back", async () => {
      const u = await t.signedInUser({ firstName: 'Jeanne' });
      expect(await me(u)).toMatchObject({ firstName: 'Jeanne' });
      await announced(sql`UPDATE users SET first_name = 'Jeannette' WHERE id = ${u.id}`);
      expect(await me(u)).toMatchObject({ firstName: 'Jeannette' });
    });

    it('refuses at once a user deactivated behind the app’s back, though they were kept', async () => {
      const u = await t.signedInUser();
      await me(u);
      await dashboard(u);
      await announced(sql`UPDATE users SET is_active = false WHERE id = ${u.id}`);
      expect((await request(u, 'GET', '/users/me')).statusCode).toBe(401);
      expect((await request(u, 'GET', '/projects/mine')).statusCode).toBe(401);
    });

    it('closes the project to a participant whose row is removed, and takes it off their dashboard', async () => {
      const owner = await t.signedInUser();
      const buyer = await t.signedInUser();
      const id = await createProject(owner, 'Vente avec acheteur');
      await announced(sql`INSERT INTO participants (project_id, first_name, last_name, user_id, role) VALUES (${id}, 'Bruno', 'Achat', ${buyer.id}, 'buyer')`);
      expect(await summaryOf(buyer, id)).toBeDefined();
      expect((await project(buyer, id)).participants).toHaveLength(2);
      expect((await project(owner, id)).participants).toHaveLength(2);

      await announced(sql`DELETE FROM participants WHERE project_id = ${id} AND user_id = ${buyer.id}`);
      expect((await request(buyer, 'GET', `/project/${id}`)).statusCode).toBe(403);
      expect(await summaryOf(buyer, id)).toBeUndefined();
      expect((await project(owner, id)).participants).toHaveLength(1);
    });

    it('gives a kept answer only to the person it was read for: each viewer gets their own view, a stranger a refusal', async () => {
      const owner = await t.signedInUser();
      const buyer = await t.signedInUser();
      const stranger = await t.signedInUser();
      const id = await createProject(owner, 'Vente à plusieurs');
      await announced(sql`INSERT INTO participants (project_id, first_name, last_name, user_id, role) VALUES (${id}, 'Bruno', 'Achat', ${buyer.id}, 'buyer')`);
      await announced(
        sql`INSERT INTO participants (project_id, first_name, last_name, email, role, added_by) VALUES (${id}, 'Paule', 'Invitée', 'paule.invitee@exemple.fr', 'seller', ${owner.id})`,
      );
      const emailSeenBy = async (person: Person) =>
        (await project(person, id)).participants.find((p) => p.first_name === 'Paule')?.email;

      // Read twice each, so that the second answer of each is the kept one.
      for (let round = 0; round < 2; round += 1) {
        expect(await emailSeenBy(owner)).toBe('paule.invitee@exemple.fr');
        expect(await emailSeenBy(buyer)).toBeNull();
        expect((await request(stranger, 'GET', `/project/${id}`)).statusCode).toBe(403);
        expect(await summaryOf(stranger, id)).toBeUndefined();
        expect(await me(stranger)).toMatchObject({ email: stranger.email });
      }
    });

    it("shows on the dashboard a document's progress, the project's status, and its archiving", async () => {
      const u = await t.signedInUser();
      const id = await createProject(u, 'Vente suivie');
      expect(await summaryOf(u, id)).toMatchObject({ progress: 0, status: 1 });

      await announced(sql`UPDATE documents SET progress = 100 WHERE project_id = ${id}`);
      const progress = (await summaryOf(u, id))!.progress;
      expect(progress).toBeGreaterThan(0);
      expect(await project(u, id)).toMatchObject({ progress });

      await announced(sql`UPDATE projects SET status = 2 WHERE id = ${id}`);
      expect(await summaryOf(u, id)).toMatchObject({ status: 2 });

      await announced(sql`UPDATE projects SET is_archived = true WHERE id = ${id}`);
      expect(await summaryOf(u, id)).toBeUndefined();
    });

    it("shows a change of an office's row wherever the office is shown", async () => {
      const notary = await t.signedInUser({ isNotary: true, notaryOfficeId: 2 });
      const u = await t.signedInUser();
      const id = await createProject(u, 'Vente à Lyon');
      const moved = await request(u, 'PATCH', `/project/${id}`, { office: 2 });
      expect(moved.statusCode, moved.body).toBe(200);
      const city = (await me(notary)).notary_office!.city;
      expect(await summaryOf(u, id)).toMatchObject({ city });
      expect(await summaryOf(notary, id)).toMatchObject({ city });
      expect(await project(u, id)).toMatchObject({ city });
      expect(await project(notary, id)).toMatchObject({ city });

      try {
        await announced(sql`UPDATE notary_offices SET city = 'Lyon Confluence' WHERE id = 2`);
        expect((await me(notary)).notary_office).toMatchObject({ id: 2, city: 'Lyon Confluence' });
        expect(await summaryOf(u, id)).toMatchObject({ city: 'Lyon Confluence' });
        expect(await summaryOf(notary, id)).toMatchObject({ city: 'Lyon Confluence' });
        expect(await project(u, id)).toMatchObject({ city: 'Lyon Confluence' });
        expect(await project(notary, id)).toMatchObject({ city: 'Lyon Confluence' });
      } finally {
        await announced(sql`UPDATE notary_offices SET city = ${city} WHERE id = 2`);
      }
    });

    it("puts on a notary's dashboard the project another member of the office opens", async () => {
      const notary = await t.signedInUser({ isNotary: true, notaryOfficeId: 3 });
      const colleague = await t.signedInUser({ isNotary: true, notaryOfficeId: 3 });
      const before = (await dashboard(notary)).map((p) => p.id);
      const id = await createProject(colleague, 'Dossier ouvert par un confrère', 'office');
      expect((await dashboard(notary)).map((p) => p.id)).toEqual([id, ...before]);
    });
  });

  // Over HTTP, as a real client: without the harness's wait for the feed, nor its other work between requests
  // (which gives the feed time to deliver); what is checked is that a write answers once its changes are heard.
  describe('a write through the API, seen by the very next request', () => {
    let t: TestApp;
    let base: string;
    let slowFeed = false;
    beforeAll(async () => {
      t = await buildTestApp(backend, { changeFeed: DEFAULT_CHANGE_FEED_SETTINGS });
      if (backend === 'postgres') {
        // As from a database further away: each notification reaches the app 30 ms after the commit that sent
        // it (in order), so that a request following a write closely would find its change not heard yet. The
        // feed starts listening when the app starts, below, on this slower connection.
        const listen = t.database.listen;
        t.database.listen = (channel, heard, lost) => {
          slowFeed = true;
          return listen(channel, (payload) => void setTimeout(() => heard(payload), 30), lost);
        };
      }
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      expect(slowFeed).toBe(backend === 'postgres');
    });
    afterAll(() => t.close());

    async function send<T>(person: Person, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<T> {
      const res = await fetch(`${base}/api${url}`, {
        method,
        headers: { ...person.headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
        body: payload && JSON.stringify(payload),
      });
      const body = await res.text();
      expect(res.ok, `${res.status} ${body}`).toBe(true);
      return JSON.parse(body) as T;
    }

    it('shows a rename on the project page and the dashboard at once, round after round', async () => {
      const u = await t.signedInUser();
      const { id } = await send<{ id: number }>(u, 'POST', '/project', { name: 'Vente maison', type: 'realty', subtype: 'house', role: 'seller' });
      // Each round reads both answers (kept), renames, and reads them again straight away.
      for (let round = 1; round <= 15; round++) {
        await send(u, 'GET', `/project/${id}`);
        await send(u, 'GET', '/projects/mine');
        const name = `Vente maison, tour ${round}`;
        await send(u, 'POST', '/project/rename', { id, name });
        expect(await send(u, 'GET', `/project/${id}`), `round ${round}`).toMatchObject({ name });
        expect((await send<Summary[]>(u, 'GET', '/projects/mine')).find((p) => p.id === id), `round ${round}`).toMatchObject({ name });
      }
    });

    // GET /download_form records the PDF it generated on the document: a GET that writes.
    it('shows the PDF a questionnaire was just generated into on the project page, round after round', async () => {
      const u = await t.signedInUser();
      const { id } = await send<{ id: number }>(u, 'POST', '/project', { name: 'Vente maison', type: 'realty', subtype: 'house', role: 'seller' });
      type Document = { file: string | null; document_civil_statuses: Array<{ id: number; version: number }> };
      const civil = async () => {
        const documents = (await send<{ documents: Document[] }>(u, 'GET', `/project/${id}`)).documents;
        const document = documents.find((d) => d.document_civil_statuses.length > 0)!;
        return { ...document.document_civil_statuses[0]!, file: document.file };
      };
      for (let round = 1; round <= 5; round++) {
        const before = await civil();
        await send(u, 'PATCH', '/document', { docType: 'document_civil_status', document: { id: before.id, version: before.version, last_name: `Durand ${round}` } });
        await civil();
        const { filename } = await send<{ filename: string }>(u, 'GET', `/download_form/civil_status/${before.id}`);
        expect((await civil()).file, `round ${round}`).toBe(filename);
      }
    });

    it('shows a profile change on /users/me at once, round after round', async () => {
      const u = await t.signedInUser();
      for (let round = 1; round <= 15; round++) {
        await send(u, 'GET', '/users/me');
        const firstName = `Jeanne ${'I'.repeat(round)}`;
        await send(u, 'PATCH', `/users/${u.id}`, { firstName });
        expect(await send(u, 'GET', '/users/me'), `round ${round}`).toMatchObject({ firstName });
      }
    });
  });
});

describe.skipIf(!postgres)('the change feed’s connection to PostgreSQL', () => {
  let t: TestApp;
  const { me, announced, unannounced } = client(() => t);
  beforeAll(async () => {
    t = await buildTestApp('postgres', { changeFeed: { heartbeatMs: 60_000, markerTimeoutMs: 2_000, retryMs: 50, maxRetryMs: 200 } });
  });
  afterAll(() => t.close());

  /** The backends listening to the feed in the test's database. */
  const listeners = () =>
    rows<{ pid: number; state: string }>(t, sql`SELECT pid, state FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`);

  it('trusts nothing kept from before a lost connection, and keeps answers again once it is back', async () => {
    const u = await t.signedInUser({ firstName: 'Jeanne' });
    expect(await me(u)).toMatchObject({ firstName: 'Jeanne' });
    await unannounced(sql`UPDATE users SET first_name = 'Caché' WHERE id = ${u.id}`);
    expect(await me(u)).toMatchObject({ firstName: 'Jeanne' });

    const lost = await listeners();
    expect(lost).toHaveLength(1);
    await rows(t, sql`SELECT pg_terminate_backend(${lost[0]!.pid})`);
    // Made while the feed is away: nobody will ever hear of it.
    await unannounced(sql`UPDATE users SET first_name = 'Pendant la coupure' WHERE id = ${u.id}`);
    await until(async () => (await listeners()).some((l) => l.pid !== lost[0]!.pid && l.state === 'idle'), 'the feed listens again');
    await t.app.keptAnswers.feed.caughtUp();

    // The answer kept before the loss was dropped.
    expect(await me(u)).toMatchObject({ firstName: 'Pendant la coupure' });
    // Answers are kept again...
    await unannounced(sql`UPDATE users SET first_name = 'Après la coupure' WHERE id = ${u.id}`);
    expect(await me(u)).toMatchObject({ firstName: 'Pendant la coupure' });
    // ...and dropped by what the new connection hears.
    await announced(sql`UPDATE users SET last_name = 'Annoncé' WHERE id = ${u.id}`);
    await t.app.keptAnswers.feed.caughtUp();
    expect(await me(u)).toMatchObject({ firstName: 'Après la coupure', lastName: 'Annoncé' });
  });
});

describe.skipIf(!postgres)('two servers on one PostgreSQL database', () => {
  let t: TestApp;
  let second: { app: FastifyInstance; close(): Promise<void> };
  const { request, unannounced } = client(() => t);
  beforeAll(async () => {
    t = await buildTestApp('postgres');
    // A second server on the test's database, with the same secret and clock: the same tokens sign in on both.
    const [{ name }] = (await rows<{ name: string }>(t, sql`SELECT current_database() AS name`)) as [{ name: string }];
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    const app = await buildApp({ database, mailer: { send: async () => undefined }, now: t.clock.now, storage: t.storage, config: { ...testConfig, dataDir: t.dataDir } });
    await app.ready();
    second = {
      app,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('drops in the other server the answers a write through one server changes', async () => {
    const u = await t.signedInUser({ firstName: 'Jeanne', lastName: 'Durand' });
    const meOnSecond = async () => (await second.app.inject({ method: 'GET', url: '/api/users/me', headers: u.headers })).json<{ firstName: string }>();
    // A request a moment after the sign-in (a write, announced) finds it heard by the second server too.
    await second.app.keptAnswers.feed.caughtUp();
    expect(await meOnSecond()).toMatchObject({ firstName: 'Jeanne' });
    // The second server keeps its answer...
    await unannounced(sql`UPDATE users SET last_name = 'Caché' WHERE id = ${u.id}`);
    expect(await meOnSecond()).toMatchObject({ firstName: 'Jeanne', lastName: 'Durand' });
    // ...until a write through the first one is announced (a request a moment later finds it heard).
    const res = await request(u, 'PATCH', `/users/${u.id}`, { firstName: 'Jeanne-Marie' });
    expect(res.statusCode, res.body).toBe(200);
    await second.app.keptAnswers.feed.caughtUp();
    expect(await meOnSecond()).toMatchObject({ firstName: 'Jeanne-Marie', lastName: 'Caché' });
  });
});
