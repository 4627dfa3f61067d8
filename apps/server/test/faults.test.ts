import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { documents, users } from '../src/db/schema';
import { V8_FLAGS } from '../src/v8-flags';
import { multipartBody, pdfWith } from './multipart';
import { allServerOutput, runningCommand, spawnServer, startServer, type ServerProcess } from './server-process';
import { startTcpRelay, type TcpRelay } from './tcp-relay';
import { createThrowAwayDatabase } from './test-app';

/**
 * Issue 9, "Faults": the real server process killed (SIGKILL) in the middle
 * of uploads and questionnaire saves, stopped (SIGTERM) with a request in
 * flight, run twice on one PostgreSQL database, and cut from its database.
 * Everything the servers print is checked at the end for secrets.
 */

const secrets = new Set<string>();
const keep = <T extends string>(secret: T): T => (secrets.add(secret), secret);

type Json = Record<string, unknown>;
async function call(server: ServerProcess, method: string, url: string, options: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Json & Json[] };
}

async function signup(server: ServerProcess, email: string) {
  const password = keep(`Ardoise-${randomBytes(6).toString('hex')}-1`);
  const res = await call(server, 'POST', '/users/signup', {
    body: { email, password, passwordConfirm: password, firstName: 'Anne', lastName: 'Test' },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { email, password, token: keep(res.json.token as string) };
}

interface WireDocument {
  id: number;
  document_files: Array<{ id: number; files: string[] }>;
  document_civil_statuses: Array<Json & { id: number; version: number }>;
}
async function projectDocuments(server: ServerProcess, token: string, projectId: number): Promise<WireDocument[]> {
  const res = await call(server, 'GET', `/project/${projectId}`, { token });
  expect(res.status).toBe(200);
  return res.json.documents as WireDocument[];
}

/** A PDF whose content is a secret (it must never reach the logs), padded so an upload can be cut in the middle. */
function secretPdf(): Buffer {
  return pdfWith(
    Buffer.concat([Buffer.from(`% ${keep(`contenu-confidentiel-${randomBytes(6).toString('hex')}`)}\n`), Buffer.alloc(400_000, 0x20)]),
  );
}

/**
 * An upload sent in two halves: the first now, the rest when `finish` is
 * called; `answer` resolves with the status, or with the error when the
 * connection breaks.
 */
function startSlowUpload(server: ServerProcess, token: string, projectId: number, docId: number, content: Buffer) {
  const body = multipartBody({ id: String(docId) }, { field: 'file', name: 'piece.pdf', content, type: 'application/pdf' });
  const half = Math.floor(body.payload.length / 2);
  const req = httpRequest(`${server.url}/api/project/${projectId}/addfile`, {
    method: 'POST',
    headers: { ...body.headers, 'content-length': String(body.payload.length), authorization: `Bearer ${token}` },
  });
  const answer = new Promise<number | Error>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error) => resolve(error));
  });
  req.write(body.payload.subarray(0, half));
  return { answer, finish: () => req.end(body.payload.subarray(half)) };
}

async function upload(server: ServerProcess, token: string, projectId: number, docId: number, content: Buffer) {
  const body = multipartBody({ id: String(docId) }, { field: 'file', name: 'piece.pdf', content, type: 'application/pdf' });
  const res = await fetch(`${server.url}/api/project/${projectId}/addfile`, {
    method: 'POST',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    body: body.payload,
  });
  return res.status;
}

