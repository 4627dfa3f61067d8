import { z } from 'zod';

/**
 * Rules shared by every payload: database ids, names typed by people, and
 * calendar dates. Written once so that no field forgets one of them.
 */

/** Database ids are 32-bit: a larger one must be a 400, not a database error. */
export const MAX_ID = 2_147_483_647;

/** A positive 32-bit id, given as a number (JSON) or as text (path, query, form). */
export const positiveId = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);

export const DOCUMENT_ID_MESSAGE = 'Identifiant de document invalide.';

/** A document id in a path (text), a form field (text) or a body (number). */
export const documentIdSchema = positiveId(DOCUMENT_ID_MESSAGE);

export const COMMON_SCHEMA_MESSAGES = {
  invisibleCharacters: 'Ce nom contient des caractères invisibles ou de contrôle : merci de le saisir à nouveau.',
  dateFormat: 'La date doit être au format AAAA-MM-JJ.',
  dateDoesNotExist: 'Cette date n’existe pas.',
} as const;

/**
 * Control characters (NUL included), format characters (bidirectional
 * overrides and isolates, zero-width spaces and joiners, BOM), line and
 * paragraph separators and lone surrogates: invisible in a list, they let a
 * name pass for another (`\u202E` turns "fdp.exe" around) or break storage.
 */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/u;

export function hasInvisibleOrControlCharacter(value: string): boolean {
  return INVISIBLE_OR_CONTROL.test(value);
}

/**
 * The name of a person or a project: trimmed, 1 to `max` characters, no
 * invisible or control character.
 */
export const displayName = (messages: { required: string; tooLong: string }, max = 255) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, messages.tooLong)
    .refine((v) => !hasInvisibleOrControlCharacter(v), COMMON_SCHEMA_MESSAGES.invisibleCharacters);

/** The first and last years a date of the platform may fall in (billing ranges, birth dates). */
const FIRST_YEAR = 1800;
const LAST_YEAR = 9999;

/**
 * A calendar date `AAAA-MM-JJ` read as midnight UTC. Impossible dates
 * (2026-02-31) and years the database cannot hold (0000) are refused, not
 * rolled over to another day.
 */
export const calendarDateSchema = z
  .string({ error: COMMON_SCHEMA_MESSAGES.dateFormat })
  .regex(/^\d{4}-\d{2}-\d{2}$/, COMMON_SCHEMA_MESSAGES.dateFormat)
  .refine(isExistingDate, COMMON_SCHEMA_MESSAGES.dateDoesNotExist)
  .transform((s) => new Date(`${s}T00:00:00Z`));

function isExistingDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
