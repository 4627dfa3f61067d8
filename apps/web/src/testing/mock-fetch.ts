import { vi } from 'vitest';

export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** `"POST users/login"` → answer (or a function of the request body). */
export type FetchRoutes = Record<string, MockResponse | ((body: unknown) => MockResponse)>;

/**
 * Replaces the global fetch with a table of answers keyed by method and API
 * path; an unknown call answers 404 so a test never reaches a network.
 */
export function mockFetch(routes: FetchRoutes = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^(https?:\/\/[^/]+)?\/api\//, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const route = routes[`${method} ${path}`];
    const answer = typeof route === 'function' ? route(body) : (route ?? { status: 404, body: { message: 'Introuvable' } });
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
