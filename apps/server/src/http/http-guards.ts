import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody, type ErrorCode } from '@notadoo/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './app-error';

/**
 * What the HTTP layer answers before (or instead of) a route: too long URLs,
 * too large headers, unparsable requests, text the database cannot store,
 * and the caching of API answers. Everything in the `{code, message}` shape (French message).
 */
export const HTTP_MESSAGES = {
  urlTooLong: "L'adresse demandée est trop longue.",
  headersTooLarge: 'Les en-têtes de la requête sont trop volumineux.',
  unreadableRequest: "La requête n'a pas pu être lue.",
  timeout: 'La requête a mis trop de temps à arriver.',
  badUrl: "L'adresse demandée est mal formée.",
  unstorableText: 'La requête contient un caractère non autorisé (caractère nul ou caractère Unicode incomplet).',
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route removes NUL characters and lone surrogates itself (questionnaire answers, cleaned by the engine). */
    cleansOwnText?: boolean;
  }
}

/** Longer URLs answer 414; a path parameter longer than `maxParamLength` too. */
export const MAX_URL_LENGTH = 4096;
/** Node's limit on the request line and headers together (its default, stated). */
export const MAX_HEADER_SIZE = 16 * 1024;

/**
 * Node's parser refuses a request before Fastify sees it (`clientError`):
 * headers over `MAX_HEADER_SIZE`, a request line too long, bytes that are not
 * HTTP. The answer is written on the socket directly.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let code: ErrorCode = 'UNREADABLE_REQUEST';
  let message: string = HTTP_MESSAGES.unreadableRequest;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') [status, code, message] = [408, 'REQUEST_TIMEOUT', HTTP_MESSAGES.timeout];
  else if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The request line alone over the URL limit (or not even finished) means the URL is what is too long.
    const lineEnd = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.indexOf('\r\n') : -1;
    [status, code, message] =
      lineEnd === -1 || lineEnd > MAX_URL_LENGTH
        ? [414, 'URL_TOO_LONG', HTTP_MESSAGES.urlTooLong]
        : [431, 'HEADERS_TOO_LARGE', HTTP_MESSAGES.headersTooLarge];
  } else if (error.code === 'HPE_URI_TOO_LONG') [status, code, message] = [414, 'URL_TOO_LONG', HTTP_MESSAGES.urlTooLong];
  if (socket.writable) {
    const body = JSON.stringify(errorBody(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Errors of Fastify's router (a path parameter over `maxParamLength`, a badly encoded URL), in French. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.status(414).send(errorBody('URL_TOO_LONG', HTTP_MESSAGES.urlTooLong));
  else void reply.status(400).send(errorBody('MALFORMED_URL', HTTP_MESSAGES.badUrl));
}

/** Refuses URLs over `MAX_URL_LENGTH`, on every route and on the 404 handler alike. */
export function registerUrlLengthLimit(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.length > MAX_URL_LENGTH) return reply.status(414).send(errorBody('URL_TOO_LONG', HTTP_MESSAGES.urlTooLong));
  });
}

/**
 * API answers hold personal data (names, e-mails, files, family situations):
 * no cache may keep them, shared or the browser's. A route that sets its own
 * Cache-Control (downloads) keeps it.
 */
export function registerNoStore(api: FastifyInstance): void {
  api.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/**
 * PostgreSQL refuses a NUL character in text and JSON, and a lone surrogate in
 * JSON: refused here, after validation (so a field's own message, like a
 * name's, wins), for every string and key of the body, params and query. A
 * query string the route does not describe is not read, so it is not checked:
 * `GET /api/users/me?=%00` answers as without it, not a 400 the route cannot
 * give.
 */
export function registerStorableTextGuard(api: FastifyInstance): void {
  api.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.cleansOwnText) return;
    const readsQuery = request.routeOptions.schema?.querystring !== undefined;
    if (![request.body, request.params, readsQuery ? request.query : undefined].every(isStorable))
      throw badRequest(HTTP_MESSAGES.unstorableText, 'VALIDATION_FAILED');
  });
}

// A NUL, or a surrogate half without its other half.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Iterative, so a deeply nested body cannot overflow the stack. */
export function isStorable(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return false;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, inner] of Object.entries(current)) {
        if (UNSTORABLE.test(key)) return false;
        pending.push(inner);
      }
    }
  }
  return true;
}
