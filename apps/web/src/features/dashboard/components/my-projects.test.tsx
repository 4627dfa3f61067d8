import { notifications } from '@mantine/notifications';
import { MESSAGES, PROJECT_PERMISSION_MESSAGES } from '@notadoo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, type FetchRoutes } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';
import { createOffice, createPartial, createSummary } from '../testing/project-factory';
import { createParticipant } from '../../../testing/project-factory';
import { ARCHIVE_FAILED_MESSAGE } from './archive-project-modal';
import { PARTIAL_PROJECT_BANNER } from './partial-project-card';

const lyon = createSummary({
  id: 1,
  name: 'Vente appartement Lyon',
  status: 2,
  progress: 80,
  notary_office: createOffice({ id: 2, city: 'Lyon' }),
});
const succession = createSummary({ id: 2, name: 'Succession Élise Durand', type: 'succession', subtype: 'settlement', status: 4 });
const partial = createPartial({ id: 3, name: 'Vente maison Nantes' });

function renderDashboard(routes: FetchRoutes = {}, session = createSession()) {
  const fetchMock = mockFetch({ 'GET users/me': { body: session }, 'GET projects/mine': { body: [lyon, succession, partial] }, ...routes });
  const view = renderApp('/dashboard', { token: 'jeton' });
  return { ...view, fetchMock, user: userEvent.setup() };
}

const cardNames = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));

