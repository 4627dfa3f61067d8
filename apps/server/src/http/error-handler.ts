import { errorBody, genericErrorCode, MESSAGES, type ErrorCode } from '@notadoo/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database-errors';
import { StorageUnavailableError } from '../files/storage/file-storage';
import { AppError } from './app-error';

/** Fastify's own client errors (bad JSON, wrong content type, body too large...): their code and French message. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_JSON', message: "Le corps de la requête n'est pas un JSON valide." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'EMPTY_BODY', message: 'Le corps de la requête est vide.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: "Ce type de contenu n'est pas accepté." },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Le contenu envoyé est trop volumineux.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'INVALID_CONTENT_LENGTH', message: 'La taille annoncée du contenu est incorrecte.' },
  FST_ERR_VALIDATION: { code: 'VALIDATION_FAILED', message: MESSAGES.invalidRequest },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'NOT_MULTIPART', message: 'Cette requête doit être envoyée en multipart/form-data.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'FILE_TOO_LARGE', message: 'Le fichier dépasse la taille maximale autorisée.' },
  FST_FILES_LIMIT: { code: 'TOO_MANY_FILES', message: 'Un seul fichier peut être envoyé à la fois.' },
  FST_PARTS_LIMIT: { code: 'TOO_MANY_FIELDS', message: 'La requête contient trop de champs.' },
  FST_FIELDS_LIMIT: { code: 'TOO_MANY_FIELDS', message: 'La requête contient trop de champs.' },
};

/**
 * One error shape for the whole API (`ErrorBody` of the domain): a stable
 * `code` (decision 0085) and its French `message`, with the status of the
 * code. Client mistakes answer 4xx; anything unexpected is logged and answers
 * a generic 500 that never leaks a stack or an internal detail.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send({ code: error.code, message: error.message, ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ code: 'VALIDATION_FAILED', ...describeValidationError(error.validation[0]) });
    }
    // Before the database check, which would read the network error it wraps as the database's.
    if (error instanceof StorageUnavailableError) {
      request.log.warn({ err: error.cause }, 'file storage unavailable');
      return reply.status(503).header('retry-after', '5').send(errorBody('STORAGE_UNAVAILABLE', error.message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(errorBody('DATABASE_UNAVAILABLE', MESSAGES.databaseUnavailable));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = FASTIFY_CLIENT_ERRORS[error.code];
      if (known) return reply.status(status).send(errorBody(known.code, known.message));
      return reply
        .status(status)
        .send(errorBody(genericErrorCode(status), status === 429 ? MESSAGES.tooManyRequests : MESSAGES.invalidRequest));
    }
    if (isRefusedInput(error)) {
      request.log.warn({ code: databaseErrorCode(error) }, 'input refused by the database');
      return reply.status(400).send(errorBody('VALIDATION_FAILED', MESSAGES.invalidRequest));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorBody('INTERNAL_ERROR', MESSAGES.internalError));
  });
}

/** Type mismatches come from API clients, not forms: name the field, whose message alone would not. */
const FIELD_NAMED_IN_MESSAGE = new Set(['invalid_type', 'invalid_union', 'invalid_value', 'unrecognized_keys']);

function describeValidationError(issue: { keyword: string; instancePath: string; message?: string } | undefined) {
  if (!issue?.message) return { message: MESSAGES.invalidRequest };
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (!field) return { message: issue.message };
  const message = FIELD_NAMED_IN_MESSAGE.has(issue.keyword) ? `Champ « ${field} » : ${issue.message}` : issue.message;
  return { message, field };
}

/**
 * A value the schemas let through but PostgreSQL refuses (class 22, "data
 * exception": a number out of range, a malformed date or text) is the
 * client's input, not a server fault: a 400, logged so the schema gets fixed.
 */
function isRefusedInput(error: unknown): boolean {
  return databaseErrorCode(error)?.startsWith('22') ?? false;
}

/** The SQLSTATE of a database error, possibly wrapped by drizzle (`cause`). */
function databaseErrorCode(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}
