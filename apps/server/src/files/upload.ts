import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTooLargeMessage, MESSAGES } from '@notadoo/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../http/app-error';
import { EXTENSIONS, SNIFF_LENGTH, sniffType, type SniffedType } from './content-sniffing';

export interface StoredUpload {
  /** Generated name, never the browser's. */
  name: string;
  type: SniffedType;
  size: number;
  path: string;
}

/**
 * Where uploads are received before they are checked and handed to the
 * storage: always this machine's DATA_DIR, whatever the storage.
 */
export function temporaryUploadsDir(dataDir: string): string {
  return path.join(dataDir, 'tmp');
}

/**
 * Streams an upload to a temporary file in `dir`, checking its first bytes
 * against `accepted` and its size against `maxBytes` on the way: it is never
 * held whole in memory. The caller hands it to the storage (`putFile`, which
 * takes the file away) or drops it with `discardUpload`.
 */
export async function receiveUpload(
  stream: Readable,
  options: { dir: string; accepted: readonly SniffedType[]; maxBytes: number; refusedMessage: string },
): Promise<StoredUpload> {
  // The sender's stream failing (a body cut short or malformed) is the client's error, not the server's.
  let sourceError: unknown;
  stream.once('error', (error) => (sourceError = error));
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const tmp = path.join(options.dir, `${TEMPORARY_PREFIX}${randomBytes(8).toString('hex')}`);
  let head = Buffer.alloc(0);
  let size = 0;
  let type: SniffedType | undefined;
  const check = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > options.maxBytes) return done(tooLarge(options.maxBytes));
      if (type === undefined && head.length < SNIFF_LENGTH) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= SNIFF_LENGTH) {
          type = sniffType(head);
          if (!type || !options.accepted.includes(type)) return done(badRequest(options.refusedMessage, 'FILE_TYPE_REFUSED'));
        }
      }
      done(null, chunk);
    },
  });
  const out = createWriteStream(tmp, { mode: 0o600 });
  try {
    await pipeline(stream, check, out);
    if (type === undefined) {
      type = sniffType(head);
      if (!type || !options.accepted.includes(type)) throw badRequest(options.refusedMessage, 'FILE_TYPE_REFUSED');
    }
    if ((stream as Readable & { truncated?: boolean }).truncated) throw tooLarge(options.maxBytes);
  } catch (error) {
    // The file is opened asynchronously: removed before its stream has closed, it could be created after the removal.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await rm(tmp, { force: true });
    throw error === sourceError || error === stream.errored ? asClientError(error) : error;
  }
  return { name: `${randomBytes(12).toString('hex')}.${EXTENSIONS[type]}`, type, size, path: tmp };
}

export async function discardUpload(upload: StoredUpload | undefined): Promise<void> {
  if (upload) await rm(upload.path, { force: true });
}

/** Names of files being received or moved into place: the sweep removes those a crash left. */
export const TEMPORARY_PREFIX = '.upload-';

/** A parser error without a status comes from the bytes the client sent. */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError || (error as { statusCode?: number }).statusCode) return error;
  return badRequest(MESSAGES.malformedMultipart, 'MALFORMED_MULTIPART');
}

type Part = Awaited<ReturnType<FastifyRequest['parts']> extends AsyncIterable<infer P> ? P : never>;

/**
 * The parts of a multipart request, where a body the parser cannot read (no
 * boundary, wrong boundary, cut short, broken headers) is a 400 with a French
 * message, and a compressed one a 415. Every multipart route reads its body
 * through here. Errors of the caller's own loop body pass through untouched.
 * `limits.files` raises the number of file parts for routes that take several.
 */
export async function* readParts(request: FastifyRequest, limits: { files?: number } = {}): AsyncGenerator<Part> {
  // Nothing decompresses request bodies: gzip bytes would be parsed as multipart and fail somewhere inside.
  const encoding = request.headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.compressedUploadRefused);
  let iterator: AsyncIterator<Part>;
  try {
    // A route may take more files than the one every upload form sends (the app's default limit).
    iterator = request.parts(limits.files === undefined ? undefined : { limits: { files: limits.files } })[Symbol.asyncIterator]();
  } catch (error) {
    throw asClientError(error);
  }
  for (;;) {
    let next: IteratorResult<Part>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw asClientError(error);
    }
    if (next.done) return;
    yield next.value;
  }
}

/**
 * Removes the temporary files of uploads a crash interrupted: in the upload
 * folder, and beside stored files on local disk (project folders, PDFs,
 * covers, avatars), where the local storage and older versions moved them
 * into place. `olderThanMs` spares uploads a sibling process sharing DATA_DIR
 * may be receiving right now. Answers how many went.
 */
export async function sweepTemporaryUploads(dataDir: string, options: { olderThanMs: number; now?: number }): Promise<number> {
  const projectsRoot = path.join(dataDir, 'files', 'projects');
  const projectDirs = await readdir(projectsRoot).then(
    (names) => names.map((name) => path.join(projectsRoot, name)),
    () => [],
  );
  const cutoff = (options.now ?? Date.now()) - options.olderThanMs;
  let removed = 0;
  const otherDirs = [
    temporaryUploadsDir(dataDir),
    path.join(dataDir, 'files', 'pdf'),
    path.join(dataDir, 'uploads', 'covers'),
    path.join(dataDir, 'uploads', 'avatars'),
  ];
  for (const dir of [...projectDirs, ...otherDirs]) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.startsWith(TEMPORARY_PREFIX))) {
      const file = path.join(dir, name);
      const modified = await stat(file).then(
        (s) => s.mtimeMs,
        () => undefined,
      );
      if (modified === undefined || (options.olderThanMs > 0 && modified > cutoff)) continue;
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('FILE_TOO_LARGE', fileTooLargeMessage(maxBytes));
}
