import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../../test/s3-test-server';
import { AppError } from '../../http/app-error';
import { freePort } from '../../../test/server-process';
import { STORAGE_UNAVAILABLE, StorageUnavailableError, STORED_FILE_MISSING, type FileStorage } from './file-storage';
import { createLocalDiskStorage } from './local-disk-storage';
import { createS3Storage } from './s3-storage';
import { imageKey, projectFileKey, questionnairePdfKey, type StorageKey } from './storage-keys';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function expectMissing(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(404);
  expect((error as AppError).message).toBe(STORED_FILE_MISSING);
}

/** The behaviour every driver owes its callers; each driver below runs it. */
function describeStorageContract(name: string, setup: () => Promise<{ storage: FileStorage; close(): Promise<void> }>) {
  describe(`storage contract: ${name}`, () => {
    let storage: FileStorage;
    let close: () => Promise<void>;
    let scratch: string;

    beforeAll(async () => {
      ({ storage, close } = await setup());
      scratch = await mkdtemp(path.join(tmpdir(), 'notadoo-storage-scratch-'));
    });
    afterAll(async () => {
      await close();
      await rm(scratch, { recursive: true, force: true });
    });

    /** A local file as an upload leaves it, ready to hand over. */
    async function localFile(content: Buffer): Promise<string> {
      const file = path.join(scratch, `.upload-${randomBytes(6).toString('hex')}`);
      await writeFile(file, content);
      return file;
    }

    it('is usable (check passes)', async () => {
      await expect(storage.check()).resolves.toBeUndefined();
    });

    it('keeps a multi-megabyte binary file byte for byte, streams it back with its size, and takes the local file away', async () => {
      const content = randomBytes(7 * 1024 * 1024 + 13);
      const local = await localFile(content);
      const key = projectFileKey(41, 'abcdefgh_Relevé d’identité (copie).pdf');
      await storage.putFile(key, local);
      await expect(stat(local)).rejects.toMatchObject({ code: 'ENOENT' });
      expect(await storage.size(key)).toBe(content.length);
      const opened = await storage.open(key);
      expect(opened.size).toBe(content.length);
      expect((await readAll(opened.stream)).equals(content)).toBe(true);
    });

    it('stores content from memory, and a new put replaces the old content whole', async () => {
      const key = questionnairePdfKey('questionnaire-7-v3.pdf')!;
      await storage.putBuffer(key, Buffer.from('%PDF-1.7 première'));
      await storage.putBuffer(key, Buffer.from('%PDF-1.7 seconde version'));
      const opened = await storage.open(key);
      expect((await readAll(opened.stream)).toString()).toBe('%PDF-1.7 seconde version');
      expect(opened.size).toBe(Buffer.byteLength('%PDF-1.7 seconde version'));
    });

    it('keeps files of different keys apart', async () => {
      const cover = imageKey('covers', 'aaaaaaaaaaaaaaaaaaaaaaaa.png')!;
      const avatar = imageKey('avatars', 'aaaaaaaaaaaaaaaaaaaaaaaa.png')!;
      await storage.putBuffer(cover, Buffer.from('couverture'));
      await storage.putBuffer(avatar, Buffer.from('photo'));
      expect((await readAll((await storage.open(cover)).stream)).toString()).toBe('couverture');
      expect((await readAll((await storage.open(avatar)).stream)).toString()).toBe('photo');
    });

    it('answers the French 404 for a missing file, and no size', async () => {
      const key = projectFileKey(41, 'zzzzzzzz_absent.pdf');
      await expectMissing(storage.open(key));
      expect(await storage.size(key)).toBeUndefined();
    });

    it('removes a file, and removing it again (or a file never stored) is no error', async () => {
      const key = projectFileKey(42, 'abcdefgh_acte.png');
      await storage.putFile(key, await localFile(Buffer.from('contenu')));
      await storage.remove(key);
      await expectMissing(storage.open(key));
      await expect(storage.remove(key)).resolves.toBeUndefined();
      await expect(storage.remove(projectFileKey(43, 'jamais_vu.pdf'))).resolves.toBeUndefined();
    });

    it('takes the local file away even when storing fails', async () => {
      const local = await localFile(Buffer.from('x'));
      await expect(storage.putFile('../../etc/passwd' as StorageKey, local)).rejects.toThrow();
      await expect(stat(local)).rejects.toMatchObject({ code: 'ENOENT' });
    });
  });
}

