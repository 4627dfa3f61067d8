import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@notadoo/domain';
import type { PgliteWorkerClient } from '../src/db/pglite-worker-client';
import { buildTestApp } from './test-app';

/**
 * The embedded PGlite runs in a worker thread (db/pglite-worker-client.ts).
 * If that thread ends (a crash in PGlite's WASM, the thread's memory limit),
 * the server stays up and answers as for a PostgreSQL server out of reach:
 * 503 with the French message, no request left hanging.
 */
describe('the embedded database’s worker thread stopped', () => {
  it('answers 503 in French to requests that need the database, in flight or later; answers without it still work', async () => {
    const t = await buildTestApp('pglite');
    try {
      const user = await t.signedInUser();
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.headers })).statusCode).toBe(200);

      // Over HTTP: the test's inject also sends the mails due after each request, which needs the database.
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const me = () => fetch(`${base}/api/users/me`, { headers: user.headers });
      // drizzle keeps the client it was given: the worker's.
      const client = (t.database.db as unknown as { $client: PgliteWorkerClient }).$client;
      const inFlight = me();
      await client.worker.terminate();
      for (const res of [await inFlight, await me()]) {
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: MESSAGES.databaseUnavailable });
      }
      const docs = await fetch(`${base}/api/docs`);
      expect(docs.status).toBe(200);
      // Read to its end: a body left unread keeps its connection busy, and closing the server waits for it.
      await docs.arrayBuffer();
    } finally {
      await t.close();
    }
  }, 60_000);
});
