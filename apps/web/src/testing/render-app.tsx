import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, parsePath, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '../app/provider';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import { setAuthToken } from '../lib/auth-token';

interface RenderAppOptions {
  /** Signs in with this token before the first render. */
  token?: string;
  /** Router state of the first entry, as a redirect would pass it. */
  state?: unknown;
}

function createTestQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } });
  return queryClient;
}

interface RenderWithProvidersOptions {
  /** The address the router opens at (its query string included). */
  path?: string;
  /** Other screens the component may navigate to. */
  routes?: RouteObject[];
}

/** Renders one component with the app's providers and a router around it. */
export function renderWithProviders(ui: ReactNode, { path = '/', routes: others = [] }: RenderWithProvidersOptions = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }, ...others], { initialEntries: [path] });
  const queryClient = createTestQueryClient();
  return render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

/** Renders the whole app (providers, real route table and guards) at `path`. */
export function renderApp(path: string, { token, state }: RenderAppOptions = {}) {
  if (token) setAuthToken(token);
  const router = createMemoryRouter(routes, { initialEntries: [{ ...parsePath(path), state }] });
  const queryClient = createTestQueryClient();
  const view = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}
