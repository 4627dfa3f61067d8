import { MESSAGES } from '@notadoo/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuthToken, setAuthToken } from '../lib/auth-token';
import { mockFetch } from '../testing/mock-fetch';
import { apiClient, setUnauthorizedHandler } from './api-client';
import { ApiError, NETWORK_ERROR_MESSAGE, readApiError } from './api-error';
import { getRequestsInFlight } from './requests-in-flight';

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

  it('maps a {message} error body to an ApiError readable through readApiError', async () => {
    mockFetch({ 'POST users/signup': { status: 403, body: { message: MESSAGES.emailTaken } } });
    const error = await apiClient.post('users/signup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(readApiError(error)).toEqual({ status: 403, message: MESSAGES.emailTaken });
  });

  it('gives a generic French message when the error body has none', async () => {
    mockFetch({ 'GET users/1': { status: 500 } });
    const error = await apiClient.get('users/1').catch((e: unknown) => e);
    expect(readApiError(error)).toEqual({ status: 500, message: MESSAGES.operationFailed });
  });

  it('turns a network failure into a clear French message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await apiClient.get('notaryoffices').catch((e: unknown) => e);
    expect(readApiError(error)).toEqual({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('counts requests in flight for the global spinner', async () => {
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
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
      'GET projects/mine': { status: 401, body: { message: MESSAGES.expiredToken } },
      'GET users/me': { status: 401, body: { message: MESSAGES.authenticationRequired } },
      'POST users/login': { status: 401, body: { message: MESSAGES.loginFailed } },
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
});
