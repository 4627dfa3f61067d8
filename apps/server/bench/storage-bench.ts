/**
 * `npm run bench`: what storing and reading back one 20 MB upload costs with
 * each storage driver (issue 11): local disk (a rename) and an S3-compatible
 * bucket (s3rver, run as its own process on 127.0.0.1 so that its memory is
 * not counted here). Prints median times and how far this process's memory
 * (RSS) rose above its level before the transfers: the file must be streamed,
 * never held whole (a fast local read may still leave chunks awaiting the
 * garbage collector in that figure).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileStorage } from '../src/files/storage/file-storage';
import { createLocalDiskStorage } from '../src/files/storage/local-disk-storage';
import { createS3Storage } from '../src/files/storage/s3-storage';
import { projectFileKey } from '../src/files/storage/storage-keys';
import { freePort } from '../test/server-process';

const SIZE = 20 * 1024 * 1024;
const ROUNDS = 5;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Peak RSS while `work` runs, sampled every 5 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

async function transfer(storage: FileStorage, local: string, name: string): Promise<{ put: number; read: number }> {
  const key = projectFileKey(1, name);
  let start = performance.now();
  await storage.putFile(key, local);
  const put = performance.now() - start;
  start = performance.now();
  const opened = await storage.open(key);
  let bytes = 0;
  for await (const chunk of opened.stream) bytes += (chunk as Buffer).length;
  const read = performance.now() - start;
  if (bytes !== SIZE) throw new Error(`lu ${bytes} octets au lieu de ${SIZE}`);
  await storage.remove(key);
  return { put, read };
}

async function measure(label: string, storage: FileStorage, scratch: string, content: Buffer): Promise<void> {
  const puts: number[] = [];
  const reads: number[] = [];
  // Warm-up: code paths and connections opened once.
  await writeFile(path.join(scratch, '.upload-warm-up'), content);
  await transfer(storage, path.join(scratch, '.upload-warm-up'), 'abcdefgh_essai.pdf');
  // The received uploads, written before measuring: only the storage's own work is counted.
  const locals: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    locals.push(path.join(scratch, `.upload-${round}`));
    await writeFile(locals[round]!, content);
  }
  const baseline = process.memoryUsage().rss;
  const { peak } = await peakRss(async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { put, read } = await transfer(storage, locals[round]!, `abcdefgh_piece-${round}.pdf`);
      puts.push(put);
      reads.push(read);
    }
  });
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  console.log(
    `  ${label.padEnd(26)} dépôt médiane ${median(puts).toFixed(0).padStart(4)} ms   lecture médiane ${median(reads).toFixed(0).padStart(4)} ms` +
      `   RSS +${mb(peak - baseline)} Mio au plus (fichier : ${mb(SIZE)} Mio)`,
  );
}

async function startS3rverProcess(directory: string, bucket: string): Promise<{ endpoint: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/s3rver/bin/s3rver.js'),
      '-d',
      directory,
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '--silent',
      '--configure-bucket',
      bucket,
    ],
    {
      stdio: 'ignore',
    },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    if (
      await fetch(endpoint).then(
        () => true,
        () => false,
      )
    )
      return { endpoint, stop: () => child.kill() };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill();
  throw new Error("s3rver n'a pas démarré");
}

const scratch = await mkdtemp(path.join(tmpdir(), 'notadoo-storage-bench-'));
const s3Dir = await mkdtemp(path.join(tmpdir(), 'notadoo-storage-bench-s3-'));
const s3 = await startS3rverProcess(s3Dir, 'bench');
try {
  const content = randomBytes(SIZE);
  console.log(`Stockage : ${ROUNDS} dépôts et lectures d'un fichier de 20 Mio`);
  await measure('disque local', createLocalDiskStorage(path.join(scratch, 'data')), scratch, content);
  await measure(
    'S3 (s3rver, 127.0.0.1)',
    createS3Storage({
      bucket: 'bench',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      prefix: '',
    }),
    scratch,
    content,
  );
} finally {
  s3.stop();
  await rm(scratch, { recursive: true, force: true });
  await rm(s3Dir, { recursive: true, force: true });
}
