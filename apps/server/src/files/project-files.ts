import { randomBytes } from 'node:crypto';
import { hasInvisibleOrControlCharacter, PROJECT_FILE_FORMATS, STORED_NAME_PREFIX_LENGTH } from '@notadoo/domain';
import { badRequest } from '../http/app-error';
import { EXTENSIONS, type SniffedType } from './content-sniffing';

// Names of uploaded project files, kept in the storage under
// files/projects/{projectId}/{name} (see storage/storage-keys.ts). Names are
// ours: a 9-character prefix (8 random characters and "_") and the browser's
// file name, checked so that it can never be a path.

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
  const prefix = randomBytes(6)
    .toString('base64url')
    .replace(/[-_]/g, 'x')
    .slice(0, STORED_NAME_PREFIX_LENGTH - 1);
  const base = originalName.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim() || 'fichier';
  return `${prefix}_${base}.${EXTENSIONS[type]}`;
}

/** The type a stored project file is served with, by its extension (a drawer's file, a message's attachment): the domain's formats. */
export const PROJECT_FILE_CONTENT_TYPES: Readonly<Record<string, string>> = Object.fromEntries(
  PROJECT_FILE_FORMATS.flatMap((format) => format.extensions.map((extension) => [extension, format.mimeType])),
);