async function download(server: ServerProcess, token: string, docId: number, index: number): Promise<Buffer> {
  const tokens = await call(server, 'POST', '/generate_file_token', { token, body: [{ type: 'file', docId }] });
  expect(tokens.status).toBe(200);
  const value = keep((tokens.json.tokens as Array<{ value: string }>)[0]!.value);
  const res = await fetch(`${server.url}/api/get_file/${docId}/${index}/${value}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`jamais arrivé : ${what}`);
}

const isTemporary = (name: string) => name.startsWith('.upload-');
/** Waits until the server writes a new temporary upload file in `dir` (one left by an earlier crash does not count). */
async function waitForNewUpload(dir: string, before: string[]): Promise<void> {
  await waitFor(() => readdirSync(dir).some((name) => isTemporary(name) && !before.includes(name)), 'the upload reaches the disk');
}

describe('the server process on its embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'notadoo-faults-'));
  let server: ServerProcess;
  let user: { email: string; password: string; token: string };
  let projectId: number;
  let drawerId: number;
  let civilId: number;
  const acknowledgedFiles: Buffer[] = [];
  const filesDir = () => path.join(dataDir, 'files', 'projects', String(projectId));
  /** Where uploads are received before they are handed to the storage. */
  const receivingDir = () => path.join(dataDir, 'tmp');
  const drawer = async () =>
    (await projectDocuments(server, user.token, projectId)).flatMap((d) => d.document_files).find((f) => f.id === drawerId)!;
  const civil = async () =>
    (await projectDocuments(server, user.token, projectId)).flatMap((d) => d.document_civil_statuses).find((q) => q.id === civilId)!;

  /** Every acknowledged file is listed, downloads whole, and nothing else is stored (temporary upload files aside). */
  async function expectFilesIntact() {
    const listed = (await drawer()).files;
    expect(listed).toHaveLength(acknowledgedFiles.length);
    for (const [index, content] of acknowledgedFiles.entries())
      expect((await download(server, user.token, drawerId, index)).equals(content)).toBe(true);
    expect(
      readdirSync(filesDir())
        .filter((name) => !isTemporary(name))
        .sort(),
    ).toEqual([...listed].sort());
  }

  beforeAll(async () => {
    server = await startServer({ dataDir });
    user = await signup(server, `faute-${randomBytes(3).toString('hex')}@exemple.fr`);
    const created = await call(server, 'POST', '/project', {
      token: user.token,
      body: { name: 'Vente', type: 'realty', subtype: 'house', role: 'seller' },
    });
    projectId = created.json.id as number;
    const docs = await projectDocuments(server, user.token, projectId);
    civilId = docs.flatMap((d) => d.document_civil_statuses)[0]!.id;
    const me = (await call(server, 'GET', `/project/${projectId}`, { token: user.token })).json.participants as Array<{ id: number }>;
    const added = await call(server, 'POST', '/participant/adddocument', {
      token: user.token,
      body: { projectId, docType: 'document_files', docFileType: 'identity_card', participantId: me[0]!.id },
    });
    expect(added.status).toBe(200);
    drawerId = (added.json.documents as WireDocument[]).flatMap((d) => d.document_files).at(-1)!.id;
    const first = secretPdf();
    expect(await upload(server, user.token, projectId, drawerId, first)).toBe(200);
    acknowledgedFiles.push(first);
  }, 90_000);
  afterAll(async () => {
    if (server.child.exitCode === null) await server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.runIf(process.platform === 'linux')("runs, under the pid it was started with, with the embedded database's V8 flags", () => {
    expect(runningCommand(server)).toEqual(expect.arrayContaining([...V8_FLAGS.embedded]));
  });

  it('refuses a second server on the same DATA_DIR with a French message naming the folder', async () => {
    const second = await spawnServer({ dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`Le dossier de données ${dataDir} est déjà utilisé par un autre serveur Notadoo`);
    expect((await call(server, 'GET', '/users/me', { token: user.token })).status).toBe(200);
  }, 30_000);

  it('vacuums and analyzes its embedded database itself once listening (PGlite has no autovacuum)', async () => {
    await expect
      .poll(() => server.output(), { timeout: 15_000 })
      .toMatch(/"table":"notary_offices","vacuum":true,"analyze":true,"ms":\d+,"msg":"Entretien de la base embarquée/);
  }, 30_000);

  it('prints its start-up lines in the order they happen: Fastify listening first, then its own', () => {
    const output = server.output();
    const listening = output.indexOf('"msg":"Server listening at');
    const started = output.indexOf('Notadoo démarré sur');
    expect(listening, output).toBeGreaterThanOrEqual(0);
    expect(started, output).toBeGreaterThan(listening);
  });

  /** [path, mode] of everything under DATA_DIR. */
  function modes(): Array<[string, string]> {
    const found: Array<[string, string]> = [];
    const walk = (dir: string) => {
      found.push([dir, (statSync(dir).mode & 0o777).toString(8)]);
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.isFile()) found.push([full, (statSync(full).mode & 0o777).toString(8)]);
      }
    };
    walk(dataDir);
    return found;
  }
  const notOwnerOnly = (entries: Array<[string, string]>) =>
    entries.filter(([p, mode]) => mode !== (statSync(p).isDirectory() ? '700' : '600'));
  const isDatabaseFile = ([p]: [string, string]) => p.startsWith(path.join(dataDir, 'db') + path.sep);

  it('keeps every folder 0700 and every file 0600 after a start and an upload (database files it added since: behind 0700 folders)', () => {
    const all = modes();
    expect(all.some(isDatabaseFile)).toBe(true);
    expect(all.some(([p]) => p.startsWith(filesDir()))).toBe(true);
    expect(all.some(([p]) => p.endsWith('jwt-secret') || p.endsWith('server.lock'))).toBe(true);
    const wrong = notOwnerOnly(all).filter((entry) => !(isDatabaseFile(entry) && entry[1] === '666'));
    expect(wrong).toEqual([]);
  });

  it('loses nothing acknowledged when killed during an upload; after restart the retry succeeds', async () => {
    const content = secretPdf();
    const before = readdirSync(receivingDir());
    const slow = startSlowUpload(server, user.token, projectId, drawerId, content);
    await waitForNewUpload(receivingDir(), before);
    await server.kill('SIGKILL');
    expect(await slow.answer).toBeInstanceOf(Error);

    server = await startServer({ dataDir }); // the dead server's lock is stale: taken over
    // The half-received upload was swept at start.
    expect(readdirSync(receivingDir()).filter(isTemporary)).toEqual([]);
    // Right after a start, the embedded database's files are owner-only too.
    expect(notOwnerOnly(modes())).toEqual([]);
    await expectFilesIntact();
    expect(await upload(server, user.token, projectId, drawerId, content)).toBe(200);
    acknowledgedFiles.push(content);
    await expectFilesIntact();
  }, 60_000);

  it('keeps every acknowledged questionnaire save when killed during saves; after restart the retry succeeds', async () => {
    let acknowledged = { version: (await civil()).version, name: '' };
    for (let i = 1; i <= 4; i += 1) {
      const name = keep(`Prénom-secret-${i}-${randomBytes(3).toString('hex')}`);
      const res = await call(server, 'PATCH', '/document', {
        token: user.token,
        body: { docType: 'document_civil_status', document: { id: civilId, version: acknowledged.version, first_name: name } },
      });
      expect(res.status).toBe(200);
      acknowledged = { version: res.json.version as number, name };
    }
    const inFlightName = keep(`Prénom-secret-vol-${randomBytes(3).toString('hex')}`);
    const inFlight = call(server, 'PATCH', '/document', {
      token: user.token,
      body: { docType: 'document_civil_status', document: { id: civilId, version: acknowledged.version, first_name: inFlightName } },
    }).catch((error: unknown) => error);
    await server.kill('SIGKILL');
    const lost = await inFlight;

    server = await startServer({ dataDir });
    const stored = await civil();
    if (lost instanceof Error) {
      // Unanswered: either committed whole or not at all.
      expect([acknowledged, { version: acknowledged.version + 1, name: inFlightName }]).toContainEqual({
        version: stored.version,
        name: stored.first_name,
      });
    } else {
      expect(stored).toMatchObject({ version: acknowledged.version + 1, first_name: inFlightName });
    }
    // The client retries its unanswered save on the version it reads now.
    const retry = await call(server, 'PATCH', '/document', {
      token: user.token,
      body: { docType: 'document_civil_status', document: { id: civilId, version: stored.version, first_name: inFlightName } },
    });
    expect(retry.status).toBe(200);
    expect(await civil()).toMatchObject({ version: stored.version + 1, first_name: inFlightName });
  }, 60_000);

  it('lets a request in flight finish on SIGTERM, then exits cleanly; no orphan row nor partial file remains', async () => {
    const content = secretPdf();
    const before = readdirSync(receivingDir());
    const slow = startSlowUpload(server, user.token, projectId, drawerId, content);
    await waitForNewUpload(receivingDir(), before);
    server.child.kill('SIGTERM');
    await waitFor(() => server.output().includes('SIGTERM reçu'), 'the server begins stopping');
    slow.finish();
    expect(await slow.answer).toBe(200);
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock')), 'the lock is released on shutdown').toBe(false);
    acknowledgedFiles.push(content);

    // The stopped server's database, read directly: every stored file name has its file, and every file its row.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const rows = await database.db.select({ id: documents.id, files: documents.files }).from(documents);
      const referenced = rows.find((r) => r.id === drawerId)!.files;
      expect(referenced).toHaveLength(acknowledgedFiles.length);
      expect(
        readdirSync(filesDir())
          .filter((name) => !isTemporary(name))
          .sort(),
      ).toEqual([...referenced].sort());
      for (const r of await database.db.select({ hash: users.passwordHash }).from(users)) keep(r.hash);
    } finally {
      await database.close();
    }
  }, 60_000);
});

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) console.log('Tests de pannes sur PostgreSQL ignorés : TEST_DATABASE_URL n’est pas défini.');

const UNREACHABLE = 'Le service est momentanément indisponible (base de données injoignable). Merci de réessayer dans quelques instants.';
/** DATABASE_QUERY_TIMEOUT_MS of the server behind the relay. */
const QUERY_TIMEOUT_MS = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A call that never waits more than `ms`: its status (0 when the connection failed or it timed out) and how long it took. */
async function timedCall(
  server: ServerProcess,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; ms?: number } = {},
) {
  const started = performance.now();
  try {
    const res = await fetch(`${server.url}/api${url}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.ms ?? 10_000),
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : {}) as Json, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, json: { error: String(error) } as Json, ms: performance.now() - started };
  }
}

