import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';
import { createProject } from '../../../testing/project-factory';

const INVITED = '?invitation=jeton-invitation&email=bruno%40exemple.fr';
const INVITED_WITH_NAMES = `${INVITED}&firstName=Bruno&lastName=Acheteur&project=12`;

describe('following a project invitation link', () => {
  it('starts the signup with the invited address and sends the invitation token', async () => {
    let sent: unknown;
    mockFetch({ 'POST users/signup': (body) => ((sent = body), { status: 201, body: { token: 'a.b.c' } }) });
    renderApp(`/signup${INVITED}`);
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Adresse email', { exact: true })).toHaveValue('bruno@exemple.fr');
    await user.type(screen.getByLabelText('Prénom', { exact: true }), 'Bruno');
    await user.type(screen.getByLabelText('Nom', { exact: true }), 'Acheteur');
    await user.type(screen.getByLabelText('Mot de passe', { exact: true }), 'Tilleul123');
    await user.type(screen.getByLabelText('Confirmation du mot de passe', { exact: true }), 'Tilleul123');
    await user.click(screen.getByLabelText("J'accepte les conditions d'utilisation"));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(sent).toMatchObject({ email: 'bruno@exemple.fr', invitation: 'jeton-invitation' }));
  });

  it('starts the login with the invited address and sends the invitation token', async () => {
    let sent: unknown;
    mockFetch({ 'POST users/login': (body) => ((sent = body), { status: 401, body: { message: 'x' } }) });
    renderApp(`/login${INVITED}`);
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Adresse email', { exact: true })).toHaveValue('bruno@exemple.fr');
    await user.type(screen.getByLabelText('Mot de passe', { exact: true }), 'Tilleul123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(sent).toMatchObject({ login: 'bruno@exemple.fr', invitation: 'jeton-invitation' }));
  });

  it('starts the signup with the names the inviter typed, then opens the inviting project', async () => {
    let sent: unknown;
    mockFetch({
      'POST users/signup': (body) => ((sent = body), { status: 201, body: { token: 'a.b.c' } }),
      'GET users/me': { body: createSession() },
      'GET project/12': { body: createProject({ id: 12, name: 'Vente maison Acheteur' }) },
      'GET notaryoffices': { body: [] },
    });
    renderApp(`/signup${INVITED_WITH_NAMES}`);
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Prénom', { exact: true })).toHaveValue('Bruno');
    expect(screen.getByLabelText('Nom', { exact: true })).toHaveValue('Acheteur');
    await user.type(screen.getByLabelText('Mot de passe', { exact: true }), 'Tilleul123');
    await user.type(screen.getByLabelText('Confirmation du mot de passe', { exact: true }), 'Tilleul123');
    await user.click(screen.getByLabelText("J'accepte les conditions d'utilisation"));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(sent).toMatchObject({ firstName: 'Bruno', lastName: 'Acheteur', invitation: 'jeton-invitation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Vente maison Acheteur' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('opens the inviting project after signing in through the link', async () => {
    mockFetch({
      'POST users/login': { body: { token: 'a.b.c' } },
      'GET users/me': { body: createSession() },
      'GET project/12': { body: createProject({ id: 12, name: 'Vente maison Acheteur' }) },
      'GET notaryoffices': { body: [] },
    });
    renderApp(`/login${INVITED_WITH_NAMES}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mot de passe', { exact: true }), 'Tilleul123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Vente maison Acheteur' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
