import { randomBytes } from 'node:crypto';
import { access, constants, copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-data';
import { TEMPORARY_PREFIX } from '../upload';
import { StorageUnusableError, storedFileMissing, type FileStorage, type StoredFile } from './file-storage';
import { keySegments, type StorageKey } from './storage-keys';

/**
 * Files on this machine's disk under DATA_DIR, with the layout of the keys
 * (DATA_DIR/files/projects/{id}/..., DATA_DIR/uploads/covers/...): owner-only
 * modes, and content moved into place by a rename so that a reader never
 * sees half a file. Several processes may share it only on one machine, or
 * on a shared file system mounted at the same DATA_DIR.
 */
export function createLocalDiskStorage(root: string): FileStorage {
  const resolvedRoot = path.resolve(root);
  const pathOf = (key: StorageKey): string => {
    const full = path.join(resolvedRoot, ...keySegments(key));
    // keySegments already refuses separators and dot segments; this is the last guard.
    if (!full.startsWith(resolvedRoot + path.sep)) throw new Error(`clé de stockage hors du dossier : ${key}`);
    return full;
  };

  /** A temporary name beside the target: the sweep of leftover uploads knows the prefix. */
  const asideOf = (target: string) => path.join(path.dirname(target), `${TEMPORARY_PREFIX}${randomBytes(8).toString('hex')}`);

  return {
    description: `disque local (${resolvedRoot})`,

    async check() {
      await mkdir(resolvedRoot, { recursive: true, mode: PRIVATE_DIR_MODE });
      await access(resolvedRoot, constants.W_OK).catch(() => {
        throw new StorageUnusableError(`Le dossier de données ${resolvedRoot} n'est pas accessible en écriture.`);
      });
    },

    async putFile(key, localPath) {
      try {
        const target = pathOf(key);
        await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
        try {
          await rename(localPath, target);
        } catch (error) {
          // The upload folder on another file system (a separately mounted files/): copied beside, then renamed.
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
          const aside = asideOf(target);
          await copyFile(localPath, aside);
          await rename(aside, target);
        }
      } finally {
        await rm(localPath, { force: true });
      }
    },

    async putBuffer(key, content) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
      const aside = asideOf(target);
      try {
        const handle = await open(aside, 'wx', PRIVATE_FILE_MODE);
        try {
          await handle.writeFile(content);
        } finally {
          await handle.close();
        }
        await rename(aside, target);
      } catch (error) {
        await rm(aside, { force: true });
        throw error;
      }
    },

    async open(key): Promise<StoredFile> {
      // Opened before measured: a removal racing the download cannot cut the stream after its size was sent.
      const handle = await open(pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') throw storedFileMissing();
        throw error;
      });
      const info = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!info.isFile()) {
        await handle.close();
        throw storedFileMissing();
      }
      return { stream: handle.createReadStream(), size: info.size };
    },

    size: (key) => sizeOf(pathOf(key)),

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

async function sizeOf(file: string): Promise<number | undefined> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw error;
  }
}
