import type { FastifyServerOptions } from 'fastify';

/**
 * What the logs may not hold (issue 9): SQL parameters and values quoted by
 * the database in its errors (a password hash was once printed), and the
 * credentials some URLs carry (download tokens in get_file/get_pdf paths,
 * reset and invitation tokens in links).
 */
const HIDDEN = '[masqué]';

const TOKEN_IN_PATH = [/^(\/api\/get_file\/[^/?]+\/[^/?]+\/)[^/?]+/, /^(\/api\/get_pdf\/[^/?]+\/)[^/?]+/, /^(\/reset\/password\/)[^/?]+/];
const SECRET_QUERY_KEY = /token|invitation|password|secret/i;

/** The URL with its credentials replaced, for the request logs. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const pattern of TOKEN_IN_PATH) pathPart = pathPart.replace(pattern, `$1${HIDDEN}`);
  if (queryAt === -1) return pathPart;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const key = pair.split('=', 1)[0] ?? '';
      return SECRET_QUERY_KEY.test(decodeSafely(key)) ? `${key}=${HIDDEN}` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A database error's message without its parameters nor the values it quotes. */
export function redactErrorMessage(message: string): string {
  const withoutParams = message.replace(/\n?\s*params:[\s\S]*$/, '');
  return withoutParams.replace(/"[^"\n]*"/g, (quoted) => (/^"[a-z_][a-z0-9_]*"$/i.test(quoted) ? quoted : `"${HIDDEN}"`));
}

interface LoggedError {
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  stack?: string;
  cause?: LoggedError;
}

/**
 * Errors as the logs show them: type, redacted message, code and stack
 * frames; never the extra fields drivers attach (`params`, `query`, `detail`,
 * `where`, `parameters`).
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: HIDDEN };
  const e = error as Error & { code?: unknown; statusCode?: unknown };
  const message = redactErrorMessage(e.message);
  const frames = (e.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  const logged: LoggedError = { type: e.name, message, stack: [`${e.name}: ${message}`, ...frames].join('\n') };
  if (typeof e.code === 'string') logged.code = e.code;
  if (typeof e.statusCode === 'number') logged.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < 3) logged.cause = serializeError(e.cause, depth + 1);
  return logged;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  remoteAddress?: string;
  remotePort?: number;
}

function serializeRequest(request: {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}): LoggedRequest {
  return {
    method: request.method,
    url: redactUrl(request.url),
    hostname: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger options: the caller's level and stream, with the redacting serializers. */
export function redactingLoggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = typeof logger === 'object' ? logger : {};
  const err = serializeError as unknown as NonNullable<NonNullable<typeof base.serializers>['err']>;
  const req = serializeRequest as unknown as NonNullable<NonNullable<typeof base.serializers>['req']>;
  return { ...base, serializers: { ...base.serializers, err, error: err, req } };
}
