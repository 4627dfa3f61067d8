import { z } from 'zod';
import { ERROR_CODE_LIST, type ErrorCode } from '../error-codes';

/**
 * Every error answer of the API: a stable code a program decides on, beside
 * the French message shown to people as is (texts may be reworded, codes not).
 * Some answers add fields, e.g. `field` for the input at fault or the current
 * document beside a 409. The codes are the catalogue of `error-codes.ts` (decision 0085).
 */
export const errorBodySchema = z.looseObject({
  code: z.enum(ERROR_CODE_LIST).describe('Code stable, en MAJUSCULES_SOULIGNÉES, sur lequel un programme peut décider'),
  message: z.string().describe('Message en français, à montrer tel quel'),
  field: z.string().optional().describe('Le champ en cause, quand il y en a un'),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The fields an error answer adds to its code and message (the current document of a 409...); never `code` nor `message`. */
export type ErrorBodyExtra = Record<string, unknown> & { code?: never; message?: never };

/**
 * An error answer's body as the server writes it, and as the web's tests fake
 * it: the code, the French message and any extra field.
 */
export function errorBody(code: ErrorCode, message: string, extra: ErrorBodyExtra = {}): ErrorBody {
  return { ...extra, code, message };
}
