import { TRANSFER_MESSAGES, type Project } from '@notadoo/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberTour } from '../../../components/guided-tour';
import { mockFetch, type FetchRoutes } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render-app';
import { createProject } from '../../../testing/project-factory';
import { createSession } from '../../../testing/session-factory';

const BRIDGE = 'http://127.0.0.1:4100';
const notary = createSession({ id: 7, isNotary: true, notary_office: { id: 1, city: 'Paris' } });
const settings = { 'GET transfer/bridge': { body: { bridge: { url: BRIDGE, serviceKey: 'cle' }, apiUrl: 'http://app.test/api' } } };

function renderProject(project: Project, routes: FetchRoutes, session = notary) {
  const fetchMock = mockFetch({
    'GET users/me': { body: session },
    [`GET project/${project.id}`]: { body: project },
    'GET notaryoffices': { body: [] },
    ...routes,
  });
  renderApp(`/project/${project.id}/dashboard`, { token: 'jeton' });
  return { fetchMock, user: userEvent.setup() };
}

const findTitle = () => screen.findByRole('heading', { level: 1, name: 'Vente appartement Lyon' }, { timeout: 5000 });

describe('"Transférer les fichiers" button', () => {
  beforeEach(() => {
    rememberTour('notadoo_tour_transmit');
    rememberTour('notadoo_tour_office');
  });
  afterEach(() => {
    notifications.clean();
    vi.restoreAllMocks();
  });

  it('shows once the bridge answers its version call, sending the service key and user id, and opens the modal', async () => {
    const { fetchMock, user } = renderProject(createProject({ documents: [] }), {
      ...settings,
      [`GET ${BRIDGE}/interop/version`]: { body: { version: '1.0' } },
    });
    await user.click(await screen.findByRole('button', { name: TRANSFER_MESSAGES.button }, { timeout: 5000 }));
    const versionCall = fetchMock.mock.calls.find(([url]) => String(url) === `${BRIDGE}/interop/version`)!;
    expect(versionCall[1]?.headers).toMatchObject({ 'X-Service-Key': 'cle', 'X-User-Id': '7' });
    expect(await screen.findByRole('dialog', { name: TRANSFER_MESSAGES.modalTitle }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText(TRANSFER_MESSAGES.noFiles)).toBeInTheDocument();
  });

  it('is disabled with the reason when the bridge does not answer, and enabled once a retry reaches it', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    let bridgeRunning = false;
    const { user } = renderProject(createProject(), {
      ...settings,
      [`GET ${BRIDGE}/interop/version`]: () => (bridgeRunning ? { body: { version: '1.0' } } : { status: 500 }),
    });
    await findTitle();
    const button = await screen.findByRole('button', { name: TRANSFER_MESSAGES.button }, { timeout: 5000 });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription('Logiciel de rédaction injoignable sur ce poste');
    expect(info).toHaveBeenCalledWith(expect.stringContaining("Passerelle du logiciel de rédaction d'actes injoignable"));
    bridgeRunning = true;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(screen.getByRole('button', { name: TRANSFER_MESSAGES.button })).toBeEnabled());
    expect(screen.queryByText(TRANSFER_MESSAGES.bridgeUnreachable)).not.toBeInTheDocument();
  });

  it('is not offered at status 1, and asks no bridge then', async () => {
    const routes = { ...settings, [`GET ${BRIDGE}/interop/version`]: { body: {} } };
    const first = renderProject(createProject({ status: 1 }), routes);
    await findTitle();
    await screen.findByRole('button', { name: 'Changer le statut' });
    expect(screen.queryByRole('button', { name: TRANSFER_MESSAGES.button })).not.toBeInTheDocument();
    expect(first.fetchMock.mock.calls.some(([url]) => String(url).includes('transfer/bridge'))).toBe(false);
  });

  it('is not offered to a client', async () => {
    const { fetchMock } = renderProject(createProject(), { ...settings, [`GET ${BRIDGE}/interop/version`]: { body: {} } }, createSession());
    await findTitle();
    await screen.findByRole('button', { name: 'Transmettre au Notaire' });
    expect(screen.queryByRole('button', { name: TRANSFER_MESSAGES.button })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('transfer/bridge'))).toBe(false);
  });
});
