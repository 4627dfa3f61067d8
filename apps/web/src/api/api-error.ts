import { isErrorCode, MESSAGES, type ErrorCode } from '@notadoo/domain';

/** Shown when the request never reached the server (offline, server down). */
export const NETWORK_ERROR_MESSAGE = 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.';

/** Status given to an ApiError when no HTTP answer was received. */
export const NETWORK_ERROR_STATUS = 0;

/**
 * The one error shape of the API: its status, the stable `code` of its body,
 * which the app decides on, and the French `message`, which it only shows
 * (decision 0085: texts may be reworded, codes not).
 */
export class ApiError extends Error {
  readonly status: number;
  /** The body's code (`EXPIRED_TOKEN`, `VERSION_CONFLICT`...); none when no API answered (network, a proxy's page). */
  readonly code: ErrorCode | undefined;

  constructor(status: number, message: string, options?: { cause?: unknown; code?: ErrorCode }) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = options?.code;
  }

  get isNetworkError(): boolean {
    return this.status === NETWORK_ERROR_STATUS;
  }
}

/** The ApiError of an answer of `status` whose body is `body` (parsed JSON, text or nothing); `fallback` when it holds no message. */
export function apiErrorOf(status: number, body: unknown, fallback: string): ApiError {
  const fields = body !== null && typeof body === 'object' ? (body as { code?: unknown; message?: unknown }) : {};
  const message = typeof fields.message === 'string' && fields.message ? fields.message : fallback;
  return new ApiError(status, message, { code: isErrorCode(fields.code) ? fields.code : undefined });
}

export interface ReadableError {
  /** HTTP status, 0 when the server could not be reached, null for an error that is not from the API. */
  status: number | null;
  /** The API's code, to decide on; null when there is none (no API answer, an error that is not from the API). */
  code: ErrorCode | null;
  /** French text that can be shown to the user. */
  message: string;
}

/** The single way screens read a failed call: status, code and a message fit for a toast. */
export function readApiError(error: unknown, fallback: string = MESSAGES.operationFailed): ReadableError {
  if (error instanceof ApiError) return { status: error.status, code: error.code ?? null, message: error.message || fallback };
  return { status: null, code: null, message: fallback };
}
