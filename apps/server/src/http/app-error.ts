import { MESSAGES } from '@notadoo/domain';

/** What went wrong, independent of HTTP; the error handler maps it to a status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** An expected failure whose French message is shown to the user as is. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra fields of the answer body, e.g. the current document on a 409. */
    readonly details?: Record<string, unknown>,
    /** Sent as Retry-After (a 429 or a 503: when trying again makes sense). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badRequest = (message: string = MESSAGES.invalidRequest) => new AppError('BAD_REQUEST', message);
export const unauthorized = (message: string = MESSAGES.authenticationRequired) =>
  new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError('FORBIDDEN', message);
/** A refusal that holds for a while: its Retry-After says how long, in whole seconds (at least 1). */
export const tooManyRequests = (message: string, retryAfterMs: number) =>
  new AppError('TOO_MANY_REQUESTS', message, undefined, Math.max(1, Math.ceil(retryAfterMs / 1000)));
export const notFound = (message: string = MESSAGES.notFound) => new AppError('NOT_FOUND', message);
