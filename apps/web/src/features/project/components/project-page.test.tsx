import { MESSAGES, type Project } from '@notadoo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rememberTour } from '../../../components/guided-tour';
import { mockFetch, type FetchRoutes } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';
import { createOffice } from '../../../testing/office-factory';
import { createProject } from '../../../testing/project-factory';
import { OFFICE_TOUR_COOKIE, TRANSMIT_TOUR_COOKIE } from './project-tours';

function renderProject(project: Project, routes: FetchRoutes = {}, session = createSession()) {
  const fetchMock = mockFetch({
    'GET users/me': { body: session },
    [`GET project/${project.id}`]: { body: project },
    'GET notaryoffices': { body: [createOffice(), createOffice({ id: 2, city: 'Lyon', postal_code: '69002' })] },
    ...routes,
  });
  const view = renderApp(`/project/${project.id}/dashboard`, { token: 'jeton' });
  return { ...view, fetchMock, user: userEvent.setup() };
}

const tab = (name: string) => screen.getByRole('tab', { name });
/** The first render of the page loads the session, the project and the tours' library: more than the default second. */
const findTitle = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('project page', () => {
  // The help tours have their own test; here they would cover the page.
  beforeEach(() => {
    rememberTour(TRANSMIT_TOUR_COOKIE);
    rememberTour(OFFICE_TOUR_COOKIE);
  });
  // Toasts live in a module-level store that outlives each render.
  afterEach(() => notifications.clean());

  it('opens on Documents with its name and status, and offers to transmit the file', async () => {
    renderProject(createProject());
    expect(await findTitle('Vente appartement Lyon')).toBeInTheDocument();
    expect(tab('Documents')).toHaveAttribute('aria-selected', 'true');
    for (const name of ['Personnes', 'Outils']) expect(tab(name)).toBeEnabled();
    expect(screen.getByText('À compléter')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Transmettre au Notaire' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Changer le statut' })).not.toBeInTheDocument();
  });

  it('moves the focus along the tabs with the arrows and opens one only with Enter (manual activation)', async () => {
    const { user } = renderProject(createProject());
    await findTitle('Vente appartement Lyon');
    tab('Documents').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Pièces')).toHaveFocus();
    expect(tab('Documents')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Pièces')).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowRight}');
    expect(tab('Messages')).toHaveFocus();
    // Issue 26: the history, for whoever may read some of it (here a person of the file).
    await user.keyboard('{ArrowRight}');
    expect(tab('Historique')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Outils')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(tab('Outils')).toHaveAttribute('aria-selected', 'true');
  });

  it('opens on the office tab, others disabled, while no office is chosen', async () => {
    renderProject(createProject({ notary_office: null }));
    await findTitle('Vente appartement Lyon');
    expect(tab('Office notarial')).toHaveAttribute('aria-selected', 'true');
    for (const name of ['Personnes', 'Documents', 'Messages', 'Outils']) expect(tab(name)).toBeDisabled();
    // No buttons under the office tab.
    expect(screen.queryByRole('button', { name: 'Transmettre au Notaire' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Choisir cet office : Paris' })).toBeInTheDocument();
  });

  it('shows the review button from status 3 and nothing to transmit on the tools tab', async () => {
    const { user } = renderProject(createProject({ status: 3 }));
    const review = await screen.findByRole('button', { name: 'Dossier en cours de relecture' });
    expect(review).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Transmettre au Notaire' })).not.toBeInTheDocument();
    await user.click(tab('Outils'));
    expect(await screen.findByRole('link', { name: /Cadastre/ })).toHaveAttribute('rel', 'noopener noreferrer');
    // The status badge is for tabs 0 to 2.
    expect(screen.queryByText('Relecture étude')).not.toBeInTheDocument();
  });

  it('offers neither button once the file is past review', async () => {
    renderProject(createProject({ status: 4 }));
    await screen.findByText('Complet en attente de signature');
    expect(screen.queryByRole('button', { name: 'Transmettre au Notaire' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dossier en cours de relecture' })).not.toBeInTheDocument();
  });

  it('hides the transmit button on the tools tab', async () => {
    const { user } = renderProject(createProject());
    await screen.findByRole('button', { name: 'Transmettre au Notaire' });
    await user.click(tab('Outils'));
    await screen.findByRole('heading', { name: 'Outils' });
    expect(screen.queryByRole('button', { name: 'Transmettre au Notaire' })).not.toBeInTheDocument();
  });

  it('transmits the file after confirmation and shows the project the server answers', async () => {
    const project = createProject();
    const { user, fetchMock } = renderProject(project, { 'PATCH project/status': { body: { ...project, status: 3 } } });
    await user.click(await screen.findByRole('button', { name: 'Transmettre au Notaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transmettre au Notaire' });
    expect(within(dialog).getByText(/^Vous avez complété votre dossier autant que possible/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Transmettre' }));
    expect(await screen.findByRole('button', { name: 'Dossier en cours de relecture' })).toBeDisabled();
    expect(screen.getByText('Relecture étude')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = fetchMock.mock.calls.find(([url, init]) => url === '/api/project/status' && init?.method === 'PATCH');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ id: 5, status: 3 });
  });

  it('lists what is still missing before transmitting, and still transmits', async () => {
    const civilStatus = {
      id: 30,
      participant: { id: 10 },
      file: null,
      document_files: [],
      document_civil_statuses: [{ id: 30, version: 1, progress: 0 }],
      document_buyers: [],
      document_successions: [],
      document_sale_houses: [],
      document_heritage_balances: [],
      document_sale_lands: [],
      document_sale_appts: [],
    };
    const project = createProject({ documents: [civilStatus] });
    const pieces = {
      projectId: 5,
      signingDate: null,
      diagnosticWarnings: [],
      requests: [
        {
          id: 1,
          pieceId: 'identity_document',
          label: "Copie d'une pièce d'identité",
          origin: 'derived',
          participantId: 10,
          participantName: 'Claire Martin',
          state: 'requested',
          stateLabel: 'Demandée',
          noLongerRequired: false,
          reasonText: null,
          fileTypes: [],
          updatedAt: '2026-11-20T10:00:00.000Z',
          versions: [],
          reviews: [],
        },
        {
          id: 2,
          pieceId: 'property_title',
          label: 'Titre de propriété',
          origin: 'derived',
          participantId: 10,
          participantName: 'Claire Martin',
          state: 'accepted',
          stateLabel: 'Acceptée',
          noLongerRequired: false,
          reasonText: null,
          fileTypes: [],
          updatedAt: '2026-11-20T10:00:00.000Z',
          versions: [],
          reviews: [],
        },
      ],
    };
    const { user, fetchMock } = renderProject(project, {
      'GET project/5/pieces': { body: pieces },
      'PATCH project/status': { body: { ...project, status: 3 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Transmettre au Notaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transmettre au Notaire' });
    const missing = await within(dialog).findByRole('list', { name: 'Pièces à envoyer' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(["Copie d'une pièce d'identité (Demandée)"]);
    expect(within(dialog).getByRole('list', { name: 'Questions sans réponse' })).toBeInTheDocument();
    expect(within(dialog).getByText(/^Il reste \d+ questions sans réponse et 1 pièce à envoyer\.$/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Transmettre' }));
    expect(await screen.findByRole('button', { name: 'Dossier en cours de relecture' })).toBeDisabled();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/project/status' && init?.method === 'PATCH')).toBe(true);
  });

  it('opens on the Pièces tab with the piece of a correction mail (?piece=) focused', async () => {
    const project = createProject();
    const piece = {
      id: 3,
      pieceId: 'identity_document',
      label: "Copie d'une pièce d'identité",
      origin: 'derived',
      participantId: 10,
      participantName: 'Claire Martin',
      state: 'to_correct',
      stateLabel: 'À corriger',
      noLongerRequired: false,
      reasonText: null,
      fileTypes: ['identity_card'],
      updatedAt: '2026-11-20T10:00:00.000Z',
      versions: [],
      reviews: [],
    };
    mockFetch({
      'GET users/me': { body: createSession() },
      [`GET project/${project.id}`]: { body: project },
      'GET project/5/pieces': { body: { projectId: 5, signingDate: null, diagnosticWarnings: [], requests: [piece] } },
    });
    renderApp(`/project/${project.id}/dashboard?piece=3`, { token: 'jeton' });
    await findTitle('Vente appartement Lyon');
    expect(tab('Pièces')).toHaveAttribute('aria-selected', 'true');
    const card = await screen.findByRole('article', { name: "Copie d'une pièce d'identité" });
    await waitFor(() => expect(card).toHaveFocus());
  });

  it('lets an office member change the status', async () => {
    const project = createProject({ status: 3 });
    const notary = createSession({ id: 7, isNotary: true, notary_office: { id: 1, city: 'Paris' } });
    const { user } = renderProject(project, { 'PATCH project/status': { body: { ...project, status: 4 } } }, notary);
    await user.click(await screen.findByRole('button', { name: 'Changer le statut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer le statut' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Statut du dossier' }));
    await user.click(await screen.findByRole('option', { name: 'Complet en attente de signature' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MESSAGES.operationSucceeded)).toBeInTheDocument();
    expect(await screen.findByText('Complet en attente de signature')).toBeInTheDocument();
  });

  it("does not offer a notary to transmit his own office's file to a notary, nor its tour", async () => {
    const notary = createSession({ id: 7, isNotary: true, notary_office: { id: 1, city: 'Paris' } });
    renderProject(createProject({ status: 2 }), {}, notary);
    expect(await screen.findByRole('button', { name: 'Changer le statut' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Transmettre au Notaire' })).not.toBeInTheDocument();
  });

  it('toasts the access refusal and goes to the dashboard', async () => {
    const { router } = renderProject(createProject(), {
      'GET project/5': { status: 403, body: { message: MESSAGES.projectAccessDenied } },
      'GET projects/mine': { body: [] },
    });
    expect(await screen.findByText(MESSAGES.projectAccessDenied)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
