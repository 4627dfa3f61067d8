import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from './app/app';
import { preloadPages } from './app/preload-pages';
import { routes } from './app/router';
import { forbidZodEval } from './lib/zod-without-eval';

forbidZodEval();

const container = document.getElementById('root');
if (!container) throw new Error("L'élément #root est absent de index.html.");

/**
 * Its effect runs once the app has taken the page over (after the rest of the tree's): boot-after-paint.js
 * then hands over a form sent on the prerendered page before, which it held.
 */
function AnnounceStarted() {
  useEffect(() => {
    document.dispatchEvent(new Event('notadoo:app-started'));
  }, []);
  return null;
}

// A visitor without a session may have been sent the page prerendered (apps/web/build/prerender-pages.ts): the app
// takes over that markup (hydration) once the page's code is there, instead of building the page a second time.
// Either is a transition, so that rendering yields to the browser instead of blocking it.
void preloadPages(matchRoutes(routes, window.location)).then(() => {
  const app = (
    <StrictMode>
      <App />
      <AnnounceStarted />
    </StrictMode>
  );
  startTransition(() => {
    if (container.firstElementChild) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
});
