import { errorBodySchema, MAX_ID as MAX_INT, positiveId, questionnaireItemSchema, type DownloadFormType } from '@notadoo/domain';
import { z } from 'zod';

// Payloads and answers of the questionnaire calls; they validate requests and
// feed the OpenAPI document.

const DOCUMENT_ID_MESSAGE = 'Identifiant de document invalide.';
const VERSION_MESSAGE = 'La version du document doit être un nombre entier positif.';

/** A document id in a path (text) or a body (number). */
export const documentIdSchema = positiveId(DOCUMENT_ID_MESSAGE);

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
    id: z.number({ error: DOCUMENT_ID_MESSAGE }).int(DOCUMENT_ID_MESSAGE).min(1, DOCUMENT_ID_MESSAGE).max(MAX_INT, DOCUMENT_ID_MESSAGE),
    version: z.number({ error: VERSION_MESSAGE }).int(VERSION_MESSAGE).min(1, VERSION_MESSAGE).max(MAX_INT, VERSION_MESSAGE),
  }),
});

/** 401 and 409 of `PATCH /document` carry the stored questionnaire (401 without token: the message alone). */
export const errorWithDocumentAnswer = errorBodySchema.extend({ document: questionnaireItemSchema.optional() });

export const downloadFormParamsSchema = z.object({
  type: z.enum(DOWNLOAD_FORM_TYPES, { error: "Ce type de questionnaire n'existe pas." }),
  documentId: documentIdSchema,
});
