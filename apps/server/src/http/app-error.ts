import { MESSAGES } from '@notadoo/domain';

/** What went wrong, independent of HTTP; the error handler maps it to a status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** An expected failure whose French message is shown to the user as is. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra fields of the answer body, e.g. the current document on a 409. */
    readonly details?: Record<string, unknown>,
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
export const notFound = (message: string = MESSAGES.notFound) => new AppError('NOT_FOUND', message);
