import { MESSAGES, PASSWORD_CHANGE_REQUIRED_CODE, SECOND_FACTOR_ERROR_CODES } from '@notadoo/domain';
import { config } from '../config/env';
import { getAuthToken } from '../lib/auth-token';
import { ApiError, apiErrorOf, NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS } from './api-error';
import { endRequest, startRequest } from './requests-in-flight';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON; the server accepts JSON on every call. */
  body?: unknown;
  signal?: AbortSignal;
  /** A bearer token other than the session cookie's (issue 27: the partial token of the sign-in's code step). */
  token?: string;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => window.location.assign('/logout');

/**
 * What to do when the session is no longer valid (spec section 8: redirect to
 * /logout). The app shell installs a router navigation so that no page reload
 * loses what is on screen; it returns a function restoring the default.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  const previous = onUnauthorized;
  onUnauthorized = handler;
  return () => {
    onUnauthorized = previous;
  };
}

let onPasswordChangeRequired: () => void = () => undefined;

/**
 * What to do when the server holds the session at the "stronger password"
 * gate (issue 27, 403 `PASSWORD_CHANGE_REQUIRED`): the app shell reads the
 * session again, whose flag shows the screen. Returns a function restoring the default.
 */
export function setPasswordChangeRequiredHandler(handler: () => void): () => void {
  const previous = onPasswordChangeRequired;
  onPasswordChangeRequired = handler;
  return () => {
    onPasswordChangeRequired = previous;
  };
}

/**
 * Issue 27: what the app does when the server asks for the second factor.
 * `reauthenticate` shows the dialog asking the code (or password) again and
 * resolves true once a fresh token is stored: the refused call is then sent again, once.
 */
interface SecondFactorHandlers {
  onSetupRequired: () => void;
  reauthenticate: () => Promise<boolean>;
}
let secondFactorHandlers: SecondFactorHandlers = {
  onSetupRequired: () => window.location.assign('/second-factor/setup'),
  reauthenticate: async () => false,
};

/** Installed by the app shell (root layout); returns a function restoring the previous handlers. */
export function setSecondFactorHandlers(handlers: Partial<SecondFactorHandlers>): () => void {
  const previous = secondFactorHandlers;
  secondFactorHandlers = { ...previous, ...handlers };
  return () => {
    secondFactorHandlers = previous;
  };
}

const SESSION_PATH = 'users/me';
/** Gateway errors without a JSON body come from a proxy whose server is down: no code, the network's message. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

function normalizePath(path: string): string {
  return path.replace(/^\/+/, '');
}

function buildHeaders(hasBody: boolean, explicitToken?: string): Headers {
  const headers = new Headers({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  const token = explicitToken ?? getAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  return apiErrorOf(status, body, GATEWAY_STATUSES.has(status) ? NETWORK_ERROR_MESSAGE : MESSAGES.operationFailed);
}

/** The session is over: its token expired (or its password changed), or the session's own read is refused. */
function isSessionRejected(path: string, error: ApiError): boolean {
  return error.code === 'EXPIRED_TOKEN' || (error.status === 401 && path === SESSION_PATH);
}

/** Calls `/api/<path>` and resolves with the parsed JSON answer, or rejects with an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, options)).body;
}

/** As `apiRequest`, with the answer's headers (a list's next page travels in one). */
export async function apiRequestWithHeaders<T>(path: string, options: RequestOptions = {}): Promise<{ body: T; headers: Headers }> {
  try {
    return await sendRequest<T>(path, options);
  } catch (error) {
    // Issue 27: a sensitive action asks the second factor again; once given, the same call goes again, once.
    if (error instanceof ApiError && error.code === SECOND_FACTOR_ERROR_CODES.reauthRequired && options.token === undefined) {
      if (await secondFactorHandlers.reauthenticate()) return sendRequest<T>(path, options);
    }
    if (error instanceof ApiError && error.code === SECOND_FACTOR_ERROR_CODES.setupRequired) secondFactorHandlers.onSetupRequired();
    throw error;
  }
}

async function sendRequest<T>(path: string, options: RequestOptions): Promise<{ body: T; headers: Headers }> {
  const normalizedPath = normalizePath(path);
  const hasBody = options.body !== undefined;
  startRequest();
  try {
    let response: Response;
    try {
      response = await fetch(`${config.apiBase}/${normalizedPath}`, {
        method: options.method ?? (hasBody ? 'POST' : 'GET'),
        headers: buildHeaders(hasBody, options.token),
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: options.signal,
        credentials: 'same-origin',
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(NETWORK_ERROR_STATUS, NETWORK_ERROR_MESSAGE, { cause });
    }
    const body = await readBody(response);
    if (response.ok) return { body: body as T, headers: response.headers };
    const error = toApiError(response.status, body);
    if (isSessionRejected(normalizedPath, error)) onUnauthorized();
    if (error.code === PASSWORD_CHANGE_REQUIRED_CODE) onPasswordChangeRequired();
    throw error;
  } finally {
    endRequest();
  }
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'DELETE', body }),
};

/** A page of a list and the total of the list, which the server gives in X-Total-Count. */
export async function getPage<T>(path: string): Promise<{ items: T[]; total: number }> {
  const { body: items, headers } = await apiRequestWithHeaders<T[]>(path, { method: 'GET' });
  return { items, total: Number(headers.get('X-Total-Count') ?? 0) || items.length };
}

/** Downloads a file answer (a CSV export) with the same headers and error rules as every call. */
export async function downloadFile(path: string): Promise<Blob> {
  startRequest();
  try {
    let response: Response;
    try {
      response = await fetch(`${config.apiBase}/${normalizePath(path)}`, { headers: buildHeaders(false), credentials: 'same-origin' });
    } catch (cause) {
      throw new ApiError(NETWORK_ERROR_STATUS, NETWORK_ERROR_MESSAGE, { cause });
    }
    if (response.ok) return await response.blob();
    const error = toApiError(response.status, await readBody(response));
    if (isSessionRejected(normalizePath(path), error)) onUnauthorized();
    throw error;
  } finally {
    endRequest();
  }
}

/** Hands a downloaded file to the browser under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
