import { notifications } from '@mantine/notifications';
import { PROJECT_PERMISSION_MESSAGES, PROJECT_SCHEMA_MESSAGES } from '@notadoo/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, type FetchRoutes } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';
import { CREATE_FAILED_MESSAGE, CREATE_SUCCEEDED_MESSAGE } from './project-details-form';

function renderWizard(routes: FetchRoutes = {}, session = createSession()) {
  const fetchMock = mockFetch({ 'GET users/me': { body: session }, ...routes });
  const view = renderApp('/project/new', { token: 'jeton' });
  return { ...view, fetchMock, user: userEvent.setup() };
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('new project wizard', () => {
  // Toasts live in a module-level store that outlives each render.
  afterEach(() => notifications.clean());

  it('walks through type and subtype, with back and close', async () => {
    const { user } = renderWizard();
    await heading('Nouveau dossier');
    expect(screen.queryByRole('button', { name: "Revenir à l'étape précédente" })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fermer et revenir à mes dossiers' })).toHaveAttribute('href', '/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Immobilier' }));
    await heading('Immobilier');
    expect(screen.getByText('Étape 2 sur 3')).toBeInTheDocument();
    const subtypes = within(screen.getByRole('group', { name: 'Quel est le bien concerné ?' })).getAllByRole('button');
    expect(subtypes.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Appartement'),
      expect.stringContaining('Maison'),
      expect.stringContaining('Terrain'),
    ]);

    await user.click(screen.getByRole('button', { name: "Revenir à l'étape précédente" }));
    await heading('Nouveau dossier');
    await user.click(screen.getByRole('button', { name: 'Succession' }));
    expect(screen.getByRole('button', { name: 'Régler une succession' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bilan patrimonial' })).toBeInTheDocument();
  });

  it('requires a name, offers the roles open to the user, and asks for the deceased in a succession', async () => {
    const { user, fetchMock } = renderWizard();
    await user.click(await screen.findByRole('button', { name: 'Succession' }));
    await user.click(screen.getByRole('button', { name: 'Régler une succession' }));
    await heading('Succession – Régler une succession');
    expect(screen.getByText(/nom de la personne défunte/)).toBeInTheDocument();
    // A client may not take the notary's role.
    const roles = screen.getByRole('radiogroup', { name: 'Votre rôle dans ce dossier' });
    expect(
      within(roles)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['spouse', 'heir']);

    await user.click(screen.getByRole('button', { name: 'Créer le dossier' }));
    expect(await screen.findByText(PROJECT_SCHEMA_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(PROJECT_SCHEMA_MESSAGES.roleRequired)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/project')).toBe(false);
  });

  it('offers the intermediary role to a professional', async () => {
    const { user } = renderWizard({}, createSession({ isPro: true }));
    await user.click(await screen.findByRole('button', { name: 'Immobilier' }));
    await user.click(screen.getByRole('button', { name: 'Maison' }));
    const roles = await screen.findByRole('radiogroup', { name: 'Votre rôle dans ce dossier' });
    expect(
      within(roles)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['seller', 'buyer', 'intermediary']);
  });

  it('creates the project and opens it', async () => {
    const { user, fetchMock, router } = renderWizard({ 'POST project': { status: 201, body: { id: 42 } } });
    await user.click(await screen.findByRole('button', { name: 'Immobilier' }));
    await user.click(screen.getByRole('button', { name: 'Appartement' }));
    await user.type(await screen.findByLabelText('Nom du dossier'), '  Vente T3 Lyon ');
    await user.click(screen.getByRole('radio', { name: 'Vendeur' }));
    await user.click(screen.getByRole('button', { name: 'Créer le dossier' }));
    expect(await screen.findByText(CREATE_SUCCEEDED_MESSAGE)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/project/42/dashboard');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/project');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ name: 'Vente T3 Lyon', type: 'realty', subtype: 'appt', role: 'seller' });
  });

  it("shows a refusal's own message, and the spec's message for any other failure", async () => {
    let status = 403;
    const { user, router } = renderWizard({
      'POST project': () => ({ status, body: { message: PROJECT_PERMISSION_MESSAGES.creationRoleChangePending } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Succession' }));
    await user.click(screen.getByRole('button', { name: 'Bilan patrimonial' }));
    // A balance has a single role: nothing to choose.
    expect(await screen.findByRole('radio', { name: 'Client' })).toBeChecked();
    await user.type(screen.getByLabelText('Nom du dossier'), 'Bilan famille Durand');
    await user.click(screen.getByRole('button', { name: 'Créer le dossier' }));
    expect(await screen.findByText(PROJECT_PERMISSION_MESSAGES.creationRoleChangePending)).toBeInTheDocument();
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Créer le dossier' }));
    expect(await screen.findByText(CREATE_FAILED_MESSAGE)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/project/new');
  });

  it('says why nothing can be created while a role change is pending', async () => {
    renderWizard({}, createSession({ needsRoleChange: true }));
    expect(await screen.findByText(PROJECT_PERMISSION_MESSAGES.creationRoleChangePending)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Immobilier' })).not.toBeInTheDocument();
  });
});
