import { MESSAGES } from '@notadoo/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';

/** Fastify's own client errors (bad JSON, wrong content type, body too large...) in French. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Le corps de la requête n'est pas un JSON valide.",
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le corps de la requête est vide.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Ce type de contenu n'est pas accepté.",
  FST_ERR_CTP_BODY_TOO_LARGE: 'Le contenu envoyé est trop volumineux.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La taille annoncée du contenu est incorrecte.',
  FST_ERR_VALIDATION: MESSAGES.invalidRequest,
};

/**
 * One error shape for the whole API: `{ message }` in French with its status.
 * Client mistakes answer 4xx; anything unexpected is logged and answers a
 * generic 500 that never leaks a stack or an internal detail.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ message: error.message, ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const message = first ? (field ? `${first.message} (champ « ${field} »)` : first.message) : MESSAGES.invalidRequest;
      return reply.status(400).send({ message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FASTIFY_CLIENT_ERRORS[error.code] ?? (status === 429 ? MESSAGES.tooManyRequests : MESSAGES.invalidRequest);
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: MESSAGES.internalError });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: MESSAGES.routeNotFound });
  });
}
