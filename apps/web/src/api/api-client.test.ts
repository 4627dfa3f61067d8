import { errorBody, MESSAGES } from '@notadoo/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuthToken, setAuthToken } from '../lib/auth-token';
import { FakeXhr } from '../testing/fake-xhr';
import { mockFetch } from '../testing/mock-fetch';
import { apiClient, setPasswordChangeRequiredHandler, setUnauthorizedHandler } from './api-client';
import { ApiError, NETWORK_ERROR_MESSAGE, readApiError } from './api-error';
import { getRequestsInFlight } from './requests-in-flight';
import { uploadWithProgress } from './upload-with-progress';

function sentHeaders(fetchMock: ReturnType<typeof mockFetch>, call = 0): Headers {
  const init = fetchMock.mock.calls[call]?.[1];
  return new Headers(init?.headers);
}

describe('api client', () => {
  afterEach(() => clearAuthToken());

  it('calls /api with X-Requested-With and no bearer for a visitor', async () => {
    const fetchMock = mockFetch({ 'GET notaryoffices': { body: [] } });
    await expect(apiClient.get('notaryoffices')).resolves.toEqual([]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/notaryoffices');
    expect(sentHeaders(fetchMock).get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(sentHeaders(fetchMock).has('Authorization')).toBe(false);
  });

  it("leaves the browser's HTTP cache on, so repeated reads are revalidated with If-None-Match (issue 24)", async () => {
    const fetchMock = mockFetch({ 'GET users/me': { body: {} } });
    await apiClient.get('users/me');
    const cache = fetchMock.mock.calls[0]?.[1]?.cache;
    expect(cache === undefined || cache === 'default' || cache === 'no-cache').toBe(true);
  });

  it('adds the bearer token of the authToken cookie and sends JSON', async () => {
    setAuthToken('jeton-123');
    const fetchMock = mockFetch({ 'POST users/email/resendConfirm': { body: {} } });
    await apiClient.post('/users/email/resendConfirm', { email: 'a@b.fr' });
    const headers = sentHeaders(fetchMock);
    expect(headers.get('Authorization')).toBe('Bearer jeton-123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ email: 'a@b.fr' }));
  });

  it('maps a {code, message} error body to an ApiError readable through readApiError', async () => {
    mockFetch({ 'POST users/signup': { status: 403, body: errorBody('EMAIL_TAKEN', MESSAGES.emailTaken) } });
    const error = await apiClient.post('users/signup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(readApiError(error)).toEqual({ status: 403, code: 'EMAIL_TAKEN', message: MESSAGES.emailTaken });
  });

  it('keeps no code the catalogue does not hold (a newer server, a proxy)', async () => {
    mockFetch({ 'GET users/1': { status: 400, body: { code: 'PAS_UN_CODE', message: 'Refusé.' } } });
    expect(readApiError(await apiClient.get('users/1').catch((e: unknown) => e))).toEqual({ status: 400, code: null, message: 'Refusé.' });
  });

  it('gives a generic French message when the error body has none', async () => {
    mockFetch({ 'GET users/1': { status: 500 } });
    const error = await apiClient.get('users/1').catch((e: unknown) => e);
    expect(readApiError(error)).toEqual({ status: 500, code: null, message: MESSAGES.operationFailed });
  });

  it('turns a network failure into a clear French message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await apiClient.get('notaryoffices').catch((e: unknown) => e);
    expect(readApiError(error)).toEqual({ status: 0, code: null, message: NETWORK_ERROR_MESSAGE });
  });

  it('counts requests in flight for the global spinner', async () => {
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const request = apiClient.get('notaryoffices');
    expect(getRequestsInFlight()).toBe(1);
    answer(new Response('[]', { status: 200 }));
    await request;
    expect(getRequestsInFlight()).toBe(0);
  });

  it('sends the user to /logout on an expired token or a refused session', async () => {
    const onUnauthorized = vi.fn();
    const restore = setUnauthorizedHandler(onUnauthorized);
    mockFetch({
      'GET projects/mine': { status: 401, body: errorBody('EXPIRED_TOKEN', MESSAGES.expiredToken) },
      'GET users/me': { status: 401, body: errorBody('AUTHENTICATION_REQUIRED', MESSAGES.authenticationRequired) },
      'POST users/login': { status: 401, body: errorBody('LOGIN_FAILED', MESSAGES.loginFailed) },
    });
    await apiClient.get('projects/mine').catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await apiClient.get('users/me').catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    // A refused sign-in is not an expired session.
    await apiClient.post('users/login', {}).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    restore();
  });

  it('decides on the code, not the text: a reworded message still ends the session, the old text alone does not', async () => {
    const onUnauthorized = vi.fn();
    const restore = setUnauthorizedHandler(onUnauthorized);
    mockFetch({
      'GET projects/mine': { status: 401, body: errorBody('EXPIRED_TOKEN', 'Votre session a expiré : reconnectez-vous.') },
      // The expired token's text under another code (a refused action): not the end of the session.
      'GET projects/open': { status: 401, body: errorBody('UNAUTHORIZED', MESSAGES.expiredToken) },
    });
    await apiClient.get('projects/mine').catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await apiClient.get('projects/open').catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    restore();
  });

  it('shows the stronger-password screen on the PASSWORD_CHANGE_REQUIRED code, whatever its text', async () => {
    const onRequired = vi.fn();
    const restore = setPasswordChangeRequiredHandler(onRequired);
    mockFetch({
      'GET projects/mine': { status: 403, body: errorBody('PASSWORD_CHANGE_REQUIRED', 'Choisissez un mot de passe plus fort.') },
      'GET projects/open': { status: 403, body: errorBody('FORBIDDEN', MESSAGES.forbidden) },
    });
    await apiClient.get('projects/mine').catch(() => undefined);
    await apiClient.get('projects/open').catch(() => undefined);
    expect(onRequired).toHaveBeenCalledTimes(1);
    restore();
  });

  it('reads the code and message of a refused upload', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = null;
    const refused = uploadWithProgress('addfile', new FormData()).catch((e: unknown) => e);
    (await FakeXhr.next(null)).respond(413, errorBody('FILE_TOO_LARGE', 'Fichier trop gros.'));
    expect(readApiError(await refused)).toEqual({ status: 413, code: 'FILE_TOO_LARGE', message: 'Fichier trop gros.' });
    const first = FakeXhr.last;
    const generic = uploadWithProgress('addfile', new FormData()).catch((e: unknown) => e);
    // A body without a code, completed by the fake as the server writes it.
    (await FakeXhr.next(first)).respond(400, { message: 'Refusé.' });
    expect(readApiError(await generic)).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Refusé.' });
  });
});
