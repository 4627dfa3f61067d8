import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
 * Streams an upload to a temporary file in `dir`, checking its first bytes
 * against `accepted` and its size against `maxBytes` on the way: it is never
 * held whole in memory. The caller moves it into place with `keepUpload` or
 * drops it with `discardUpload`.
 */
export async function receiveUpload(
  stream: Readable,
  options: { dir: string; accepted: readonly SniffedType[]; maxBytes: number; refusedMessage: string },
): Promise<StoredUpload> {
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const tmp = path.join(options.dir, `.upload-${randomBytes(8).toString('hex')}`);
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
          if (!type || !options.accepted.includes(type)) return done(badRequest(options.refusedMessage));
        }
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, check, createWriteStream(tmp, { mode: 0o600 }));
    if (type === undefined) {
      type = sniffType(head);
      if (!type || !options.accepted.includes(type)) throw badRequest(options.refusedMessage);
    }
    if ((stream as Readable & { truncated?: boolean }).truncated) throw tooLarge(options.maxBytes);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
  return { name: `${randomBytes(12).toString('hex')}.${EXTENSIONS[type]}`, type, size, path: tmp };
}

export async function keepUpload(upload: StoredUpload, dir: string): Promise<string> {
  await rename(upload.path, path.join(dir, upload.name));
  return upload.name;
}

export async function discardUpload(upload: StoredUpload | undefined): Promise<void> {
  if (upload) await rm(upload.path, { force: true });
}

/** Removes a stored file by the name we generated; anything else is ignored. */
export async function removeStoredFile(dir: string, name: string | null): Promise<void> {
  if (!name || !/^[a-f0-9]{24}\.[a-z]{3,4}$/.test(name)) return;
  await rm(path.join(dir, name), { force: true });
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `Le fichier dépasse la taille maximale autorisée (${Math.round(maxBytes / 1024 / 1024)} Mo).`);
}