describe.skipIf(!postgresUrl)('two server processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createThrowAwayDatabase>> | undefined;
  const dataDirs = [mkdtempSync(path.join(tmpdir(), 'notadoo-pg-a-')), mkdtempSync(path.join(tmpdir(), 'notadoo-pg-b-'))];
  let relay: TcpRelay;
  let viaRelay: ServerProcess;
  let direct: ServerProcess;

  beforeAll(async () => {
    database = await createThrowAwayDatabase('notadoo_faults');
    relay = await startTcpRelay(database.url);
    // Both start at once: the migrations run once, under the startup lock.
    [viaRelay, direct] = await Promise.all([
      // A short query timeout, so that a frozen link is answered 503 within the test's patience.
      startServer({ dataDir: dataDirs[0]!, env: { DATABASE_URL: relay.url, DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS) } }),
      startServer({ dataDir: dataDirs[1]!, env: { DATABASE_URL: database.url } }),
    ]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([viaRelay, direct].filter(Boolean).map((s) => (s.child.exitCode === null ? s.kill('SIGTERM') : Promise.resolve())));
    await relay?.close();
    for (const r of (await admin('SELECT password_hash FROM users')) as Array<{ password_hash: string }>) keep(r.password_hash);
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('accepts on one server a token issued by the other, and gives one 200 and one 409 to two concurrent saves', async () => {
    const user = await signup(viaRelay, `pg-${randomBytes(3).toString('hex')}@exemple.fr`);
    expect((await call(direct, 'GET', '/users/me', { token: user.token })).json).toMatchObject({ email: user.email });
    const projectId = (
      await call(direct, 'POST', '/project', {
        token: user.token,
        body: { name: 'Vente', type: 'realty', subtype: 'house', role: 'seller' },
      })
    ).json.id as number;
    const item = (await projectDocuments(viaRelay, user.token, projectId)).flatMap((d) => d.document_civil_statuses)[0]!;
    const save = (server: ServerProcess) =>
      call(server, 'PATCH', '/document', {
        token: user.token,
        body: {
          docType: 'document_civil_status',
          document: { id: item.id, version: item.version, first_name: keep(`Prénom-secret-${randomBytes(3).toString('hex')}`) },
        },
      });
    const codes = (await Promise.all([save(viaRelay), save(direct)])).map((r) => r.status).sort();
    expect(codes).toEqual([200, 409]);
  }, 30_000);

  it('answers 503 in French while the database is away, and recovers by itself once it is back', async () => {
    const user = await signup(direct, `pg-${randomBytes(3).toString('hex')}@exemple.fr`);
    expect((await call(viaRelay, 'GET', '/users/me', { token: user.token })).status).toBe(200);
    relay.cut();
    // Nothing is answered from memory (issue 24): the very next request needs the database.
    const away = await call(viaRelay, 'GET', '/users/me', { token: user.token });
    expect(away.status).toBe(503);
    expect(away.json.message).toBe(UNREACHABLE);
    expect(viaRelay.child.exitCode).toBeNull();

    relay.pass();
    let back = away;
    for (let i = 0; i < 20 && back.status !== 200; i += 1) {
      back = await call(viaRelay, 'GET', '/users/me', { token: user.token });
      if (back.status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(back.status).toBe(200);
  }, 30_000);

  it('stays up when its database link is cut in the middle of transactions under write load: 503 meanwhile, writes again once the link is back', async () => {
    const user = await signup(viaRelay, `charge-${randomBytes(3).toString('hex')}@exemple.fr`);
    /** One client writing in a loop on a project of its own: questionnaire saves and persons added (a transaction). */
    const writer = async (index: number) => {
      const created = await call(viaRelay, 'POST', '/project', {
        token: user.token,
        body: { name: `Charge ${index}`, type: 'realty', subtype: 'house', role: 'seller' },
      });
      expect(created.status).toBe(201);
      const projectId = created.json.id as number;
      const item = (await projectDocuments(viaRelay, user.token, projectId)).flatMap((d) => d.document_civil_statuses)[0]!;
      return { projectId, item };
    };
    const writers = await Promise.all([0, 1, 2, 3].map(writer));
    const answers: Array<{ at: number; status: number; message?: unknown; unsure: boolean }> = [];
    let stopped = false;
    const run = async (w: (typeof writers)[number], index: number) => {
      let unsure = false;
      for (let round = 0; !stopped; round += 1) {
        if (unsure) {
          // The last save may have been committed before the cut: read the version again.
          const project = await timedCall(viaRelay, 'GET', `/project/${w.projectId}`, { token: user.token });
          answers.push({ at: performance.now(), status: project.status, message: project.json.message, unsure: false });
          if (project.status !== 200) {
            await sleep(50);
            continue;
          }
          w.item = (project.json.documents as WireDocument[]).flatMap((d) => d.document_civil_statuses).find((q) => q.id === w.item.id)!;
          unsure = false;
        }
        const res =
          round % 2 === 0
            ? await timedCall(viaRelay, 'PATCH', '/document', {
                token: user.token,
                body: {
                  docType: 'document_civil_status',
                  document: { id: w.item.id, version: w.item.version, first_name: keep(`Prénom-secret-${index}-${round}`) },
                },
              })
            : await timedCall(viaRelay, 'POST', `/project/${w.projectId}/addperson`, {
                token: user.token,
                body: { firstName: `Personne ${round}`, lastName: 'Charge', email: '', role: 'seller' },
              });
        answers.push({ at: performance.now(), status: res.status, message: res.json.message, unsure });
        if (res.status === 200 && round % 2 === 0) w.item = { ...w.item, version: res.json.version as number };
        if (res.status !== 200) {
          unsure = true;
          await sleep(50);
        }
      }
    };
    const load = writers.map(run);

    const figures: Array<{ firstUnavailableMs: number; recoveredMs: number }> = [];
    try {
      for (let cut = 0; cut < 3; cut += 1) {
        await sleep(400);
        // Cut as a BEGIN goes through: a transaction's connection is checked out when it breaks.
        const cutAt = await Promise.race([relay.cutOnNext('begin').then(() => performance.now()), sleep(5000).then(() => undefined)]);
        expect(cutAt, 'a transaction began within 5 s').toBeDefined();
        await sleep(800);
        const passAt = performance.now();
        relay.pass();
        await expect.poll(() => answers.some((a) => a.at > passAt + 1 && a.status === 200), { timeout: 10_000, interval: 50 }).toBe(true);
        const firstUnavailable = answers.find((a) => a.at > cutAt! && a.status === 503);
        const recovered = answers.find((a) => a.at > passAt && a.status === 200)!;
        figures.push({
          firstUnavailableMs: Math.round((firstUnavailable?.at ?? NaN) - cutAt!),
          recoveredMs: Math.round(recovered.at - passAt),
        });
        expect(viaRelay.child.exitCode, `the server ended at cut ${cut + 1}:\n${viaRelay.output().slice(-2000)}`).toBeNull();
      }
    } finally {
      stopped = true;
      await Promise.all(load);
    }
    console.log(
      `Coupures sous charge : ${answers.length} réponses, ${answers.filter((a) => a.status === 503).length} × 503 ; par coupure (ms jusqu’au premier 503, jusqu’à la première écriture réussie après le retour) : ${JSON.stringify(figures)}`,
    );

    expect(viaRelay.child.exitCode).toBeNull();
    expect(viaRelay.output()).not.toContain('Unhandled');
    // Every answer: a success, or 503 with its French message; a 409 only for a save retried on a version read before a cut.
    const unexpected = answers.filter(
      (a) => !(a.status === 200 || (a.status === 503 && a.message === UNREACHABLE) || (a.status === 409 && a.unsure)),
    );
    expect(unexpected).toEqual([]);
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    // Writes go on after the last cut: each client's last answer is a success.
    expect(answers.at(-1)!.status).toBe(200);
  }, 60_000);

  it('never answers a user disabled while its database link is frozen: 503 within its query timeout, then 401 once the link is back', async () => {
    const user = await signup(direct, `gel-${randomBytes(3).toString('hex')}@exemple.fr`);
    const projectId = (
      await call(direct, 'POST', '/project', {
        token: user.token,
        body: { name: 'Vente', type: 'realty', subtype: 'house', role: 'seller' },
      })
    ).json.id as number;
    // Read twice through the relay before the freeze.
    for (let i = 0; i < 2; i += 1) {
      expect((await timedCall(viaRelay, 'GET', '/users/me', { token: user.token })).status).toBe(200);
      expect((await timedCall(viaRelay, 'GET', `/project/${projectId}`, { token: user.token })).status).toBe(200);
    }
    relay.freeze();
    const frozenAt = performance.now();
    // Disabled through the other process: the frozen one cannot hear of it.
    await admin(`UPDATE users SET is_active = false WHERE email = '${user.email}'`);

    const answers: Array<{ url: string; startedAfterMs: number; status: number; ms: number; message?: unknown }> = [];
    while (performance.now() - frozenAt < 9000) {
      for (const url of ['/users/me', `/project/${projectId}`]) {
        const startedAfterMs = performance.now() - frozenAt;
        const res = await timedCall(viaRelay, 'GET', url, { token: user.token, ms: 8000 });
        answers.push({
          url,
          startedAfterMs: Math.round(startedAfterMs),
          status: res.status,
          ms: Math.round(res.ms),
          message: res.json.message,
        });
      }
      await sleep(200);
    }
    relay.pass();
    const passAt = performance.now();
    let back = await timedCall(viaRelay, 'GET', '/users/me', { token: user.token });
    while (back.status !== 401 && performance.now() - passAt < 8000) {
      await sleep(100);
      back = await timedCall(viaRelay, 'GET', '/users/me', { token: user.token });
    }
    const first503 = answers.find((a) => a.status === 503);
    console.log(
      `Lien gelé : ${answers.filter((a) => a.status === 200).length} réponses 200, premier 503 demandé à ${first503?.startedAfterMs} ms, ` +
        `requête la plus longue ${Math.max(...answers.map((a) => a.ms))} ms, ${answers.length} requêtes ; utilisateur refusé ${Math.round(performance.now() - passAt)} ms après le retour du lien`,
    );

    // The disabled user is never served (issue 24: 18 s from memory before): every answer needs the database.
    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    // Never a hang, never an error other than the French 503: the query timeout, or at worst the connection timeout (5 s).
    expect(answers.filter((a) => a.ms > 6000)).toEqual([]);
    expect(answers.filter((a) => a.status !== 200 && !(a.status === 503 && a.message === UNREACHABLE))).toEqual([]);
    expect(first503).toBeDefined();
    expect(viaRelay.child.exitCode).toBeNull();
    // The link back: the disabled user is refused.
    expect(back.status).toBe(401);
  }, 40_000);

  async function admin(sql: string): Promise<unknown[]> {
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }
});

describe('the logs of these runs', () => {
  it('hold none of the passwords, tokens, password hashes or document contents used', () => {
    const logs = allServerOutput.join('');
    expect(logs.length).toBeGreaterThan(0);
    const found = [...secrets].filter((secret) => logs.includes(secret));
    expect(found).toEqual([]);
  });
});
