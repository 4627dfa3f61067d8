import { z } from 'zod';
import type { DownloadFormType } from '../projects/participant-documents';
import { DOCUMENT_ID_MESSAGE, documentIdSchema, MAX_ID } from './common';

/**
 * Request payloads and parameters of the questionnaire calls: the server's
 * routes validate with them, the web types its requests with them.
 */

const VERSION_MESSAGE = 'La version du document doit être un nombre entier positif.';

export const DOWNLOAD_FORM_TYPES = [
  'civil_status',
  'buyer',
  'succession',
  'sale_house',
  'heritage_balance',
  'sale_land',
  'sale_appt',
] as const satisfies readonly DownloadFormType[];

/** `PATCH /document`. The answers travel next to `id` and `version`; the engine's `clean` decides what is kept. */
export const saveQuestionnaireSchema = z.object({
  docType: z.string({ error: 'Merci de préciser le type du questionnaire (docType).' }).min(1).max(100),
  document: z.looseObject({
    id: z.number({ error: DOCUMENT_ID_MESSAGE }).int(DOCUMENT_ID_MESSAGE).min(1, DOCUMENT_ID_MESSAGE).max(MAX_ID, DOCUMENT_ID_MESSAGE),
    version: z.number({ error: VERSION_MESSAGE }).int(VERSION_MESSAGE).min(1, VERSION_MESSAGE).max(MAX_ID, VERSION_MESSAGE),
  }),
});
export type SaveQuestionnairePayload = z.input<typeof saveQuestionnaireSchema>;

/** `GET /download_form/{type}/{documentId}`. */
export const downloadFormParamsSchema = z.object({
  type: z.enum(DOWNLOAD_FORM_TYPES, { error: "Ce type de questionnaire n'existe pas." }),
  documentId: documentIdSchema,
});

/** `GET /document/{documentId}/answer-marks`. */
export const answerMarksParamsSchema = z.object({ documentId: documentIdSchema });
