import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { hasInvisibleOrControlCharacter, STORED_NAME_PREFIX_LENGTH } from '@notadoo/domain';
import { badRequest, notFound } from '../http/app-error';
import { EXTENSIONS, type SniffedType } from './content-sniffing';
import type { StoredUpload } from './upload';

/**
 * Uploaded project files on local disk, under DATA_DIR/files/projects/{projectId}/.
 * Names are ours: a 9-character prefix (8 random characters and "_") and the
 * browser's file name, checked so that it can never be a path.
 */
export function projectFilesDir(dataDir: string, projectId: number): string {
  return path.join(dataDir, 'files', 'projects', String(projectId));
}

const FORBIDDEN_NAME = /[/\\<>:"|?*]|^\.+$|\.\./;

/** The display name sent by the browser, refused when it holds a path, control or invisible characters (bidirectional overrides). */
export function checkOriginalName(name: string): string {
  const trimmed = name.trim().normalize('NFC');
  if (!trimmed || trimmed.length > 200 || FORBIDDEN_NAME.test(trimmed) || hasInvisibleOrControlCharacter(trimmed)) {
    throw badRequest('Le nom du fichier est invalide : il ne doit contenir ni chemin ni caractère spécial.');
  }
  return trimmed;
}

/**
 * The stored name: a random prefix, the browser's name without its extension,
 * and the extension of the detected content, so that a PNG sent as
 * "facture.pdf" is kept, listed and served as "facture.png".
 */
export function storedNameFor(originalName: string, type: SniffedType): string {
  const prefix = randomBytes(6).toString('base64url').replace(/[-_]/g, 'x').slice(0, STORED_NAME_PREFIX_LENGTH - 1);
  const base = originalName.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim() || 'fichier';
  return `${prefix}_${base}.${EXTENSIONS[type]}`;
}

export async function keepProjectFile(dataDir: string, projectId: number, upload: StoredUpload, storedName: string): Promise<void> {
  const dir = projectFilesDir(dataDir, projectId);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await rename(upload.path, path.join(dir, storedName));
}

/** Only names that are in a document's list reach here; the path check is a second guard. */
function safePath(dataDir: string, projectId: number, storedName: string): string {
  const dir = projectFilesDir(dataDir, projectId);
  const full = path.join(dir, storedName);
  if (path.dirname(full) !== dir) throw badRequest('Le nom du fichier est invalide.');
  return full;
}

export async function openProjectFile(dataDir: string, projectId: number, storedName: string): Promise<{ stream: Readable; size: number }> {
  const full = safePath(dataDir, projectId, storedName);
  const size = await stat(full).then(
    (s) => s.size,
    (error: NodeJS.ErrnoException) => {
      // Listed in the document but gone from the disk (restored backup, manual cleanup): the user can upload it again.
      if (error.code === 'ENOENT') throw notFound('Ce fichier est introuvable sur le serveur. Merci de le déposer à nouveau.');
      throw error;
    },
  );
  return { stream: createReadStream(full), size };
}

export async function removeProjectFile(dataDir: string, projectId: number, storedName: string): Promise<void> {
  await rm(safePath(dataDir, projectId, storedName), { force: true });
}