describeStorageContract('local disk', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'notadoo-storage-local-'));
  return { storage: createLocalDiskStorage(root), close: () => rm(root, { recursive: true, force: true }) };
});

describeStorageContract('S3 (s3rver)', async () => {
  const server = await startTestS3Server();
  return { storage: createS3Storage({ ...server.settings, prefix: 'notadoo/' }), close: () => server.close() };
});

describe('local disk storage', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'notadoo-storage-layout-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('keeps the layout under DATA_DIR, owner-only, with nothing left beside the file', async () => {
    const storage = createLocalDiskStorage(root);
    await storage.putBuffer(projectFileKey(5, 'abcdefgh_acte.pdf'), Buffer.from('%PDF'));
    await storage.putBuffer(imageKey('covers', '0123456789abcdef01234567.png')!, Buffer.from('png'));
    expect(await readdir(path.join(root, 'files/projects/5'))).toEqual(['abcdefgh_acte.pdf']);
    expect(await readdir(path.join(root, 'uploads/covers'))).toEqual(['0123456789abcdef01234567.png']);
    expect((await stat(path.join(root, 'files/projects/5/abcdefgh_acte.pdf'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(root, 'files/projects/5'))).mode & 0o777).toBe(0o700);
  });

  it('refuses a key that would leave its folder, whatever was cast into a key', async () => {
    const storage = createLocalDiskStorage(root);
    for (const forged of ['../secret', 'files/../../x', 'files//x', 'files/projects/1/..', '/etc/passwd']) {
      await expect(storage.open(forged as StorageKey), forged).rejects.toMatchObject({ status: 400 });
    }
  });
});

describe('S3 storage', () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startTestS3Server('notadoo-prefix');
  });
  afterAll(() => server.close());

  it('names objects {S3_PREFIX}{key} in the bucket', async () => {
    const storage = createS3Storage({ ...server.settings, prefix: 'cabinet/prod/' });
    await storage.putBuffer(projectFileKey(9, 'abcdefgh_acte.pdf'), Buffer.from('%PDF'));
    // s3rver keeps each object in a folder named after its key.
    expect(await readdir(path.join(server.directory, 'notadoo-prefix', 'cabinet', 'prod', 'files', 'projects', '9'))).toContain(
      'abcdefgh_acte.pdf._S3rver_object',
    );
  });

  it('says which bucket is missing or refuses the keys, for the operator at start', async () => {
    await expect(createS3Storage({ ...server.settings, bucket: 'absent' }).check()).rejects.toThrow(
      "Le stockage S3 est inutilisable : le compartiment « absent » n'existe pas.",
    );
    await expect(
      createS3Storage({ ...server.settings, credentials: { accessKeyId: 'INCONNUE', secretAccessKey: 'mauvais' } }).check(),
    ).rejects.toThrow(/compartiment « notadoo-prefix » refuse ces identifiants/);
  });

  it('fails as unavailable (503), not as missing, when nothing answers at the endpoint', async () => {
    const down = createS3Storage({ ...server.settings, endpoint: `http://127.0.0.1:${await freePort()}` });
    const key = projectFileKey(9, 'abcdefgh_acte.pdf');
    for (const call of [() => down.open(key), () => down.size(key), () => down.putBuffer(key, Buffer.from('x')), () => down.remove(key)]) {
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect((error as Error).message).toBe(STORAGE_UNAVAILABLE);
    }
  });
});
