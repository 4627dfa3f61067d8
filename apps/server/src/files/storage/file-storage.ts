import type { Readable } from 'node:stream';
import { notFound, type AppError } from '../../http/app-error';
import type { StorageKey } from './storage-keys';

/**
 * Every file the server keeps (uploaded project files, covers, avatars,
 * generated questionnaire PDFs) goes through this interface, so that several
 * server processes can share one object store (issue 11). Two drivers: local
 * disk under DATA_DIR (default) and an S3-compatible bucket. Keys are built
 * only by `storage-keys.ts`: nothing the browser sends is ever a path.
 */
export interface FileStorage {
  /** For the start-up line: where files go. */
  readonly description: string;
  /** Fails, with a French message for the operator, when the storage cannot be reached or written. */
  check(): Promise<void>;
  /**
   * Moves a finished local file (an upload received on this machine) to `key`,
   * streaming it; the local file is gone afterwards, whatever the outcome.
   * Readers see the previous content or the whole new one, never a part.
   */
  putFile(key: StorageKey, localPath: string): Promise<void>;
  /** Stores small content held in memory (a rendered PDF, a 104 px avatar), atomically as putFile. */
  putBuffer(key: StorageKey, content: Buffer): Promise<void>;
  /** The content as a stream with its size; a 404 AppError (`STORED_FILE_MISSING`) when there is none. */
  open(key: StorageKey): Promise<StoredFile>;
  /** The size in bytes, undefined when nothing is stored under `key`. */
  size(key: StorageKey): Promise<number | undefined>;
  /** Removes `key`; nothing stored there is not an error. */
  remove(key: StorageKey): Promise<void>;
}

export interface StoredFile {
  stream: Readable;
  size: number;
}

/** The storage cannot be used at start (missing bucket, refused keys, folder not writable): the message is for the operator. */
export class StorageUnusableError extends Error {}

/** The storage does not answer (bucket unreachable, timeout, 5xx): the API answers 503 with this message, as for the database. */
export const STORAGE_UNAVAILABLE = 'Le stockage des fichiers est momentanément indisponible. Merci de réessayer dans quelques instants.';

export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(STORAGE_UNAVAILABLE, { cause });
  }
}

/** Listed in the database but gone from the storage (restored backup, manual cleanup): the user can send it again. */
export const STORED_FILE_MISSING = 'Ce fichier est introuvable sur le serveur. Merci de le déposer à nouveau.';

export function storedFileMissing(): AppError {
  return notFound(STORED_FILE_MISSING);
}

/**
 * Removes files the database no longer lists, after the change that dropped
 * them was committed: a failure (the bucket unreachable a moment) leaves an
 * orphan file, logged, and is not an error for the user whose change is done.
 */
export async function removeUnlistedFiles(
  storage: FileStorage,
  keys: ReadonlyArray<StorageKey | undefined>,
  log: { warn(details: object, message: string): void },
): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await storage.remove(key);
    } catch (error) {
      log.warn({ err: error, key }, 'stored file left behind: removal failed');
    }
  }
}