describe('dashboard', () => {
  // Toasts live in a module-level store that outlives each render.
  afterEach(() => notifications.clean());

  /** The server's answer to each dashboard query: the tests check what is asked and what is shown. */
  function dashboardAnswering(choose: (query: URLSearchParams) => unknown[]) {
    const queries: string[] = [];
    const route = (_body: unknown, query: URLSearchParams) => {
      queries.push(query.toString());
      return { body: choose(query) };
    };
    return { route, queries };
  }

  it('offers "Nouveau dossier" once on an empty dashboard', async () => {
    renderDashboard({ 'GET projects/mine': { body: [] } });
    expect(await screen.findByText("Bienvenue ! Vous n'avez pas encore de dossier.")).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Nouveau dossier' })).toHaveLength(1);
  });

  it('tells a new intermediary why no file can be created yet and what happens next, with no button', async () => {
    renderDashboard({ 'GET projects/mine': { body: [] } }, createSession({ needsRoleChange: true }));
    expect(await screen.findByText(PROJECT_PERMISSION_MESSAGES.creationRoleChangePending)).toBeInTheDocument();
    expect(screen.getByText(/Un administrateur de Notadoo doit d'abord vous accorder les droits/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nouveau dossier' })).not.toBeInTheDocument();
  });

  it('lists the projects newest first, and sends the search and the tab to the server', async () => {
    const server = dashboardAnswering((query) => {
      if (query.get('q') === 'élise') return [succession];
      if (query.get('type') === 'realty') return [lyon];
      if (query.get('type') === 'succession') return [succession];
      return [lyon, succession, partial];
    });
    const { user } = renderDashboard({ 'GET projects/mine': server.route });
    await screen.findByRole('article', { name: 'Vente appartement Lyon' });
    expect(cardNames()).toEqual(['Vente appartement Lyon', 'Succession Élise Durand', 'Vente maison Nantes']);

    await user.type(screen.getByLabelText('Rechercher un dossier'), 'élise');
    await waitFor(() => expect(cardNames()).toEqual(['Succession Élise Durand']));
    // Typing waits for a pause: one request for the whole word, not one per letter.
    expect(server.queries.filter((q) => q.startsWith('q='))).toEqual([`q=${encodeURIComponent('élise')}`]);
    await user.clear(screen.getByLabelText('Rechercher un dossier'));

    await user.click(screen.getByRole('tab', { name: 'Immobilier' }));
    await waitFor(() => expect(cardNames()).toEqual(['Vente appartement Lyon']));
    await user.click(screen.getByRole('tab', { name: 'Succession' }));
    await waitFor(() => expect(cardNames()).toEqual(['Succession Élise Durand']));
    expect(server.queries).toContain('type=succession');
  });

  it('filters by status on the server, and says when nothing matches', async () => {
    const server = dashboardAnswering((query) =>
      query.get('status') === '4' ? (query.has('q') ? [] : [succession]) : [lyon, succession, partial],
    );
    const { user } = renderDashboard({ 'GET projects/mine': server.route });
    await screen.findByRole('article', { name: 'Vente appartement Lyon' });
    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(await screen.findByRole('option', { name: 'Complet en attente de signature' }));
    await waitFor(() => expect(cardNames()).toEqual(['Succession Élise Durand']));

    await user.type(screen.getByLabelText('Rechercher un dossier'), 'lyon');
    expect(await screen.findByText('Aucun dossier ne correspond à votre recherche.')).toBeInTheDocument();
    expect(server.queries.at(-1)).toBe('q=lyon&status=4');
  });

  it('loads the next page on demand, and offers no more once the last page is shown', async () => {
    const { user } = renderDashboard({
      'GET projects/mine': (_body, query) =>
        query.get('after') === 'page-2' ? { body: [partial] } : { body: [lyon, succession], headers: { 'X-Next-Page': 'page-2' } },
    });
    await screen.findByRole('article', { name: 'Vente appartement Lyon' });
    expect(cardNames()).toEqual(['Vente appartement Lyon', 'Succession Élise Durand']);
    await user.click(screen.getByRole('button', { name: 'Afficher plus de dossiers' }));
    await waitFor(() => expect(cardNames()).toEqual(['Vente appartement Lyon', 'Succession Élise Durand', 'Vente maison Nantes']));
    expect(screen.queryByRole('button', { name: 'Afficher plus de dossiers' })).not.toBeInTheDocument();
  });

  it('shows the card contents: status, progress, participants and office city', async () => {
    renderDashboard();
    const card = await screen.findByRole('article', { name: 'Vente appartement Lyon' });
    expect(within(card).getByRole('link', { name: 'Vente appartement Lyon' })).toHaveAttribute('href', '/project/1/dashboard');
    expect(within(card).getByText('À compléter')).toBeInTheDocument();
    expect(within(card).getByText('Progression : 80 %')).toBeInTheDocument();
    expect(within(card).getByText('Participants : Claire Martin')).toBeInTheDocument();
    expect(within(card).getByText('Office de Lyon')).toBeInTheDocument();
  });

  it('tells the office how many pieces wait for review, and a person how many they still have to send', async () => {
    const reviewed = createSummary({ id: 21, name: 'Vente Bordeaux', pieces_to_review: 2 });
    const notary = createSession({ id: 7, isNotary: true, notary_office: { id: 1, city: 'Paris' } });
    const { unmount } = renderDashboard({ 'GET projects/mine': { body: [reviewed] } }, notary);
    expect(within(await screen.findByRole('article', { name: 'Vente Bordeaux' })).getByText('2 pièces à vérifier')).toBeInTheDocument();
    unmount();

    const own = createSummary({ id: 22, name: 'Vente Nantes', participants: [createParticipant({ pieces: { received: 1, total: 4 } })] });
    const theirs = createSummary({
      id: 23,
      name: 'Vente Rennes',
      participants: [createParticipant({ user: null, pieces: { received: 0, total: 5 } })],
    });
    renderDashboard({ 'GET projects/mine': { body: [own, theirs] } });
    expect(within(await screen.findByRole('article', { name: 'Vente Nantes' })).getByText('3 pièces à envoyer')).toBeInTheDocument();
    // Another person's pieces are theirs to send.
    expect(within(screen.getByRole('article', { name: 'Vente Rennes' })).queryByText(/pièces? à envoyer/)).toBeNull();
  });

  it('shows a partial project with its banner and no way to open it', async () => {
    renderDashboard();
    const card = await screen.findByRole('article', { name: 'Vente maison Nantes' });
    expect(within(card).getByText(PARTIAL_PROJECT_BANNER)).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers the office filter to admins only', async () => {
    renderDashboard();
    await screen.findByRole('article', { name: 'Vente appartement Lyon' });
    expect(screen.queryByRole('combobox', { name: 'Office notarial' })).not.toBeInTheDocument();
  });

  it("lets an admin filter by office city, among the network's offices", async () => {
    const server = dashboardAnswering((query) => (query.get('city') === 'Lyon' ? [lyon] : [lyon, succession, partial]));
    const { user } = renderDashboard(
      {
        'GET projects/mine': server.route,
        'GET notaryoffices': { body: [createOffice({ id: 2, city: 'Lyon' }), createOffice({ id: 1, city: 'Paris' })] },
      },
      createSession({ roles: ['ROLE_USER', 'ROLE_ADMIN'] }),
    );
    await user.click(await screen.findByRole('combobox', { name: 'Office notarial' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Lyon', 'Paris']);
    await user.click(await screen.findByRole('option', { name: 'Lyon' }));
    await waitFor(() => expect(cardNames()).toEqual(['Vente appartement Lyon']));
    expect(server.queries.at(-1)).toBe('city=Lyon');
  });

  it('welcomes a new user with the new-file button', async () => {
    renderDashboard({ 'GET projects/mine': { body: [] } });
    expect(await screen.findByText("Bienvenue ! Vous n'avez pas encore de dossier.")).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Nouveau dossier' })) expect(link).toHaveAttribute('href', '/project/new');
  });

  it('hides the status change from a client and renames through the card menu', async () => {
    let renamed = false;
    const { user, fetchMock } = renderDashboard({
      'POST project/rename': () => {
        renamed = true;
        return { body: [{ ...lyon, name: 'Vente T3 Lyon' }, succession, partial] };
      },
      'GET projects/mine': () => ({ body: [renamed ? { ...lyon, name: 'Vente T3 Lyon' } : lyon, succession, partial] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions du dossier Vente appartement Lyon' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Changer le statut' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Renommer' }));
    const name = await screen.findByLabelText('Nom du dossier');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Renommer' }));
    expect(await screen.findByText('Merci de spécifier un nom pour votre dossier.')).toBeInTheDocument();
    await user.type(name, 'Vente T3 Lyon');
    await user.click(screen.getByRole('button', { name: 'Renommer' }));
    expect(await screen.findByText(MESSAGES.operationSucceeded)).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Vente T3 Lyon' })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/project/rename');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ id: 1, name: 'Vente T3 Lyon' });
  });

  it('lets an office member change a status, and closes the dialog on failure too', async () => {
    const notary = createSession({ id: 7, isNotary: true, notary_office: { id: 2, city: 'Lyon' } });
    const { user, fetchMock } = renderDashboard({ 'POST project/status': { status: 500, body: { message: 'Panne' } } }, notary);
    await user.click(await screen.findByRole('button', { name: 'Actions du dossier Vente appartement Lyon' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Changer le statut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer le statut' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Statut du dossier' }));
    await user.click(await screen.findByRole('option', { name: 'Signé' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MESSAGES.operationFailed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/project/status');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ id: 1, status: 5 });
  });

  it('archives after confirmation and says so when it fails', async () => {
    const { user } = renderDashboard({ 'DELETE project/1': { status: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Actions du dossier Vente appartement Lyon' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archiver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archiver ce dossier' });
    await user.click(within(dialog).getByRole('button', { name: 'Archiver' }));
    expect(await screen.findByText(ARCHIVE_FAILED_MESSAGE)).toBeInTheDocument();
  });

  it('removes an archived project from the list', async () => {
    let archived = false;
    const { user } = renderDashboard({
      'DELETE project/1': () => {
        archived = true;
        return { body: [succession, partial] };
      },
      'GET projects/mine': () => ({ body: archived ? [succession, partial] : [lyon, succession, partial] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions du dossier Vente appartement Lyon' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archiver' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archiver' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Vente appartement Lyon' })).not.toBeInTheDocument());
  });

  it('lists the archived files under "Archivés", and lets the office restore one after a confirmation naming it', async () => {
    const archivedFile = {
      ...succession,
      id: 4,
      name: 'Succession Martin',
      is_archived: true,
      status: 4 as const,
      notary_office: createOffice({ id: 2, city: 'Lyon' }),
    };
    let restored = false;
    const server = dashboardAnswering((query) =>
      query.get('archived') === 'true' ? (restored ? [] : [archivedFile]) : restored ? [lyon, archivedFile] : [lyon],
    );
    const notary = createSession({ id: 7, isNotary: true, notary_office: { id: 2, city: 'Lyon' } });
    const { user, fetchMock } = renderDashboard(
      {
        'GET projects/mine': server.route,
        'POST project/4/restore': () => {
          restored = true;
          return { body: { ...archivedFile, is_archived: false, documents: [] } };
        },
      },
      notary,
    );
    await screen.findByRole('article', { name: 'Vente appartement Lyon' });
    await user.click(screen.getByRole('switch', { name: 'Archivés' }));
    const card = await screen.findByRole('article', { name: 'Succession Martin' });
    expect(cardNames()).toEqual(['Succession Martin']);
    expect(within(card).getByText('Archivé')).toBeInTheDocument();
    expect(server.queries.at(-1)).toBe('archived=true');

    await user.click(within(card).getByRole('button', { name: 'Actions du dossier Succession Martin' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Archiver' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Restaurer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restaurer ce dossier' });
    expect(dialog).toHaveTextContent('Le dossier « Succession Martin » sera de nouveau affiché');
    await user.click(within(dialog).getByRole('button', { name: 'Restaurer' }));
    expect(await screen.findByText(MESSAGES.operationSucceeded)).toBeInTheDocument();
    expect(await screen.findByText('Aucun dossier archivé à afficher.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/project/4/restore' && init?.method === 'POST')).toBe(true);
  });

  it('offers a client no archiving once the file is sent to the office', async () => {
    const sent = { ...lyon, status: 3 as const };
    const { user } = renderDashboard({ 'GET projects/mine': { body: [sent] } });
    await user.click(await screen.findByRole('button', { name: 'Actions du dossier Vente appartement Lyon' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Renommer' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Archiver' })).not.toBeInTheDocument();
  });

  it('shows the unread messages of each card, and puts the files with unread messages first when asked', async () => {
    const { user } = renderDashboard({
      'GET messages/unread': { body: { files: [{ projectId: 2, unread: 3 }] } },
      'GET messages/unread-files': { body: { files: [{ project: succession, unread: 3 }], next: null } },
    });
    await screen.findByRole('article', { name: 'Succession Élise Durand' });
    expect(await screen.findByRole('link', { name: '3 messages non lus' })).toHaveAttribute('href', '/project/2/dashboard?tab=messages');
    expect(cardNames()).toEqual(['Vente appartement Lyon', 'Succession Élise Durand', 'Vente maison Nantes']);
    await user.click(screen.getByRole('switch', { name: "Messages non lus d'abord" }));
    const first = await screen.findByRole('region', { name: 'Dossiers avec des messages non lus' });
    await within(first).findByRole('article', { name: 'Succession Élise Durand' });
    // Once first, the file leaves the usual list.
    expect(cardNames()).toEqual(['Succession Élise Durand', 'Vente appartement Lyon', 'Vente maison Nantes']);
  });

  it('still counts the unread messages once more than 100 files are shown (the server takes 100 ids at most)', async () => {
    const many = Array.from({ length: 120 }, (_v, i) => createSummary({ id: 1000 + i, name: `Dossier ${i + 1}` }));
    const asked: number[][] = [];
    renderDashboard({
      'GET projects/mine': { body: many },
      'GET messages/unread': (_body, query) => {
        const ids = (query.get('ids') ?? '').split(',').map(Number);
        asked.push(ids);
        if (ids.length > 100) return { status: 400, body: { message: 'Pas plus de 100 dossiers à la fois.' } };
        return { body: { files: ids.includes(1119) ? [{ projectId: 1119, unread: 2 }] : [] } };
      },
    });
    const last = await screen.findByRole('article', { name: 'Dossier 120' });
    expect(await within(last).findByRole('link', { name: '2 messages non lus' })).toHaveAttribute(
      'href',
      '/project/1119/dashboard?tab=messages',
    );
    expect(asked.every((ids) => ids.length <= 100)).toBe(true);
    expect(new Set(asked.flat())).toEqual(new Set(many.map((p) => p.id)));
  });
});
