import { CLIENT_ROUTE_PATHS, MESSAGES } from '@notadoo/domain';
import type { RouteObject } from 'react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getAuthToken } from '../lib/auth-token';
import { mockFetch } from '../testing/mock-fetch';
import { renderApp } from '../testing/render-app';
import { createSession } from '../testing/session-factory';
import { routes } from './router';

function sessionRoutes(overrides: Parameters<typeof createSession>[0] = {}) {
  return { 'GET users/me': { body: createSession(overrides) } };
}

describe('route guards', () => {
  it('sends a visitor on a private route to the login screen', async () => {
    mockFetch();
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a user holding a token from /login to the dashboard', async () => {
    mockFetch(sessionRoutes());
    const { router } = renderApp('/login', { token: 'jeton' });
    expect(await screen.findByRole('heading', { name: 'Mes dossiers' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('keeps a user holding a token on /signup', async () => {
    mockFetch(sessionRoutes());
    const { router } = renderApp('/signup', { token: 'jeton' });
    expect(await screen.findByRole('heading', { name: 'Créer un compte' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('sends a non-admin from /admin to the dashboard', async () => {
    mockFetch(sessionRoutes());
    const { router } = renderApp('/admin', { token: 'jeton' });
    expect(await screen.findByRole('heading', { name: 'Mes dossiers' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('opens /admin for an admin', async () => {
    mockFetch(sessionRoutes({ roles: ['ROLE_USER', 'ROLE_ADMIN'] }));
    renderApp('/admin', { token: 'jeton' });
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeInTheDocument();
  });

  it('sends /resetpwd reached without the redirect to the login screen', async () => {
    mockFetch();
    const { router } = renderApp('/resetpwd');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('opens the reset screen from the e-mailed link, token in router state', async () => {
    mockFetch();
    const { router } = renderApp('/reset/password/abc123');
    expect(await screen.findByRole('heading', { name: 'Réinitialiser mon mot de passe' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/resetpwd');
    expect(router.state.location.state).toEqual({ token: 'abc123' });
  });

  it('shows the 404 page for an unknown path', async () => {
    mockFetch();
    renderApp('/nulle/part');
    expect(await screen.findByRole('heading', { name: MESSAGES.pageNotFound })).toBeInTheDocument();
  });

  it('sends a questionnaire opened without its document to the project dashboard', async () => {
    mockFetch(sessionRoutes());
    const { router } = renderApp('/project/12/form/buyer', { token: 'jeton' });
    expect(await screen.findByRole('heading', { name: 'Dossier n° 12' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/project/12/dashboard');
  });

  it('opens a questionnaire when the project page passes its document', async () => {
    mockFetch(sessionRoutes());
    renderApp('/project/12/form/sale/appt', { token: 'jeton', state: { document: { id: 3 } } });
    expect(await screen.findByRole('heading', { name: "Vente d'un appartement" })).toBeInTheDocument();
  });

  it('shows login and signup without header or footer', async () => {
    mockFetch();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Connexion' });
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).not.toBeInTheDocument();
  });
});

describe('session end', () => {
  it('goes to /logout when users/me answers 401', async () => {
    mockFetch({ 'GET users/me': { status: 401, body: { message: MESSAGES.expiredToken } } });
    const { router } = renderApp('/dashboard', { token: 'jeton-expire' });
    expect(await screen.findByRole('heading', { name: 'Vous êtes déconnecté(e)...' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/logout');
    // The sign-out runs in an effect, which may land just after the heading is on screen.
    await waitFor(() => expect(getAuthToken()).toBeUndefined());
  });

  it('signs out on /logout and reaches the homepage after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch(sessionRoutes());
    const { router } = renderApp('/logout', { token: 'jeton' });
    expect(await screen.findByRole('heading', { name: 'Vous êtes déconnecté(e)...' })).toBeInTheDocument();
    await waitFor(() => expect(getAuthToken()).toBeUndefined());
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('standard header', () => {
  it('offers sign-in and signup to a visitor', async () => {
    mockFetch();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', '/signup');
  });

  it('shows the user menu with the previous connection date and the entries the user may use', async () => {
    mockFetch(
      sessionRoutes({
        roles: ['ROLE_USER', 'ROLE_ADMIN'],
        previousConnectionDate: new Date(2026, 10, 21, 14, 5).toISOString(),
      }),
    );
    const user = userEvent.setup();
    renderApp('/profile', { token: 'jeton' });
    expect(screen.getByRole('link', { name: 'Mes dossiers' })).toHaveAttribute('href', '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Menu utilisateur de Claire Martin' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Dernière connexion : 21/11/2026 à 14:05')).toBeInTheDocument();
    for (const name of ['Tableau de bord', 'Mon profil', 'Admin', 'Se déconnecter']) {
      expect(within(menu).getByRole('menuitem', { name })).toBeInTheDocument();
    }
    expect(within(menu).getByRole('menuitem', { name: /Intranet/ })).toHaveAttribute('href', 'https://intranet.notadoo.fr');
  });

  it('hides Admin and Intranet from an ordinary client and links the profile from the dashboard', async () => {
    mockFetch(sessionRoutes());
    const user = userEvent.setup();
    renderApp('/dashboard', { token: 'jeton' });
    expect(screen.getByRole('link', { name: 'Mon profil' })).toHaveAttribute('href', '/profile');
    await user.click(await screen.findByRole('button', { name: 'Menu utilisateur de Claire Martin' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: /Intranet/ })).not.toBeInTheDocument();
    // Everyone's own documents (route /mydocuments of spec section 2) are one click away.
    await user.click(within(menu).getByRole('menuitem', { name: 'Mes documents' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes documents' })).toBeInTheDocument();
  });

  it('asks to confirm the e-mail and resends the confirmation', async () => {
    const fetchMock = mockFetch({
      ...sessionRoutes({ isEmailConfirmed: false, needsRoleChange: true }),
      'POST users/email/resendConfirm': { body: {} },
    });
    const user = userEvent.setup();
    renderApp('/dashboard', { token: 'jeton' });
    expect(await screen.findByText('Merci de confirmer votre adresse email.')).toBeInTheDocument();
    expect(screen.getByText('Votre demande de changement de rôle est en cours de traitement.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Renvoyer l'email de confirmation" }));
    expect(await screen.findByText(MESSAGES.confirmationResent)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/users/email/resendConfirm');
    expect(call?.[1]?.body).toBe(JSON.stringify({ email: 'claire.martin@example.fr' }));
  });
});

describe('e-mail confirmation', () => {
  it('confirms the address of the link and offers the dashboard', async () => {
    const fetchMock = mockFetch({ 'POST users/email/confirm': { body: {} } });
    renderApp('/email/confirm?token=t0k&email=claire%40example.fr');
    expect(await screen.findByText(MESSAGES.emailConfirmed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accéder à mon tableau de bord' })).toHaveAttribute('href', '/dashboard');
    const calls = fetchMock.mock.calls.filter(([url]) => url === '/api/users/email/confirm');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[1]?.body).toBe(JSON.stringify({ email: 'claire@example.fr', token: 't0k' }));
  });

  it('reads the session anew when its first read, sent as the page opened, answers after the confirmation', async () => {
    let sessionReads = 0;
    const fetchMock = mockFetch({
      'POST users/email/confirm': { body: {} },
      // The first read was made by the server before the confirmation was committed.
      'GET users/me': () => ({ body: createSession({ isEmailConfirmed: sessionReads > 1 }) }),
    });
    const answer = fetchMock.getMockImplementation()!;
    let releaseFirstRead = () => {};
    const firstReadHeld = new Promise<void>((resolve) => (releaseFirstRead = resolve));
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/api/users/me') && ++sessionReads === 1) await firstReadHeld;
      return answer(input, init);
    });
    const user = userEvent.setup();
    renderApp('/email/confirm?token=t0k&email=claire%40example.fr', { token: 'jeton' });
    expect(await screen.findByText(MESSAGES.emailConfirmed)).toBeInTheDocument();
    releaseFirstRead();
    await user.click(screen.getByRole('link', { name: 'Accéder à mon tableau de bord' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Menu utilisateur/ })).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('Merci de confirmer votre adresse email.')).not.toBeInTheDocument());
    expect(sessionReads).toBe(2);
  });

  it('asks to check the link when it lacks its token', async () => {
    const fetchMock = mockFetch();
    renderApp('/email/confirm?email=claire%40example.fr');
    expect(await screen.findByText(MESSAGES.emailConfirmFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.emailConfirmCheckLink)).toBeInTheDocument();
    // Only the site information (maintenance switch) is read.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/site']);
  });

  it('says when the confirmation is refused', async () => {
    mockFetch({ 'POST users/email/confirm': { status: 400, body: { message: 'Lien invalide.' } } });
    renderApp('/email/confirm?token=t0k&email=claire%40example.fr');
    expect(await screen.findByText(MESSAGES.emailConfirmFailed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(MESSAGES.emailConfirmCheckLink)).not.toBeInTheDocument());
  });
});

/** The full path of every route that shows a screen (the catch-all excepted). */
function routedPaths(tree: readonly RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const own = route.path !== undefined && route.path !== '*' && route.element ? [path] : [];
    return [...own, ...routedPaths(route.children ?? [], path)];
  });
}

describe('the routes and the server’s list of addresses', () => {
  it('routes exactly the paths of the domain’s CLIENT_ROUTES, from which the server answers 404 for the others', () => {
    expect(new Set(routedPaths(routes))).toEqual(new Set(CLIENT_ROUTE_PATHS));
  });
});
