import { ADMIN_MESSAGES, type User } from '@notadoo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, type FetchRoutes } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';

const admin = createSession({ id: 1, firstName: 'Alice', lastName: 'Admin', roles: ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_AGENT'] });
const userOf = (overrides: Partial<User>): User => ({ ...createSession(overrides), scores: { EC: null }, complexity: null });
const paul = userOf({ id: 2, firstName: 'Paul', lastName: 'Agent', email: 'paul@exemple.fr', needsRoleChange: true });
const zoe = userOf({ id: 3, firstName: 'Zoé', lastName: 'Client', email: 'zoe@exemple.fr' });
const self = userOf({ ...admin, id: 1 });

/** The screen is loaded on demand: the first render waits for its module and the first page. */
async function renderAdmin(routes: FetchRoutes = {}) {
  const fetchMock = mockFetch({
    'GET users/me': { body: admin },
    'GET admin/users?page=1&search=&sort=date&order=desc': { body: [zoe, paul, self], headers: { 'X-Total-Count': '23' } },
    'GET admin/users?page=1&search=&sort=date&order=asc&pending=1': { body: [paul], headers: { 'X-Total-Count': '1' } },
    ...routes,
  });
  renderApp('/admin', { token: 'jeton' });
  await screen.findByText('zoe@exemple.fr', {}, { timeout: 10_000 });
  return { fetchMock, user: userEvent.setup() };
}

describe('administration screen', () => {
  it('lists users with their toggles, makes pending requests stand out, and locks the admin’s own row', async () => {
    await renderAdmin();
    const table = await screen.findByRole('table', { name: 'Utilisateurs' });
    await within(table).findByText('zoe@exemple.fr');
    expect(screen.getByText('23 utilisateurs')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Intermédiaire : Paul Agent' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Demande en attente : Paul Agent' })).toBeChecked();
    // One's own statuses cannot be changed; read-only roles hide ROLE_AGENT.
    expect(screen.getByRole('switch', { name: 'Admin : Alice Admin' })).toBeDisabled();
    const selfRow = within(table)
      .getByText(/Admin Alice/)
      .closest('tr')!;
    expect(within(selfRow).getByText('Administrateur')).toBeInTheDocument();
    expect(within(selfRow).queryByText('Agent')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Demandes de droits en attente' })).toHaveTextContent('Paul Agent');
  });

  it('grants a pending request in one click', async () => {
    const { fetchMock, user } = await renderAdmin({
      'POST admin/user/toggleStatus': (body) => ({ body: { ...paul, isPro: true, needsRoleChange: false, sent: body } }),
    });
    await user.click(await screen.findByRole('button', { name: "Accorder les droits d'intermédiaire à Paul Agent" }));
    expect(await screen.findByText(ADMIN_MESSAGES.userToggled)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('admin/user/toggleStatus'))!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ id: 2, action: 'pro', data: '1' });
  });

  it('shows the 401 message when the server refuses a change', async () => {
    const { user } = await renderAdmin({ 'POST admin/user/roles': { status: 401, body: { message: ADMIN_MESSAGES.ownStatusesLocked } } });
    await user.click(await screen.findByRole('checkbox', { name: 'Agent : Zoé Client' }));
    expect(await screen.findByText(ADMIN_MESSAGES.ownStatusesLocked)).toBeInTheDocument();
  });

  it('checks the add-user form with the registration rules before sending it', async () => {
    const { fetchMock, user } = await renderAdmin({
      'POST admin/users': (body) => ({ status: 201, body: userOf({ id: 9, ...(body as object) }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Ajouter un utilisateur' }));
    const form = await screen.findByRole('form', { name: 'Ajouter un utilisateur' });
    await user.type(within(form).getByLabelText(/Prénom/), 'Nina');
    await user.type(within(form).getByLabelText(/^Nom/), 'Nouvel');
    await user.type(within(form).getByLabelText(/Adresse email/), 'nina@exemple.fr');
    await user.type(within(form).getByLabelText(/^Mot de passe/), 'Secret123');
    await user.type(within(form).getByLabelText(/Confirmation/), 'Secret124');
    await user.click(within(form).getByRole('button', { name: "Créer l'utilisateur" }));
    expect(await within(form).findByText('Veuillez confirmer le mot de passe.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('admin/users'))).toBe(false);
    await user.clear(within(form).getByLabelText(/Confirmation/));
    await user.type(within(form).getByLabelText(/Confirmation/), 'Secret123');
    await user.click(within(form).getByRole('button', { name: "Créer l'utilisateur" }));
    expect(await screen.findByText(ADMIN_MESSAGES.userCreated)).toBeInTheDocument();
  });

  it('lists only the pending requests from the link of the request mail', async () => {
    mockFetch({
      'GET users/me': { body: admin },
      'GET admin/users?page=1&search=&sort=date&order=desc&pending=1': { body: [paul], headers: { 'X-Total-Count': '1' } },
      'GET admin/users?page=1&search=&sort=date&order=asc&pending=1': { body: [paul], headers: { 'X-Total-Count': '1' } },
    });
    renderApp('/admin?pending=1', { token: 'jeton' });
    const table = await screen.findByRole('table', { name: 'Utilisateurs' }, { timeout: 10_000 });
    await within(table).findByText('paul@exemple.fr');
    expect(within(table).queryByText('zoe@exemple.fr')).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Demandes en attente uniquement' })).toBeChecked();
  });

  it('shows the billing tab for the current year and pages it', async () => {
    const year = new Date().getFullYear();
    const rows = Array.from({ length: 100 }, (_, i) => ({
      id: i + 1,
      name: `Dossier ${i + 1}`,
      city: 'Lyon',
      created_at: `${year}-03-01T10:00:00.000Z`,
      status: 2,
    }));
    const { user } = await renderAdmin({
      [`GET projects/open?from=${year}-01-01&to=${year}-12-31&page=1`]: { body: rows, headers: { 'X-Total-Count': '150' } },
      [`GET projects/open?from=${year}-01-01&to=${year}-12-31&page=2`]: {
        body: [{ ...rows[0], id: 101, name: 'Dossier 101' }],
        headers: { 'X-Total-Count': '150' },
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Facturation' }));
    expect(await screen.findByText('Dossier 100')).toBeInTheDocument();
    expect(screen.getByLabelText('Du')).toHaveValue(`${year}-01-01`);
    expect(screen.getByLabelText('Au')).toHaveValue(`${year}-12-31`);
    expect(screen.getByText('150 dossiers ouverts sur la période')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(screen.getByText('Dossier 101')).toBeInTheDocument());
  });
  it('shows the mails the outbox could not send in their own tab', async () => {
    const { user } = await renderAdmin({
      'GET admin/mails?status=failed&page=1&perPage=20': {
        body: {
          items: [
            {
              id: 7,
              recipient: 'inconnu@exemple.fr',
              subject: 'Confirmez votre adresse email',
              status: 'failed',
              attempts: 1,
              lastError: '550 5.1.1 Recipient address rejected',
              createdAt: '2026-11-22T09:00:00.000Z',
              lastAttemptAt: '2026-11-22T09:00:01.000Z',
              nextAttemptAt: null,
              sentAt: null,
              failedAt: '2026-11-22T09:00:01.000Z',
            },
          ],
          total: 1,
          page: 1,
          perPage: 20,
        },
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Mails en échec' }));
    expect(await screen.findByText('inconnu@exemple.fr')).toBeInTheDocument();
    expect(screen.getByText('Confirmez votre adresse email')).toBeInTheDocument();
  });
});
