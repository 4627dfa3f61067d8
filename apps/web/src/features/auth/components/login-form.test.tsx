import { CLIENT_ROUTES, MESSAGES } from '@notadoo/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../api/api-error';
import { getAuthToken } from '../../../lib/auth-token';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Adresse email/), email);
  await user.type(screen.getByLabelText(/^Mot de passe/), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  return user;
}

describe('login screen', () => {
  it('reaches the show-password button with Tab and says with aria-pressed whether the password is shown', async () => {
    mockFetch();
    renderApp('/login');
    const user = userEvent.setup();
    const password = await screen.findByLabelText(/^Mot de passe/);
    await user.click(password);
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Afficher le mot de passe' });
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(password).toHaveAttribute('type', 'password');
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(password).toHaveAttribute('type', 'text');
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(password).toHaveAttribute('type', 'password');
  });

  it('toasts the failure, stays on login and keeps the typed e-mail', async () => {
    mockFetch({ 'POST users/login': { status: 401, body: { message: 'Identifiants invalides.' } } });
    const { router } = renderApp('/login');
    await signIn('claire@example.fr', 'mauvais1');
    expect(await screen.findByText(MESSAGES.loginFailed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText(/^Adresse email/)).toHaveValue('claire@example.fr');
    expect(getAuthToken()).toBeUndefined();
  });

  it('shows why a locked account or a busy server refuses, as the server words it', async () => {
    for (const [status, message] of [
      [429, MESSAGES.loginLocked(12)],
      [503, MESSAGES.passwordChecksBusy],
    ] as const) {
      mockFetch({ 'POST users/login': { status, body: { message } } });
      const { unmount } = renderApp('/login');
      await signIn('claire@example.fr', 'secret12');
      expect(await screen.findByText(message)).toBeInTheDocument();
      unmount();
    }
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderApp('/login');
    await signIn('claire@example.fr', 'secret12');
    expect(await screen.findByText(NETWORK_ERROR_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveValue('secret12');
  });

  it('brings a visitor sent to sign in back to the address they opened (a correction mail link)', async () => {
    mockFetch({
      'POST users/login': { body: { token: 'jeton' } },
      'GET users/me': { body: createSession() },
    });
    const { router } = renderApp('/project/5/dashboard?piece=3');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await signIn('claire@example.fr', 'secret12');
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/5/dashboard'));
    expect(router.state.location.search).toBe('?piece=3');
  });

  it('stores the token and opens the dashboard', async () => {
    const fetchMock = mockFetch({
      'POST users/login': { body: { token: 'jeton' } },
      'GET users/me': { body: createSession() },
    });
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Se souvenir de moi' }));
    await signIn('Claire@Example.fr', 'secret12');
    expect(await screen.findByRole('heading', { name: 'Mes dossiers' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(getAuthToken()).toBe('jeton');
    expect(JSON.parse(String(fetchMock.mock.calls.find(([url]) => String(url).endsWith('users/login'))?.[1]?.body))).toEqual({
      login: 'claire@example.fr',
      password: 'secret12',
      remember: true,
    });
  });

  it('takes an account that must set up a second factor to the setup screen, never to the dashboard first', async () => {
    mockFetch({
      'POST users/login': { body: { token: 'jeton-de-configuration', secondFactor: 'setup' } },
      'GET users/me': { body: createSession() },
    });
    const { router } = renderApp('/login');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    await signIn('claire@example.fr', 'secret12');
    expect(await screen.findByRole('heading', { name: 'Configurer la double authentification' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(CLIENT_ROUTES.secondFactorSetup);
    expect(router.state.location.state).toEqual({ from: '/dashboard' });
    expect(getAuthToken()).toBe('jeton-de-configuration');
    // Long enough for a second navigation (the login route's redirect of a signed-in visitor) to have happened.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(visited).not.toContain('/dashboard');
    expect(router.state.location.pathname).toBe(CLIENT_ROUTES.secondFactorSetup);
  });

  it('always confirms a lost-password request', async () => {
    const fetchMock = mockFetch({ 'POST users/reset/password': { body: {} } });
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Mot de passe oublié ?' }));
    // By role: found once shown (the section opens with a transition), as a person can type only then.
    await user.type(await screen.findByRole('textbox', { name: /^Email de votre compte/ }), 'claire@example.fr');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText(MESSAGES.resetRequested('claire@example.fr'))).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls.find(([url]) => String(url).endsWith('users/reset/password'))?.[1]?.body))).toEqual({
      email: 'claire@example.fr',
    });
  });
});
