import { notifications } from '@mantine/notifications';
import { questionnairePath, type Project, type QuestionnaireDocType, type QuestionnaireItem } from '@notadoo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type FetchRoutes } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';
import { draftKey } from '../lib/draft-storage';
import { createDocument, createItem, createParticipant, createProject, navigationStateFor } from '../testing/questionnaire-fixtures';
import { HELP_TOUR_COOKIE } from './help-tour';

const CIVIL_STATUS: QuestionnaireDocType = 'document_civil_statuses';

interface PatchBody {
  docType: string;
  document: QuestionnaireItem;
}

/**
 * A fake server holding one project: PATCH /document stores the answers and
 * increments the version, as the real one does; `extra` overrides any call.
 */
function serve(project: Project, extra: FetchRoutes = {}) {
  let current = project;
  const storeItem = (item: QuestionnaireItem) => {
    current = {
      ...current,
      documents: current.documents.map((d) => (d.id === item.id ? { ...d, [CIVIL_STATUS]: [item] } : d)),
    };
  };
  const fetchMock = mockFetch({
    'GET users/me': { body: createSession() },
    'GET project/12': () => ({ body: current }),
    'PATCH document': (body) => {
      const { document } = body as PatchBody;
      const saved = { ...document, version: document.version + 1, progress: 10 };
      storeItem(saved);
      return { body: saved };
    },
    ...extra,
  });
  const patches = () =>
    fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)) as PatchBody);
  return { fetchMock, patches, storeItem };
}

function openQuestionnaire(project: Project, docType: QuestionnaireDocType = CIVIL_STATUS) {
  return renderApp(questionnairePath(project.id, docType), { token: 'jeton', state: navigationStateFor(project, docType) });
}

async function goToStep(user: ReturnType<typeof userEvent.setup>, title: string) {
  const steps = await screen.findByRole('navigation', { name: 'Étapes du questionnaire' });
  await user.click(within(steps).getByRole('button', { name: title }));
  await screen.findByRole('heading', { level: 2, name: title });
}

function statusText() {
  return document.querySelector('[data-save-status]')?.textContent ?? '';
}

