import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V8_FLAGS } from '../src/v8-flags';
import { multipartBody, pdfWith, PNG_BYTES } from './multipart';
import { startTestS3Server, type TestS3Server } from './s3-test-server';
import { runningCommand, startServer, type ServerProcess } from './server-process';
import { createThrowAwayDatabase } from './test-app';

/**
 * Issue 11, "more than one server": two real server processes (as `npm
 * start` runs them) on one PostgreSQL database, one JWT secret and one file
 * storage, behind an imaginary load balancer that sends each request to the
 * next process. A client signs up, creates a project, uploads a file, sets a
 * cover, saves a questionnaire and downloads what it stored from the other
 * process, without noticing there are two.
 */

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) console.log('Tests à deux serveurs ignorés : TEST_DATABASE_URL n’est pas défini.');

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: Buffer;
  headers: Headers;
  /** The process that answered. */
  server: ServerProcess;
  json<T = Json>(): T;
}

/** A client behind a round-robin load balancer: every request goes to the next process. */
function roundRobinClient(servers: ServerProcess[]) {
  let next = 0;
  const served = servers.map(() => 0);
  let token: string | undefined;
  async function send(
    method: string,
    url: string,
    options: { json?: unknown; multipart?: ReturnType<typeof multipartBody>; bearer?: boolean } = {},
  ): Promise<Answer> {
    const index = next++ % servers.length;
    served[index]! += 1;
    const server = servers[index]!;
    const headers: Record<string, string> = {};
    if (options.bearer !== false && token) headers.authorization = `Bearer ${token}`;
    let body: Buffer | string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.multipart) {
      Object.assign(headers, options.multipart.headers);
      body = options.multipart.payload;
    }
    const res = await fetch(`${server.url}${url}`, { method, headers, body });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, body: bytes, headers: res.headers, server, json: <T>() => JSON.parse(bytes.toString()) as T };
  }
  return {
    send,
    served,
    useToken: (value: string) => void (token = value),
  };
}

interface WireDocument {
  id: number;
  document_files: Array<{ id: number; files: string[] }>;
  document_civil_statuses: Array<{ id: number; version: number }>;
}
interface WireProject {
  id: number;
  cover_image: string | null;
  participants: Array<{ id: number; user: { id: number } | null }>;
  documents: WireDocument[];
}

/** The journey of one client, each request on the next process; `storedFiles` tells what the shared storage holds for the project. */
async function runAlternatingJourney(servers: ServerProcess[], storedFiles: (projectId: number) => string[]): Promise<void> {
  const client = roundRobinClient(servers);
  const email = `deux-serveurs-${randomBytes(4).toString('hex')}@exemple.fr`;
  const password = `Ardoise-${randomBytes(6).toString('hex')}-1`;

  const signup = await client.send('POST', '/api/users/signup', {
    json: { email, password, passwordConfirm: password, firstName: 'Claire', lastName: 'Dubois' },
  });
  expect(signup.status, signup.body.toString()).toBe(201);
  client.useToken(signup.json<{ token: string }>().token);
  expect((await client.send('GET', '/api/users/me')).json()).toMatchObject({ email });

  const created = await client.send('POST', '/api/project', {
    json: { name: 'Vente Dubois', type: 'realty', subtype: 'appt', role: 'seller' },
  });
  expect(created.status, created.body.toString()).toBe(201);
  const projectId = created.json<{ id: number }>().id;
  const project = (await client.send('PATCH', `/api/project/${projectId}`, { json: { office: 1 } })).json<WireProject>();
  const sellerPid = project.participants.find((p) => p.user !== null)!.id;
  const added = await client.send('POST', '/api/participant/adddocument', {
    json: { projectId, docType: 'document_files', docFileType: 'identity_card', participantId: sellerPid },
  });
  expect(added.status, added.body.toString()).toBe(200);
  const drawerId = added
    .json<WireProject>()
    .documents.flatMap((d) => d.document_files)
    .at(-1)!.id;

  // A file uploaded to one process, listed and downloaded byte for byte from the other.
  const content = pdfWith(randomBytes(2 * 1024 * 1024));
  const uploaded = await client.send('POST', `/api/project/${projectId}/addfile`, {
    multipart: multipartBody({ id: String(drawerId) }, { field: 'file', name: 'acte de vente.pdf', content, type: 'application/pdf' }),
  });
  expect(uploaded.status, uploaded.body.toString()).toBe(200);
  const listed = await client.send('GET', `/api/project/${projectId}`);
  const stored = listed
    .json<WireProject>()
    .documents.flatMap((d) => d.document_files)
    .find((d) => d.id === drawerId)!.files;
  expect(stored).toEqual([expect.stringMatching(/^[A-Za-z0-9]{8}_acte de vente\.pdf$/)]);
  expect(storedFiles(projectId)).toEqual(stored);
  const fileToken = (await client.send('POST', '/api/generate_file_token', { json: [{ type: 'file', docId: drawerId }] })).json<{
    tokens: Array<{ value: string }>;
  }>().tokens[0]!.value;
  const downloaded = await client.send('GET', `/api/get_file/${drawerId}/0/${encodeURIComponent(fileToken)}`, { bearer: false });
  expect(downloaded.server).not.toBe(uploaded.server);
  expect(downloaded.status).toBe(200);
  expect(downloaded.body.equals(content)).toBe(true);

  // A cover set on one process, shown by the other.
  const cover = await client.send('POST', '/api/project/cover', {
    multipart: multipartBody(
      { id: String(projectId) },
      { field: 'cover_image', name: 'facade.png', content: PNG_BYTES, type: 'image/png' },
    ),
  });
  expect(cover.status, cover.body.toString()).toBe(200);
  const shown = await client.send('GET', `/uploads/covers/${cover.json<{ cover_image: string }>().cover_image}`, { bearer: false });
  expect(shown.server).not.toBe(cover.server);
  expect(shown.status).toBe(200);
  // The cover as stored: decoded and encoded again as WebP by the process that received it.
  expect(shown.headers.get('content-type')).toBe('image/webp');
  expect(shown.body.subarray(8, 12).toString('latin1')).toBe('WEBP');

  // A questionnaire saved on one process, its PDF generated on the other and downloaded from the first.
  const civil = (await client.send('GET', `/api/project/${projectId}`))
    .json<WireProject>()
    .documents.flatMap((d) => d.document_civil_statuses)[0]!;
  const saved = await client.send('PATCH', '/api/document', {
    json: { docType: 'document_civil_status', document: { id: civil.id, version: civil.version, civility: 'MME', last_name: 'Dubois' } },
  });
  expect(saved.status, saved.body.toString()).toBe(200);
  const generated = await client.send('GET', `/api/download_form/civil_status/${civil.id}`);
  expect(generated.status, generated.body.toString()).toBe(200);
  // As the web does, the project is read again: its questionnaire now has a PDF.
  expect((await client.send('GET', `/api/project/${projectId}`)).status).toBe(200);
  const pdfToken = (await client.send('POST', '/api/generate_file_token', { json: [{ type: 'pdf', docId: civil.id }] })).json<{
    tokens: Array<{ value: string }>;
  }>().tokens[0]!.value;
  const pdf = await client.send('GET', `/api/get_pdf/${civil.id}/${encodeURIComponent(pdfToken)}`, { bearer: false });
  expect(pdf.server).not.toBe(generated.server);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

  // The file removed through one process is gone for both, and from the storage.
  const removed = await client.send('DELETE', `/api/project/${projectId}/removeFile`, { json: { id: drawerId, file: stored[0] } });
  expect(removed.status, removed.body.toString()).toBe(200);
  expect(storedFiles(projectId)).toEqual([]);
  for (let i = 0; i < servers.length; i += 1) {
    const seen = await client.send('GET', `/api/project/${projectId}`);
    expect(
      seen
        .json<WireProject>()
        .documents.flatMap((d) => d.document_files)
        .find((d) => d.id === drawerId)!.files,
    ).toEqual([]);
    const again = await client.send('GET', `/api/get_file/${drawerId}/0/${encodeURIComponent(fileToken)}`, { bearer: false });
    expect(again.status).toBe(404);
  }
  // Every process took its share.
  expect(Math.min(...client.served)).toBeGreaterThanOrEqual(10);
}

