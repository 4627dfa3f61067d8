import { errorStatus, MESSAGES, type ErrorBodyExtra, type ErrorCode, type ErrorCodeOf } from '@notadoo/domain';

export type { ErrorCode } from '@notadoo/domain';

export interface AppErrorOptions {
  /** Extra fields of the answer body, e.g. the current document on a 409; never `code` nor `message`. */
  details?: ErrorBodyExtra;
  /** Sent as Retry-After (a 429 or a 503: when trying again makes sense). */
  retryAfterSeconds?: number;
  /** The status, when not the code's usual one (the sign-up's 403 EMAIL_TAKEN): the helpers below set it. */
  status?: number;
}

/**
 * An expected failure whose French message is shown to the user as is. Its
 * `code` (the domain's catalogue, decision 0085) is answered beside the
 * message and gives the HTTP status: the generic code of a status
 * (`new AppError('CONFLICT', …)`, `badRequest(…)`) unless the throw names
 * the code a client may act on (`badRequest(MESSAGES.currentPasswordWrong, 'CURRENT_PASSWORD_WRONG')`).
 */
export class AppError extends Error {
  readonly status: number;
  readonly details: AppErrorOptions['details'];
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.status = options.status ?? errorStatus(code);
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const badRequest = (message: string = MESSAGES.invalidRequest, code: ErrorCodeOf<400> = 'BAD_REQUEST') =>
  new AppError(code, message, { status: 400 });
export const unauthorized = (message: string, code: ErrorCodeOf<401> = 'UNAUTHORIZED') => new AppError(code, message, { status: 401 });
/** The request carries no session. */
export const authenticationRequired = () => new AppError('AUTHENTICATION_REQUIRED', MESSAGES.authenticationRequired);
export const forbidden = (message: string = MESSAGES.forbidden, code: ErrorCodeOf<403> = 'FORBIDDEN') =>
  new AppError(code, message, { status: 403 });
/** A refusal that holds for a while: its Retry-After says how long, in whole seconds (at least 1). */
export const tooManyRequests = (message: string, retryAfterMs: number, code: ErrorCodeOf<429> = 'RATE_LIMITED') =>
  new AppError(code, message, { status: 429, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
export const notFound = (message: string = MESSAGES.notFound, code: ErrorCodeOf<404> = 'NOT_FOUND') =>
  new AppError(code, message, { status: 404 });
