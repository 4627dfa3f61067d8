import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';

/**
 * Fetches the code of the pages loaded on demand (lazyPage) among the matched
 * routes, so that the first render shows the page itself rather than a
 * loading spinner. A failed fetch is left to the page's own loading to report.
 */
export function preloadPages(matches: Array<{ route: RouteObject }> | null): Promise<unknown> {
  const preloads = (matches ?? []).map(({ route }) => {
    const page = (route.element as ReactElement | undefined)?.type as { preload?: () => Promise<unknown> } | undefined;
    return page?.preload?.().catch(() => undefined) ?? Promise.resolve(undefined);
  });
  return Promise.all(preloads);
}
