import { MESSAGES } from '@notadoo/domain';

/** Shown when the request never reached the server (offline, server down). */
export const NETWORK_ERROR_MESSAGE = 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.';

/** Status given to an ApiError when no HTTP answer was received. */
export const NETWORK_ERROR_STATUS = 0;

/** The one error shape of the API: its status and the French `message` of its body. */
export class ApiError extends Error {
  readonly status: number;
  /** The body's `code`, when the server names the refusal for the web (`PASSWORD_CHANGE_REQUIRED`, `SECOND_FACTOR_SETUP_REQUIRED`, `REAUTHENTICATION_REQUIRED`...). */
  readonly code: string | undefined;

  constructor(status: number, message: string, options?: { cause?: unknown; code?: string }) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = options?.code;
  }

  get isNetworkError(): boolean {
    return this.status === NETWORK_ERROR_STATUS;
  }
}

export interface ReadableError {
  /** HTTP status, 0 when the server could not be reached, null for an error that is not from the API. */
  status: number | null;
  /** French text that can be shown to the user. */
  message: string;
}

/** The single way screens read a failed call: status and a message fit for a toast. */
export function readApiError(error: unknown, fallback: string = MESSAGES.operationFailed): ReadableError {
  if (error instanceof ApiError) return { status: error.status, message: error.message || fallback };
  return { status: null, message: fallback };
}