describe('questionnaire screen', () => {
  beforeEach(() => {
    // The one-time tour has its own test.
    Cookies.set(HELP_TOUR_COOKIE, '1');
    window.sessionStorage.clear();
  });
  afterEach(() => {
    Cookies.remove(HELP_TOUR_COOKIE);
    // Toasts live in a module-wide store: one test's must not show in the next.
    notifications.clean();
  });

  it('shows the steps, the current one marked, and the three help panels', async () => {
    serve(createProject());
    openQuestionnaire(createProject());
    expect(await screen.findByRole('heading', { level: 1, name: "Questionnaire d'état civil" })).toBeInTheDocument();
    const steps = await screen.findByRole('navigation', { name: 'Étapes du questionnaire' });
    const buttons = within(steps).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      '1Identité',
      '2Coordonnées',
      '3Situation familiale',
      '4Situation professionnelle et financière',
    ]);
    expect(within(steps).getByRole('button', { name: 'Identité' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('region', { name: 'Pourquoi ce questionnaire ?' })).toHaveTextContent(/identifier avec certitude/);
    const help = screen.getByRole('region', { name: "Vous avez besoin d'aide ?" });
    expect(within(help).getByRole('link', { name: '04 78 00 00 00' })).toHaveAttribute('href', 'tel:0478000000');
    expect(within(help).getByRole('link', { name: 'etude.lyon@notadoo.fr' })).toHaveAttribute('href', 'mailto:etude.lyon@notadoo.fr');
    expect(screen.getByRole('region', { name: 'Protection de vos données' })).toHaveTextContent(/seule responsable de leur traitement/);
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer et revenir au projet' })).toBeInTheDocument(); // header back, first step
  });

  it('hides the help panel when the office has neither phone nor e-mail', async () => {
    const project = createProject({ notary_office: null });
    serve(project);
    openQuestionnaire(project);
    await screen.findByRole('region', { name: 'Pourquoi ce questionnaire ?' });
    expect(screen.queryByRole('region', { name: "Vous avez besoin d'aide ?" })).not.toBeInTheDocument();
  });

  it('shows the spouse questions for a married person only, and clears them when that changes', async () => {
    const { patches } = serve(createProject());
    const user = userEvent.setup();
    openQuestionnaire(createProject());
    await goToStep(user, 'Situation familiale');
    expect(screen.queryByRole('group', { name: 'Qui est votre conjoint ?' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Marié(e)' }));
    const spouse = await screen.findByRole('group', { name: 'Qui est votre conjoint ?' });
    expect(screen.getByRole('group', { name: 'Quand et où vous êtes-vous marié(e) ?' })).toBeInTheDocument();
    // A choice is saved at once.
    await waitFor(() => expect(patches().at(-1)?.document).toMatchObject({ id: 40, version: 1, marital_status: 'married' }));
    expect(patches().at(-1)?.docType).toBe('document_civil_status');
    expect(screen.getByText('Copie de votre contrat de mariage, si vous en avez signé un')).toBeInTheDocument();

    await user.type(within(spouse).getByLabelText('Nom de naissance'), 'Durand');
    await waitFor(() => expect(patches().at(-1)?.document).toMatchObject({ spouse_last_name: 'Durand' }), { timeout: 3000 });

    await user.click(screen.getByRole('radio', { name: 'Célibataire' }));
    expect(screen.queryByRole('group', { name: 'Qui est votre conjoint ?' })).not.toBeInTheDocument();
    await waitFor(() => expect(patches().at(-1)?.document).toMatchObject({ marital_status: 'single' }));
    expect(patches().at(-1)?.document).not.toHaveProperty('spouse_last_name');
    // Each save carries the version the previous one returned.
    expect(patches().map((p) => p.document.version)).toEqual([1, 2, 3]);
    await waitFor(() => expect(statusText()).toBe('Enregistré'));
  });

  it('clears a question and its follow-ups with its reset icon', async () => {
    const { patches } = serve(createProject());
    const user = userEvent.setup();
    openQuestionnaire(createProject());
    await goToStep(user, 'Situation familiale');
    const pacs = screen.getByRole('group', { name: 'Avez-vous conclu un pacte civil de solidarité (PACS) ?' });
    await user.click(within(pacs).getByRole('radio', { name: 'Oui' }));
    await user.click(await within(pacs).findByRole('radio', { name: 'En vigueur' }));
    await waitFor(() => expect(patches().at(-1)?.document).toMatchObject({ pacs_exists: 1, pacs_status: 1 }));

    await user.click(within(pacs).getByRole('button', { name: 'Réinitialiser cette question' }));
    expect(within(pacs).getByRole('radio', { name: 'Oui' })).not.toBeChecked();
    expect(within(pacs).queryByRole('radio', { name: 'En vigueur' })).not.toBeInTheDocument();
    await waitFor(() => expect(patches().at(-1)?.document).not.toHaveProperty('pacs_exists'));
    expect(patches().at(-1)?.document).not.toHaveProperty('pacs_status');
  });

  it('moves with Suivant and Enter, saves on the last step and returns to the project', async () => {
    const { patches } = serve(createProject());
    const user = userEvent.setup();
    const { router } = openQuestionnaire(createProject());
    await user.click(await screen.findByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Coordonnées' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Coordonnées' })).toHaveAttribute('aria-current', 'step');

    // Enter in a field submits the step.
    await user.type(screen.getByLabelText('Ville'), 'Lyon{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Situation familiale' })).toBeInTheDocument();
    // The step change saved the typed answer without waiting for the pause.
    await waitFor(() => expect(patches().at(-1)?.document).toMatchObject({ city: 'Lyon' }));

    await goToStep(user, 'Situation professionnelle et financière');
    expect(screen.queryByRole('button', { name: 'Suivant' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Quelle est votre profession ?' }), 'Architecte');
    await user.click(screen.getByRole('button', { name: 'Enregistrer et revenir au projet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/12/dashboard'));
    expect(patches().at(-1)?.document).toMatchObject({ city: 'Lyon', profession: 'Architecte' });
  });

  it('saves and returns to the project from the header (back on the first step, close)', async () => {
    const { patches } = serve(createProject());
    const user = userEvent.setup();
    const { router } = openQuestionnaire(createProject());
    await user.type(await screen.findByLabelText('Lieu de naissance'), 'Lyon');
    await user.click(screen.getByRole('button', { name: 'Enregistrer et fermer le questionnaire' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/12/dashboard'));
    expect(patches().at(-1)?.document).toMatchObject({ birth_place: 'Lyon' });
  });

  it('only shows the answers, disabled, to someone who may not edit them', async () => {
    const item = createItem({ marital_status: 'married', spouse_last_name: 'Durand' });
    // Signed: the seller still reads their own documents but may no longer change them.
    const project = createProject({ status: 5, documents: [createDocument(CIVIL_STATUS, item)] });
    const { patches } = serve(project);
    const user = userEvent.setup();
    openQuestionnaire(project);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Questionnaire en lecture seule');
    expect(note).toHaveTextContent('Ce dossier est signé : ses questionnaires ne peuvent plus être modifiés.');
    // The data-protection panel says why too, instead of promising changes at any time.
    const protection = screen.getByRole('region', { name: 'Protection de vos données' });
    expect(protection).toHaveTextContent('Ce dossier est signé');
    expect(protection).not.toHaveTextContent('à tout moment');
    expect(screen.getByLabelText('Nom de naissance')).toBeDisabled();
    await goToStep(user, 'Situation familiale');
    expect(screen.getByRole('radio', { name: 'Marié(e)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Célibataire' })).toBeDisabled();
    expect(screen.getByLabelText('Nom de naissance')).toHaveValue('Durand');
    expect(screen.queryByRole('button', { name: 'Réinitialiser cette question' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /Enregistr/ })).not.toBeInTheDocument();
    await goToStep(user, 'Situation professionnelle et financière');
    expect(screen.getByRole('button', { name: 'Revenir au projet' })).toHaveAttribute('type', 'submit');
    expect(patches()).toHaveLength(0);
  });

  it('says a questionnaire of another person is theirs, and promises changes only to whoever can make them', async () => {
    // An estate agent reads the seller's answers (spec section 6) but changes only their own.
    const agent = createParticipant({ role: 'intermediary' });
    const seller = createParticipant({ id: 8, role: 'seller', user: null, first_name: 'Paul', last_name: 'Durand' });
    const project = createProject({ participants: [agent, seller], documents: [createDocument(CIVIL_STATUS, createItem(), 8)] });
    serve(project, { 'GET users/me': { body: createSession({ isPro: true }) } });
    openQuestionnaire(project);
    expect(await screen.findByRole('note')).toHaveTextContent('Ce questionnaire appartient à une autre personne du dossier');
    expect(screen.getByRole('region', { name: 'Protection de vos données' })).not.toHaveTextContent('à tout moment');
  });

  it('on 401 shows the message, takes the server document and stops saving', async () => {
    const message = "Erreur : Impossible d'enregistrer ce document. En êtes-vous le propriétaire ?";
    const serverItem = createItem({ version: 4, birth_place: 'Dijon' });
    const { patches, storeItem } = serve(createProject(), {
      'PATCH document': () => {
        storeItem(serverItem);
        return { status: 401, body: { message, document: serverItem } };
      },
    });
    const user = userEvent.setup();
    openQuestionnaire(createProject());
    await user.click(await screen.findByRole('radio', { name: 'Madame' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Lieu de naissance')).toHaveValue('Dijon'));
    expect(screen.getByRole('radio', { name: 'Madame' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Madame' })).toBeDisabled();
    expect(statusText()).toBe('Enregistrement impossible');
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.startsWith('Enregistrement impossible'))).toBe(true);

    // Leaving needs no further save.
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { level: 2, name: 'Coordonnées' });
    expect(patches()).toHaveLength(1);
  });

  it('on 409 shows both versions and re-applies the typed answers on top of the server one', async () => {
    const serverItem = createItem({ version: 3, birth_place: 'Dijon', civility: 'M' });
    let refuse = true;
    const { patches, storeItem } = serve(createProject(), {
      'PATCH document': (body) => {
        const { document } = body as PatchBody;
        if (refuse) {
          refuse = false;
          storeItem(serverItem);
          return { status: 409, body: { message: 'Ce document a été modifié par une autre personne.', document: serverItem } };
        }
        const saved = { ...document, version: document.version + 1, progress: 10 };
        storeItem(saved);
        return { body: saved };
      },
    });
    const user = userEvent.setup();
    openQuestionnaire(createProject());
    await user.click(await screen.findByRole('radio', { name: 'Madame' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ce document a été modifié par une autre personne.');
    expect(alert).toHaveTextContent('La version enregistrée est la version n° 3.');
    const rows = within(alert)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toContain('Quelle est votre civilité ?MadameMonsieur');
    expect(screen.getByRole('radio', { name: 'Madame' })).toBeChecked();
    expect(statusText()).toMatch(/^Non enregistré/);

    await user.click(within(alert).getByRole('button', { name: 'Appliquer mes modifications et enregistrer' }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]!.document).toMatchObject({ version: 3, civility: 'MME', birth_place: 'Dijon' });
    await waitFor(() => expect(statusText()).toBe('Enregistré'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('can take the server version after a 409', async () => {
    const serverItem = createItem({ version: 3, civility: 'M' });
    const { patches, storeItem } = serve(createProject(), {
      'PATCH document': () => {
        storeItem(serverItem);
        return { status: 409, body: { message: 'Ce document a été modifié par une autre personne.', document: serverItem } };
      },
    });
    const user = userEvent.setup();
    openQuestionnaire(createProject());
    await user.click(await screen.findByRole('radio', { name: 'Madame' }));
    await user.click(await screen.findByRole('button', { name: 'Reprendre la version enregistrée' }));
    expect(screen.getByRole('radio', { name: 'Monsieur' })).toBeChecked();
    expect(statusText()).toBe('Enregistré');
    expect(patches()).toHaveLength(1);
  });

  it('keeps the answers while the network fails, and retries until they are saved', async () => {
    const { fetchMock, patches } = serve(createProject());
    const reachServer = fetchMock.getMockImplementation()!;
    let failures = 1;
    fetchMock.mockImplementation((input, init) => {
      if (init?.method === 'PATCH' && failures > 0) {
        failures -= 1;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return reachServer(input, init);
    });
    const user = userEvent.setup();
    openQuestionnaire(createProject());
    await user.click(await screen.findByRole('radio', { name: 'Madame' }));
    await waitFor(() => expect(statusText()).toBe('Non enregistré — nouvelle tentative…'));
    expect(screen.getByRole('radio', { name: 'Madame' })).toBeChecked();
    expect(JSON.parse(window.sessionStorage.getItem(draftKey(40))!)).toMatchObject({ version: 1, answers: { civility: 'MME' } });

    await waitFor(() => expect(statusText()).toBe('Enregistré'), { timeout: 3000 });
    // The failed attempt and its retry carry the same answers and version.
    expect(patches().map((p) => p.document)).toEqual([
      { id: 40, version: 1, civility: 'MME' },
      { id: 40, version: 1, civility: 'MME' },
    ]);
    expect(window.sessionStorage.getItem(draftKey(40))).toBeNull();
  });

  it('lets the user leave without saving when the server cannot be reached, keeping the answers for later', async () => {
    const { fetchMock } = serve(createProject());
    const reachServer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      init?.method === 'PATCH' ? Promise.reject(new TypeError('Failed to fetch')) : reachServer(input, init),
    );
    const user = userEvent.setup();
    const { router } = openQuestionnaire(createProject());
    await user.type(await screen.findByLabelText('Lieu de naissance'), 'Lyon');
    await user.click(screen.getByRole('button', { name: 'Enregistrer et fermer le questionnaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vos réponses ne sont pas encore enregistrées' });
    expect(router.state.location.pathname).toBe('/project/12/form/civilstatus');
    await user.click(within(dialog).getByRole('button', { name: 'Quitter sans enregistrer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/12/dashboard'));
    expect(JSON.parse(window.sessionStorage.getItem(draftKey(40))!)).toMatchObject({ answers: { birth_place: 'Lyon' } });
  });

  it('restores unsaved answers after a reload and sends them', async () => {
    window.sessionStorage.setItem(draftKey(40), JSON.stringify({ userId: 1, version: 1, base: {}, answers: { birth_place: 'Annecy' } }));
    const { patches } = serve(createProject());
    openQuestionnaire(createProject());
    expect(await screen.findByLabelText('Lieu de naissance')).toHaveValue('Annecy');
    await waitFor(() => expect(patches().at(-1)?.document).toMatchObject({ version: 1, birth_place: 'Annecy' }));
  });

  it("ignores another user's draft", async () => {
    window.sessionStorage.setItem(draftKey(40), JSON.stringify({ userId: 99, version: 1, base: {}, answers: { birth_place: 'Annecy' } }));
    serve(createProject());
    openQuestionnaire(createProject());
    expect(await screen.findByLabelText('Lieu de naissance')).toHaveValue('');
  });

  it('downloads the PDF in a tab opened at the click', async () => {
    const { fetchMock } = serve(createProject(), {
      'GET download_form/civil_status/40': { body: { filename: 'etat-civil.pdf' } },
      'POST generate_file_token': { body: { tokens: [{ docId: 40, value: 'jeton-pdf' }] } },
    });
    const tab = { opener: {}, location: { href: '' }, document: { title: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    const user = userEvent.setup();
    openQuestionnaire(createProject());
    await user.click(await screen.findByRole('button', { name: 'Télécharger le PDF' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('/api/get_pdf/40/jeton-pdf'));
    expect(tab.opener).toBeNull();
    const tokenCall = fetchMock.mock.calls.find(([url]) => url === '/api/generate_file_token');
    expect(JSON.parse(String(tokenCall?.[1]?.body))).toEqual([{ type: 'pdf', docId: 40 }]);
  });

  it('closes the blank tab and says so when the PDF cannot be generated', async () => {
    serve(createProject(), { 'GET download_form/civil_status/40': { status: 500, body: { message: 'Une erreur interne est survenue.' } } });
    const tab = { opener: {}, location: { href: '' }, document: { title: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    openQuestionnaire(createProject());
    await user.click(await screen.findByRole('button', { name: 'Télécharger le PDF' }));
    expect(await screen.findByText('Une erreur interne est survenue.')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });

  it('says when the questionnaire is no longer in the project', async () => {
    const project = createProject();
    serve({ ...project, documents: [] });
    openQuestionnaire(project);
    expect(await screen.findByText('Ce questionnaire ne fait plus partie de ce dossier.')).toBeInTheDocument();
  });

  it("refuses someone else's questionnaire to a participant of another role", async () => {
    const project = createProject({
      participants: [
        createParticipant(),
        createParticipant({ id: 6, role: 'buyer', roles_project: ['buyer'], user: { id: 2, lastConnectionDate: null, avatar: null } }),
      ],
      documents: [createDocument(CIVIL_STATUS, createItem(), 6)],
    });
    serve(project);
    openQuestionnaire(project);
    expect(await screen.findByText("Vous n'avez pas accès à ce questionnaire.")).toBeInTheDocument();
  });
});

describe('help tour', () => {
  beforeEach(() => {
    Cookies.remove(HELP_TOUR_COOKIE);
    window.sessionStorage.clear();
  });

  it("points at the office contact once, until 'J'ai compris'", async () => {
    serve(createProject());
    const user = userEvent.setup();
    openQuestionnaire(createProject());
    const dismiss = await screen.findByRole('button', { name: "J'ai compris" }, { timeout: 5000 });
    expect(screen.getByText("Besoin d'aide?")).toBeInTheDocument();
    await user.click(dismiss);
    await waitFor(() => expect(Cookies.get(HELP_TOUR_COOKIE)).toBe('1'));
    await waitFor(() => expect(screen.queryByText("Besoin d'aide?")).not.toBeInTheDocument());
  });
});
