import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { preloadPages } from './preload-pages';
import { routes } from './router';

/**
 * The markup of a public page as a visitor without a session first sees it,
 * rendered at build time (build/prerender-pages.ts) with the same tree as the
 * browser: the server sends it so that the page paints before its script has
 * loaded, and the app then renders over it. React hoists the page's title and
 * description before the markup; both are returned as they come.
 */
export async function renderPublicPage(url: string): Promise<string> {
  // The page's code first, as in the browser: the markup is then the page itself, not a loading spinner.
  await preloadPages(matchRoutes(routes, url));
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
    // Every part written in place: a part sent apart would be put in place by an inline script, which the CSP forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
