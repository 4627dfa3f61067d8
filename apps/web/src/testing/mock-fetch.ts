import { vi } from 'vitest';
import { errorBody } from '@notadoo/domain';
import { withErrorCode } from './error-body';

export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * `"POST users/login"` → answer (or a function of the request body and query).
 * A key without a query string answers that path whatever its query, unless a
 * key with the exact query exists.
 */
export type FetchRoutes = Record<string, MockResponse | ((body: unknown, query: URLSearchParams) => MockResponse)>;

/**
 * Replaces the global fetch with a table of answers keyed by method and API
 * path; an unknown call answers 404 so a test never reaches a network. Error
 * bodies carry a code as the server's do (`withErrorCode`).
 */
export function mockFetch(routes: FetchRoutes = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^(https?:\/\/[^/]+)?\/api\//, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const [pathOnly = '', query = ''] = path.split('?');
    const route = routes[`${method} ${path}`] ?? routes[`${method} ${pathOnly}`];
    const answer =
      typeof route === 'function'
        ? route(body, new URLSearchParams(query))
        : (route ?? { status: 404, body: errorBody('ROUTE_NOT_FOUND', 'Introuvable') });
    const status = answer.status ?? 200;
    const sent = withErrorCode(status, answer.body);
    return new Response(sent === undefined ? null : JSON.stringify(sent), {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
