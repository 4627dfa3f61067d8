import { badRequest } from '../../http/app-error';

/**
 * Where a file lives in the storage: a relative path of `/`-separated
 * segments, the same on disk (under DATA_DIR) and in the bucket (after
 * S3_PREFIX). Only the functions below make one, each from an id and a name
 * that our code generated or checked, so no user-supplied path can reach the
 * file system or the bucket.
 *
 *   files/projects/{projectId}/{storedName}   uploaded project files
 *   files/pdf/questionnaire-{id}-v{n}.pdf      generated questionnaire PDFs
 *   uploads/covers/{24 hex}.{ext}              project covers
 *   uploads/avatars/{24 hex}.webp              profile photos
 *   files/exports/{userId}/{name}.zip          copies of a person's data (issue 26)
 */
export type StorageKey = string & { readonly __storageKey: unique symbol };

/** One path segment: no separator, no "." or "..", no control character, at most 255 UTF-8 bytes (file systems' limit). */
// eslint-disable-next-line no-control-regex
const UNSAFE_SEGMENT = /[/\\\u0000-\u001f\u007f]|^\.\.?$/;

function isSafeSegment(segment: string): boolean {
  return segment.length > 0 && Buffer.byteLength(segment) <= 255 && !UNSAFE_SEGMENT.test(segment);
}

/** A project file: the name is one of a document's list (random prefix and a checked original name). */
export function projectFileKey(projectId: number, storedName: string): StorageKey {
  if (!Number.isSafeInteger(projectId) || projectId <= 0 || !isSafeSegment(storedName)) throw badRequest('Le nom du fichier est invalide.');
  return `files/projects/${projectId}/${storedName}` as StorageKey;
}

/** Names the server generates for covers and avatars (see `receiveUpload`). */
const GENERATED_IMAGE_NAME = /^[a-f0-9]{24}\.[a-z]{3,4}$/;
export type ImageFolder = 'covers' | 'avatars';

/** A cover or an avatar; undefined for a name we did not generate (nothing else reaches the storage). */
export function imageKey(folder: ImageFolder, name: string | null | undefined): StorageKey | undefined {
  return name && GENERATED_IMAGE_NAME.test(name) ? (`uploads/${folder}/${name}` as StorageKey) : undefined;
}

const STORED_PDF_NAME = /^questionnaire-\d+-v\d+\.pdf$/;

/** A generated questionnaire PDF; undefined for a name we did not generate. */
export function questionnairePdfKey(name: string | null | undefined): StorageKey | undefined {
  return name && STORED_PDF_NAME.test(name) ? (`files/pdf/${name}` as StorageKey) : undefined;
}

const DATA_EXPORT_NAME = /^donnees-\d+-[a-f0-9]{24}\.zip$/;

/** A copy of a person's data (issue 26); undefined for a name we did not generate. */
export function dataExportKey(userId: number, name: string | null | undefined): StorageKey | undefined {
  return Number.isSafeInteger(userId) && userId > 0 && name && DATA_EXPORT_NAME.test(name)
    ? (`files/exports/${userId}/${name}` as StorageKey)
    : undefined;
}

/** For drivers: the segments of a key, checked again (a second guard should a key ever be forged by a cast). */
export function keySegments(key: StorageKey): string[] {
  const segments = key.split('/');
  if (segments.length < 2 || !segments.every(isSafeSegment)) throw badRequest('Le nom du fichier est invalide.');
  return segments;
}
