import { z } from 'zod';
import { ERROR_CODE_LIST } from '../error-codes';

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
