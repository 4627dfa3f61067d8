import { MESSAGES } from '@notadoo/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database-errors';
import { StorageUnavailableError } from '../files/storage/file-storage';
import { AppError } from './app-error';

/** Fastify's own client errors (bad JSON, wrong content type, body too large...) in French. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Le corps de la requête n'est pas un JSON valide.",
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le corps de la requête est vide.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Ce type de contenu n'est pas accepté.",
  FST_ERR_CTP_BODY_TOO_LARGE: 'Le contenu envoyé est trop volumineux.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La taille annoncée du contenu est incorrecte.',
  FST_ERR_VALIDATION: MESSAGES.invalidRequest,
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Cette requête doit être envoyée en multipart/form-data.',
  FST_REQ_FILE_TOO_LARGE: 'Le fichier dépasse la taille maximale autorisée.',
  FST_FILES_LIMIT: 'Un seul fichier peut être envoyé à la fois.',
  FST_PARTS_LIMIT: 'La requête contient trop de champs.',
  FST_FIELDS_LIMIT: 'La requête contient trop de champs.',
};

/**
 * One error shape for the whole API: `{ message }` in French with its status.
 * Client mistakes answer 4xx; anything unexpected is logged and answers a
 * generic 500 that never leaks a stack or an internal detail.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send({ message: error.message, ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(describeValidationError(error.validation[0]));
    }
    // Before the database check, which would read the network error it wraps as the database's.
    if (error instanceof StorageUnavailableError) {
      request.log.warn({ err: error.cause }, 'file storage unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: MESSAGES.databaseUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FASTIFY_CLIENT_ERRORS[error.code] ?? (status === 429 ? MESSAGES.tooManyRequests : MESSAGES.invalidRequest);
      return reply.status(status).send({ message });
    }
    if (isRefusedInput(error)) {
      request.log.warn({ code: databaseErrorCode(error) }, 'input refused by the database');
      return reply.status(400).send({ message: MESSAGES.invalidRequest });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: MESSAGES.internalError });
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
