import { OFFICE_ATTACHMENT_MESSAGES, OFFICE_PICKER, type User } from '@notadoo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, type FetchRoutes } from '../../../testing/mock-fetch';
import { createOffice } from '../../../testing/office-factory';
import { renderApp } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';

const admin = createSession({ id: 1, firstName: 'Alice', lastName: 'Admin', roles: ['ROLE_USER', 'ROLE_ADMIN'] });
const userOf = (overrides: Partial<User>): User => ({ ...createSession(overrides), scores: { EC: null }, complexity: null });
const marc = userOf({ id: 2, firstName: 'Marc', lastName: 'Notaire', email: 'marc@exemple.fr', isNotary: true, notary_office: null });
const lea = userOf({ id: 3, firstName: 'Léa', lastName: 'Lyon', email: 'lea@exemple.fr', notary_office: { id: 2, city: 'Lyon' } });
const dan = userOf({ id: 4, firstName: 'Dan', lastName: 'Dijon', email: 'dan@exemple.fr', notary_office: { id: 13, city: 'Dijon' } });
const offices = [
  createOffice({ id: 1, city: 'Paris' }),
  createOffice({ id: 2, city: 'Lyon' }),
  createOffice({ id: 13, city: 'Dijon', active: false }),
];

async function renderUsers(routes: FetchRoutes = {}) {
  const fetchMock = mockFetch({
    'GET users/me': { body: admin },
    'GET notaryoffices': { body: offices },
    'GET admin/users': { body: [marc, lea, dan], headers: { 'X-Total-Count': '3' } },
    ...routes,
  });
  renderApp('/admin', { token: 'jeton' });
  const table = await screen.findByRole('table', { name: 'Utilisateurs' }, { timeout: 10_000 });
  await within(table).findByText('marc@exemple.fr');
  return { fetchMock, table, user: userEvent.setup() };
}

const patchesOf = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([url, init]) => [String(url).replace(/^.*\/api\//, ''), JSON.parse(init!.body as string)]);

describe("the users table's office column", () => {
  it("shows each user's office, one that left the network included", async () => {
    await renderUsers();
    await waitFor(() => expect(screen.getByRole('combobox', { name: OFFICE_PICKER.fieldLabel('Léa Lyon') })).toHaveValue('Lyon'));
    expect(screen.getByRole('combobox', { name: OFFICE_PICKER.fieldLabel('Marc Notaire') })).toHaveValue(OFFICE_PICKER.noOffice);
    expect(screen.getByRole('combobox', { name: OFFICE_PICKER.fieldLabel('Dan Dijon') })).toHaveValue(
      OFFICE_PICKER.inactiveOfficeLabel('Dijon'),
    );
  });

  it('attaches a user to an office through PATCH users/{id}, with the office shown, and says so', async () => {
    const { fetchMock, user } = await renderUsers({
      'PATCH users/2': { body: { ...marc, notary_office: { id: 1, city: 'Paris' } } },
    });
    const picker = screen.getByRole('combobox', { name: OFFICE_PICKER.fieldLabel('Marc Notaire') });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    // Only the active offices are offered.
    expect(screen.queryByRole('option', { name: /Dijon/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Paris' }));
    expect(await screen.findByText(OFFICE_PICKER.attached('Marc Notaire', 'Paris'))).toBeInTheDocument();
    expect(patchesOf(fetchMock)).toEqual([['users/2', { notaryOffice: 1, oldOffice: null }]]);
  });

  it('detaches a user with "Aucun office"', async () => {
    const { fetchMock, user } = await renderUsers({ 'PATCH users/3': { body: { ...lea, notary_office: null } } });
    const picker = screen.getByRole('combobox', { name: OFFICE_PICKER.fieldLabel('Léa Lyon') });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: OFFICE_PICKER.noOffice }));
    expect(await screen.findByText(OFFICE_PICKER.detached('Léa Lyon'))).toBeInTheDocument();
    expect(patchesOf(fetchMock)).toEqual([['users/3', { notaryOffice: null, oldOffice: 2 }]]);
  });

  it("shows the server's refusal and reads the list again", async () => {
    const { fetchMock, user } = await renderUsers({
      'PATCH users/3': { status: 409, body: { message: OFFICE_ATTACHMENT_MESSAGES.changedMeanwhile } },
    });
    const reads = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('admin/users')).length;
    const before = reads();
    const picker = screen.getByRole('combobox', { name: OFFICE_PICKER.fieldLabel('Léa Lyon') });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Paris' }));
    expect(await screen.findByText(OFFICE_ATTACHMENT_MESSAGES.changedMeanwhile)).toBeInTheDocument();
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });
});

describe('the billing range', () => {
  it("says the server's refusal of a range instead of showing 0 files", async () => {
    const year = new Date().getFullYear();
    const { user } = await renderUsers({
      [`GET projects/open?from=${year}-01-01&to=${year}-12-31&page=1`]: { body: [], headers: { 'X-Total-Count': '0' } },
      'GET projects/open': { status: 400, body: { message: 'Cette date n’existe pas.' } },
    });
    await user.click(screen.getByRole('tab', { name: 'Facturation' }));
    expect(await screen.findByText('0 dossier ouvert sur la période')).toBeInTheDocument();
    const from = screen.getByLabelText('Du');
    await user.clear(from);
    await user.type(from, '1799-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cette date n’existe pas.');
    expect(screen.queryByText(/dossiers? ouverts? sur la période/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporter en CSV' })).toBeDisabled();
  });

  it('says an inverted range without asking the server', async () => {
    const year = new Date().getFullYear();
    const { fetchMock, user } = await renderUsers({
      [`GET projects/open?from=${year}-01-01&to=${year}-12-31&page=1`]: { body: [], headers: { 'X-Total-Count': '0' } },
    });
    await user.click(screen.getByRole('tab', { name: 'Facturation' }));
    await screen.findByText('0 dossier ouvert sur la période');
    const to = screen.getByLabelText('Au');
    await user.clear(to);
    await user.type(to, `${year - 1}-06-30`);
    expect(await screen.findByRole('alert')).toHaveTextContent('La date de début doit précéder la date de fin.');
    expect(screen.getByLabelText('Au')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/dossiers? ouverts? sur la période/)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`to=${year - 1}-06-30`))).toBe(false);
  });
});