describe.skipIf(!postgresUrl)('two server processes on one PostgreSQL database', () => {
  describe('sharing one S3 bucket, each with its own DATA_DIR', () => {
    let database: Awaited<ReturnType<typeof createThrowAwayDatabase>>;
    let s3: TestS3Server;
    let servers: ServerProcess[] = [];
    const dataDirs = [mkdtempSync(path.join(tmpdir(), 'notadoo-two-a-')), mkdtempSync(path.join(tmpdir(), 'notadoo-two-b-'))];

    beforeAll(async () => {
      [database, s3] = await Promise.all([createThrowAwayDatabase('notadoo_two'), startTestS3Server('notadoo-deux-serveurs')]);
      servers = await Promise.all(
        dataDirs.map((dataDir) => startServer({ dataDir, env: { DATABASE_URL: database.url, ...s3.env, S3_PREFIX: 'prod/' } })),
      );
    }, 180_000);
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await s3?.close();
      await database?.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it('serves one client alternating between them as if there were one', async () => {
      expect(servers[0]!.output()).toContain('fichiers : S3');
      await runAlternatingJourney(servers, (projectId) => {
        const dir = path.join(s3.directory, 'notadoo-deux-serveurs', 'prod', 'files', 'projects', String(projectId));
        return existsSync(dir)
          ? readdirSync(dir)
              .filter((n) => n.endsWith('._S3rver_object'))
              .map((n) => n.replace(/\._S3rver_object$/, ''))
          : [];
      });
      // Nothing of the files on the processes' own disks.
      for (const dir of dataDirs) expect(existsSync(path.join(dir, 'files'))).toBe(false);
    }, 120_000);
  });

  describe('sharing one DATA_DIR on local disk (one machine, or a shared file system)', () => {
    let database: Awaited<ReturnType<typeof createThrowAwayDatabase>>;
    let servers: ServerProcess[] = [];
    const dataDir = mkdtempSync(path.join(tmpdir(), 'notadoo-two-shared-'));

    beforeAll(async () => {
      database = await createThrowAwayDatabase('notadoo_two');
      // With PostgreSQL no process takes the DATA_DIR lock: both start on the same folder.
      servers = await Promise.all([0, 1].map(() => startServer({ dataDir, env: { DATABASE_URL: database.url } })));
    }, 180_000);
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it.runIf(process.platform === 'linux')("runs each process, under the pid it was started with, with PostgreSQL's V8 flags", () => {
      for (const server of servers) {
        const command = runningCommand(server);
        expect(command).toEqual(expect.arrayContaining([...V8_FLAGS.postgres]));
        expect(command).not.toContain('--liftoff-only');
      }
    });

    it('serves one client alternating between them as if there were one', async () => {
      expect(servers[0]!.output()).toContain(`fichiers : disque local (${dataDir})`);
      await runAlternatingJourney(servers, (projectId) => {
        const dir = path.join(dataDir, 'files', 'projects', String(projectId));
        return existsSync(dir) ? readdirSync(dir) : [];
      });
    }, 120_000);
  });
});
