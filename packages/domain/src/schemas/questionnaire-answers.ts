import type { z } from 'zod';
import { answerMarkSchema } from '../questionnaires/answer-changes';
import { errorBodySchema } from './error-body';
import { questionnaireItemSchema } from './project-answers';

/** The answers of the questionnaire calls, for the OpenAPI document, the API tests' check and the web. */

/** 401 and 409 of `PATCH /document` carry the stored questionnaire (401 without token: the message alone). */
export const errorWithDocumentSchema = errorBodySchema.extend({ document: questionnaireItemSchema.optional() });

/** `GET /document/{documentId}/answer-marks`: the marks of the answers the office changed last. */
export const answerMarkListSchema = answerMarkSchema.array();
export type AnswerMarkList = z.infer<typeof answerMarkListSchema>;
