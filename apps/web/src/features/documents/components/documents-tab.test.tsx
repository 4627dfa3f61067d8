import { notifications } from '@mantine/notifications';
import { MESSAGES, PROJECT_FILE_ACCEPT, PROJECT_FILE_MESSAGES, type PieceRequestView, type Project } from '@notadoo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FetchRoutes } from '../../../testing/mock-fetch';
import { createSession } from '../../../testing/session-factory';
import { LOCKED_LABEL } from './document-entries';
import { OTHER_PIECE_LABEL, PIECE_CHOICE_LABEL } from './upload-file-modal';
import { FakeXhr } from '../../../testing/fake-xhr';
import { NO_FILE_CHOSEN } from '../../../components/file-picker';
import { createPiece, createPieces } from '../../../testing/piece-factory';
import { DocumentsTab } from './documents-tab';
import {
  bodyOf,
  callsTo,
  createDrawerDocument,
  createParticipant,
  createProject,
  createQuestionnaireDocument,
  renderProjectTab,
} from '../../../testing/tab-fixtures';

const admin = createSession({ id: 99, roles: ['ROLE_USER', 'ROLE_ADMIN'] });
const sellerSession = createSession({ id: 1 });
const buyerSession = createSession({ id: 2, firstName: 'Paul', lastName: 'Durand' });

const seller = createParticipant({ id: 100, roles_project: ['seller', 'creator'] });
const buyer = createParticipant({
  id: 101,
  first_name: 'Paul',
  last_name: 'Durand',
  email: 'paul.durand@example.fr',
  user: { id: 2, lastConnectionDate: null, avatar: null },
  roles_project: ['buyer'],
  role: 'buyer',
});

const STORED = 'abcdefgh_carte-identite.pdf';

function QuestionnaireScreen() {
  const location = useLocation();
  return <pre data-testid="questionnaire">{JSON.stringify({ path: location.pathname, state: location.state as unknown })}</pre>;
}

function renderTab(project: Project, session = sellerSession, routes: FetchRoutes = {}) {
  return renderProjectTab(DocumentsTab, project, {
    session,
    routes,
    screens: [{ path: '/project/:id/form/*', element: <QuestionnaireScreen /> }],
  });
}

describe('documents tab', () => {
  afterEach(() => {
    notifications.clean();
    FakeXhr.last = null;
  });

  it('says under each person that they have no document yet, not "Aucun document à afficher." above their group', async () => {
    renderTab(createProject({ participants: [seller] }));
    const claire = await screen.findByRole('group', { name: 'Documents de Claire Martin' });
    expect(within(claire).getByText('Aucun document pour l’instant.')).toBeInTheDocument();
    expect(within(claire).getByRole('button', { name: 'Ajouter un document' })).toBeInTheDocument();
    expect(screen.queryByText('Aucun document à afficher.')).toBeNull();
  });

  it('says "Aucun document à afficher." only when nothing at all shows', async () => {
    renderTab(createProject({ participants: [] }), sellerSession);
    expect(await screen.findByText('Aucun document à afficher.')).toBeInTheDocument();
  });

  it('groups documents by role, each participant with theirs, and lists the unassigned ones', async () => {
    renderTab(
      createProject({
        participants: [seller, buyer],
        documents: [
          createQuestionnaireDocument(1, 100, 'document_civil_statuses', 40),
          createQuestionnaireDocument(2, 100, 'document_sale_appts', 80),
          createQuestionnaireDocument(3, 101, 'document_buyers', 10),
          createDrawerDocument(4, null, 'syndic_statement', ['zyxwvuts_etat-date.pdf']),
        ],
      }),
      admin,
    );
    const sellers = await screen.findByRole('region', { name: 'Vendeurs' });
    const claire = within(sellers).getByRole('group', { name: 'Documents de Claire Martin' });
    expect(
      within(claire)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['État civil', "Vente d'un appartement"]);
    expect(within(claire).getByText('40 %')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Acquéreurs' })).getByRole('article', { name: 'Acquisition' })).toBeInTheDocument();
    const unassigned = screen.getByRole('region', { name: 'Documents non attribués' });
    expect(within(unassigned).getByRole('article', { name: 'État daté du syndic' })).toBeInTheDocument();
    expect(screen.queryByText('Aucun document à afficher.')).toBeNull();
  });

  it('shows the sellers’ shared questionnaire once, under their group, open to each seller and locked to the buyer', async () => {
    const coSeller = createParticipant({ id: 102, first_name: 'Marc', user: null, joined: true, roles_project: ['seller'] });
    const sharedSale = { ...createQuestionnaireDocument(5, null, 'document_sale_houses', 30), shared_role: 'seller' as const };
    const copy = { ...createQuestionnaireDocument(6, 100, 'document_sale_houses', 50), superseded: true };
    const project = createProject({ subtype: 'house', participants: [seller, coSeller, buyer], documents: [sharedSale, copy] });
    const { user } = renderTab(project, sellerSession);
    const sellers = await screen.findByRole('region', { name: 'Vendeurs' });
    const shared = within(sellers).getByRole('article', { name: "Vente d'une maison (Questionnaire commun aux vendeurs)" });
    expect(within(sellers).getAllByRole('article', { name: /Questionnaire commun/ })).toHaveLength(1);
    expect(
      within(within(sellers).getByRole('group', { name: 'Documents de Claire Martin' })).getByRole('article', {
        name: "Vente d'une maison (remplacé)",
      }),
    ).toHaveTextContent('Remplacé par le questionnaire commun');
    await user.click(within(shared).getByRole('button', { name: /Ouvrir le questionnaire/ }));
    expect(JSON.parse((await screen.findByTestId('questionnaire')).textContent)).toMatchObject({
      path: '/project/10/form/sale/house',
      state: { owner: null },
    });
  });

  it('locks the sellers’ shared questionnaire to a buyer', async () => {
    const sharedSale = { ...createQuestionnaireDocument(5, null, 'document_sale_houses', 30), shared_role: 'seller' as const };
    renderTab(createProject({ subtype: 'house', participants: [seller, buyer], documents: [sharedSale] }), buyerSession);
    const shared = within(await screen.findByRole('region', { name: 'Vendeurs' })).getByRole('article', {
      name: /Questionnaire commun aux vendeurs/,
    });
    expect(within(shared).getByRole('img', { name: LOCKED_LABEL })).toBeInTheDocument();
  });

  it('tells the one who added a person without account that they fill in her documents for her', async () => {
    const lea = createParticipant({
      id: 103,
      first_name: 'Léa',
      last_name: 'Sansmail',
      email: null,
      user: null,
      joined: false,
      added_by: 2,
      roles_project: ['seller'],
    });
    renderTab(createProject({ participants: [seller, buyer, lea], documents: [createQuestionnaireDocument(7, 103)] }), buyerSession);
    const group = await screen.findByRole('group', { name: 'Documents de Léa Sansmail' });
    expect(group).toHaveTextContent("Léa Sansmail n'a pas encore de compte : vous remplissez ses documents pour son compte.");
    expect(within(group).getByRole('button', { name: 'Ouvrir le questionnaire État civil' })).toBeInTheDocument();
    // Another person of the file sees no such thing, and a lock.
    expect(within(screen.getByRole('group', { name: 'Documents de Claire Martin' })).queryByText(/pour son compte/)).toBeNull();
  });

  it('locks the documents the user may not open and lets them open their own', async () => {
    const { user } = renderTab(
      createProject({
        participants: [seller, buyer],
        documents: [
          createQuestionnaireDocument(1, 100, 'document_civil_statuses'),
          createDrawerDocument(2, 100, 'property_title', []),
          createQuestionnaireDocument(3, 101, 'document_buyers', 10),
        ],
      }),
      buyerSession,
    );
    const sellers = await screen.findByRole('region', { name: 'Vendeurs' });
    const civilStatus = within(sellers).getByRole('article', { name: 'État civil' });
    expect(within(civilStatus).getByRole('img', { name: LOCKED_LABEL })).toBeInTheDocument();
    expect(within(civilStatus).queryByRole('button', { name: /Ouvrir/ })).toBeNull();
    const title = within(sellers).getByRole('article', { name: 'Titre de propriété' });
    expect(within(title).getByRole('img', { name: LOCKED_LABEL })).toBeInTheDocument();
    expect(within(title).queryByRole('button', { name: 'Ajouter un fichier' })).toBeNull();

    const own = within(screen.getByRole('region', { name: 'Acquéreurs' })).getByRole('article', { name: 'Acquisition' });
    expect(within(own).queryByRole('img', { name: LOCKED_LABEL })).toBeNull();
    await user.click(within(own).getByRole('button', { name: 'Ouvrir le questionnaire Acquisition' }));
    const opened = JSON.parse((await screen.findByTestId('questionnaire')).textContent ?? '{}') as { path: string; state: unknown };
    expect(opened).toEqual({
      path: '/project/10/form/buyer',
      state: { document: { id: 3, version: 1, progress: 10 }, docType: 'document_buyers', owner: 101, office: null },
    });
  });

  it('hides the stored prefix of file names and names unknown file types', async () => {
    renderTab(createProject({ participants: [seller], documents: [createDrawerDocument(5, 100, 'mystery_type', [STORED])] }));
    const drawer = await screen.findByRole('article', { name: 'Type de fichier non défini' });
    expect(within(drawer).getByText('carte-identite.pdf')).toBeInTheDocument();
    expect(screen.queryByText(STORED)).toBeNull();
  });

  it('opens a blank tab at the click, then points it at the file once the token is there', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    const { fetchMock, user } = renderTab(
      createProject({ participants: [seller], documents: [createDrawerDocument(5, 100, 'identity_card', ['x', STORED])] }),
      sellerSession,
      {
        'POST generate_file_token': { body: { tokens: [{ docId: 5, value: 'jeton-fichier' }] } },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Télécharger carte-identite.pdf' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await vi.waitFor(() => expect(tab.location.href).toBe('/api/get_file/5/1/jeton-fichier'));
    expect(tab.opener).toBeNull();
    expect(bodyOf(callsTo(fetchMock, 'POST', 'generate_file_token')[0])).toEqual([{ type: 'file', docId: 5 }]);
  });

  it('only logs a failed download and closes the blank tab', async () => {
    const tab = { opener: null, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderTab(
      createProject({ participants: [seller], documents: [createDrawerDocument(5, 100, 'identity_card', [STORED])] }),
      sellerSession,
      {
        'POST generate_file_token': { status: 500 },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Télécharger carte-identite.pdf' }));
    await vi.waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(error).toHaveBeenCalled();
    expect(screen.queryByText(MESSAGES.operationFailed)).toBeNull();
    error.mockRestore();
  });

  it('uploads with a progress bar, and cannot be closed while sending', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const project = createProject({ participants: [seller], documents: [createDrawerDocument(5, 100, 'identity_card', [])] });
    const { user } = renderTab(project);
    await user.click(await screen.findByRole('button', { name: 'Ajouter un fichier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un fichier' });
    const input = within(dialog).getByLabelText(/^Fichier/);
    expect(input).toHaveAttribute('accept', PROJECT_FILE_ACCEPT);
    await user.upload(input, new File(['%PDF-1.4'], 'carte.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    const xhr = await FakeXhr.next(null);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/project/10/addfile');
    expect(xhr.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', Authorization: 'Bearer jeton' });
    expect([...xhr.body!.keys()]).toEqual(['id', 'file']);
    expect(xhr.body!.get('id')).toBe('5');

    xhr.progress(40, 100);
    const bar = within(dialog).getByRole('progressbar', { name: 'Envoi du fichier' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    // No way out while sending: no close button, Escape ignored, Annuler disabled.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Annuler', 'Envoyer']);
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Ajouter un fichier' })).toBeInTheDocument();

    xhr.respond(200, { ...project, documents: [createDrawerDocument(5, 100, 'identity_card', ['qwertyui_carte.pdf'])] });
    expect(await screen.findByText(MESSAGES.operationSucceeded)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ajouter un fichier' })).toBeNull());
    expect(screen.getByText('carte.pdf')).toBeInTheDocument();
  });

  it('says in the dialog why the server refused the file, takes it back, and lets another be sent', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { user } = renderTab(createProject({ participants: [seller], documents: [createDrawerDocument(5, 100, 'identity_card', [])] }));
    await user.click(await screen.findByRole('button', { name: 'Ajouter un fichier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un fichier' });
    const input = within(dialog).getByLabelText(/^Fichier/);
    await user.upload(input, new File(['x'], 'photo.png', { type: 'image/png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    // A failure the server does not explain: the spec's toast, and the same words in the dialog; the file stays to try again.
    const failed = await FakeXhr.next(null);
    failed.respond(500, { message: 'Une erreur interne est survenue. Merci de réessayer plus tard.' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.operationFailed);
    await waitFor(() => expect(screen.getAllByText(MESSAGES.operationFailed)).toHaveLength(2));
    expect(within(dialog).getByText('photo.png')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    (await FakeXhr.next(failed)).respond(400, { message: PROJECT_FILE_MESSAGES.damagedPdf });
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(PROJECT_FILE_MESSAGES.damagedPdf));
    expect(input).toHaveAccessibleDescription(`${NO_FILE_CHOSEN} ${PROJECT_FILE_MESSAGES.damagedPdf}`);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Envoyer' })).toBeDisabled();

    await user.upload(input, new File(['%PDF-1.4'], 'carte.pdf', { type: 'application/pdf' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const refused = FakeXhr.last;
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(((await FakeXhr.next(refused)).body!.get('file') as File).name).toBe('carte.pdf');
  });

  it('refuses a file over 20 Mo or of another type in the dialog, before a byte is sent', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = null;
    const { user } = renderTab(createProject({ participants: [seller], documents: [createDrawerDocument(5, 100, 'identity_card', [])] }));
    await user.click(await screen.findByRole('button', { name: 'Ajouter un fichier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un fichier' });
    const input = within(dialog).getByLabelText(/^Fichier/);
    const big = new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await user.upload(input, big);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Le fichier dépasse la taille maximale autorisée (20 Mo).');
    expect(within(dialog).getByText(NO_FILE_CHOSEN)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'contrat.docx', { type: 'application/msword' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(PROJECT_FILE_MESSAGES.wrongType);
    expect(FakeXhr.last).toBeNull();
  });

  it('asks for confirmation before deleting a file', async () => {
    const project = createProject({ participants: [seller], documents: [createDrawerDocument(5, 100, 'identity_card', [STORED])] });
    const { fetchMock, user } = renderTab(project, sellerSession, {
      'DELETE project/10/removeFile': { body: { ...project, documents: [createDrawerDocument(5, 100, 'identity_card', [])] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Supprimer carte-identite.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer carte-identite.pdf' });
    expect(within(dialog).getByText('Cette opération est irréversible.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(MESSAGES.operationSucceeded)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'DELETE', 'project/10/removeFile')[0])).toEqual({ id: 5, file: STORED });
    expect(screen.queryByText('carte-identite.pdf')).toBeNull();
  });

  it('offers document deletion and owner change to admins only', async () => {
    const documents = [createDrawerDocument(5, 100, 'identity_card', [])];
    renderTab(createProject({ participants: [seller], documents }));
    await screen.findByRole('article', { name: "Carte nationale d'identité" });
    expect(screen.queryByRole('button', { name: /^Actions du document/ })).toBeNull();
  });

  it('changes the owner only when it differs', async () => {
    const project = createProject({ participants: [seller, buyer], documents: [createDrawerDocument(5, 100, 'identity_card', [])] });
    const { fetchMock, user } = renderTab(project, admin, {
      'PATCH document/owner': { body: { ...project, documents: [createDrawerDocument(5, null, 'identity_card', [])] } },
    });
    const openOwnerModal = async () => {
      await user.click(await screen.findByRole('button', { name: "Actions du document Carte nationale d'identité" }));
      await user.click(screen.getByRole('menuitem', { name: 'Changer le propriétaire' }));
      return screen.findByRole('dialog', { name: 'Changer le propriétaire' });
    };
    let dialog = await openOwnerModal();
    expect(within(dialog).getByLabelText('Propriétaire du document')).toHaveValue('100');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Changer le propriétaire' })).toBeNull());
    expect(callsTo(fetchMock, 'PATCH', 'document/owner')).toHaveLength(0);

    dialog = await openOwnerModal();
    await user.selectOptions(within(dialog).getByLabelText('Propriétaire du document'), 'Non attribué');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MESSAGES.operationSucceeded)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'PATCH', 'document/owner')[0])).toEqual({ documentId: 5, participantId: null });
    expect(
      within(screen.getByRole('region', { name: 'Documents non attribués' })).getByRole('article', { name: "Carte nationale d'identité" }),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal of an owner change as written", async () => {
    const refusal = 'Erreur : Cette action est réservée aux administrateurs.';
    const { user } = renderTab(
      createProject({ participants: [seller, buyer], documents: [createDrawerDocument(5, 100, 'identity_card', [])] }),
      admin,
      {
        'PATCH document/owner': { status: 401, body: { message: refusal } },
      },
    );
    await user.click(await screen.findByRole('button', { name: "Actions du document Carte nationale d'identité" }));
    await user.click(screen.getByRole('menuitem', { name: 'Changer le propriétaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer le propriétaire' });
    await user.selectOptions(within(dialog).getByLabelText('Propriétaire du document'), 'Paul Durand');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('adds a drawer of a file type searched in the catalogue', async () => {
    const project = createProject({ participants: [seller], documents: [createQuestionnaireDocument(1, 100)] });
    const { fetchMock, user } = renderTab(project, sellerSession, {
      'POST participant/adddocument': {
        body: { ...project, documents: [...project.documents, createDrawerDocument(6, 100, 'passport', [])] },
      },
    });
    const claire = await screen.findByRole('group', { name: 'Documents de Claire Martin' });
    await user.click(within(claire).getByRole('button', { name: 'Ajouter un document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un document' });
    await user.type(within(dialog).getByPlaceholderText('Rechercher un type de fichier'), 'Passep');
    await user.click(await within(dialog).findByRole('option', { name: 'Passeport' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByRole('article', { name: 'Passeport' })).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', 'participant/adddocument')[0])).toEqual({
      projectId: 10,
      docType: 'document_files',
      docFileType: 'passport',
      participantId: 100,
    });
  });
});

describe('documents tab: the piece a file answers (issue 22)', () => {
  const office = { id: 1, city: 'Paris' } as Project['notary_office'];

  const piece = createPiece;
  const piecesOf = (requests: PieceRequestView[]) => ({ 'GET project/10/pieces': { body: createPieces(requests) } });
  // Not offered for an identity card drawer: another type, already received, no longer required, someone else's.
  const notOffered = [
    piece({ id: 2, pieceId: 'property_title', label: 'Titre de propriété', fileTypes: ['property_title'] }),
    piece({ id: 3, label: 'Pièce reçue', state: 'received', stateLabel: 'Reçue' }),
    piece({ id: 4, label: 'Pièce plus requise', state: 'to_correct', stateLabel: 'À corriger', noLongerRequired: true }),
    piece({ id: 5, label: 'Pièce de Paul', participantId: 101, participantName: 'Paul Durand' }),
  ];

  afterEach(() => {
    notifications.clean();
    FakeXhr.last = null;
  });

  async function openUpload(user: ReturnType<typeof userEvent.setup>, drawerName = "Carte nationale d'identité") {
    await user.click(within(await screen.findByRole('article', { name: drawerName })).getByRole('button', { name: 'Ajouter un fichier' }));
    return screen.findByRole('dialog', { name: 'Ajouter un fichier' });
  }

  async function send(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    await user.upload(within(dialog).getByLabelText(/^Fichier/), new File(['%PDF-1.4'], 'carte.pdf', { type: 'application/pdf' }));
    const previous = FakeXhr.last;
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    return FakeXhr.next(previous);
  }

  it('preselects the only open request of the owner taking this file type, sends its id, then reads the pieces again', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const project = createProject({
      notary_office: office,
      participants: [seller, buyer],
      documents: [createDrawerDocument(5, 100, 'identity_card', [])],
    });
    const { fetchMock, user } = renderTab(project, sellerSession, piecesOf([piece({ id: 1 }), ...notOffered]));
    const dialog = await openUpload(user);
    const choice = await within(dialog).findByRole('radiogroup', { name: PIECE_CHOICE_LABEL });
    expect(within(choice).getAllByRole('radio')).toHaveLength(2);
    expect(within(choice).getByRole('radio', { name: "Copie d'une pièce d'identité" })).toBeChecked();
    expect(within(choice).getByRole('radio', { name: OTHER_PIECE_LABEL })).not.toBeChecked();
    for (const absent of ['Titre de propriété', 'Pièce reçue', 'Pièce plus requise', 'Pièce de Paul'])
      expect(within(choice).queryByRole('radio', { name: absent })).toBeNull();

    const xhr = await send(user, dialog);
    expect([...xhr.body!.keys()]).toEqual(['id', 'pieceRequestId', 'file']);
    expect(xhr.body!.get('pieceRequestId')).toBe('1');
    expect(callsTo(fetchMock, 'GET', 'project/10/pieces')).toHaveLength(1);
    xhr.respond(200, { ...project, documents: [createDrawerDocument(5, 100, 'identity_card', ['qwertyui_carte.pdf'])] });
    expect(await screen.findByText(MESSAGES.operationSucceeded)).toBeInTheDocument();
    expect(screen.getByText('carte.pdf')).toBeInTheDocument();
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET', 'project/10/pieces')).toHaveLength(2));
  });

  it('preselects "Autre document" when several requests could take the file, and sends the one picked', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const project = createProject({
      notary_office: office,
      participants: [seller],
      documents: [createDrawerDocument(5, 100, 'identity_card', [])],
    });
    const corrected = piece({
      id: 6,
      label: 'Justificatif de domicile',
      state: 'to_correct',
      stateLabel: 'À corriger',
      fileTypes: ['identity_card'],
    });
    const { user } = renderTab(project, sellerSession, piecesOf([piece({ id: 1 }), corrected]));
    const dialog = await openUpload(user);
    const choice = await within(dialog).findByRole('radiogroup', { name: PIECE_CHOICE_LABEL });
    expect(within(choice).getByRole('radio', { name: OTHER_PIECE_LABEL })).toBeChecked();
    await user.click(within(choice).getByRole('radio', { name: /Justificatif de domicile/ }));
    expect((await send(user, dialog)).body!.get('pieceRequestId')).toBe('6');
  });

  it('files the upload as "Autre document" when no open request takes this file type', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const project = createProject({
      notary_office: office,
      participants: [seller, buyer],
      documents: [createDrawerDocument(5, 100, 'identity_card', [])],
    });
    const { user } = renderTab(project, sellerSession, piecesOf(notOffered));
    const dialog = await openUpload(user);
    const choice = await within(dialog).findByRole('radiogroup', { name: PIECE_CHOICE_LABEL });
    expect(within(choice).getAllByRole('radio')).toHaveLength(1);
    expect(within(choice).getByRole('radio', { name: OTHER_PIECE_LABEL })).toBeChecked();
    const xhr = await send(user, dialog);
    expect([...xhr.body!.keys()]).toEqual(['id', 'pieceRequestId', 'file']);
    expect(xhr.body!.get('pieceRequestId')).toBe('other');
  });

  it('uploads as before, without a piece, when no office is chosen yet (pieces not read)', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const project = createProject({ participants: [seller], documents: [createDrawerDocument(5, 100, 'identity_card', [])] });
    const { fetchMock, user } = renderTab(project, sellerSession, piecesOf([piece({ id: 1 })]));
    const dialog = await openUpload(user);
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    expect([...(await send(user, dialog)).body!.keys()]).toEqual(['id', 'file']);
    expect(callsTo(fetchMock, 'GET', 'project/10/pieces')).toHaveLength(0);
  });

  it('uploads as before when the server refuses the pieces to the viewer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const project = createProject({
      notary_office: office,
      participants: [seller],
      documents: [createDrawerDocument(5, 100, 'identity_card', [])],
    });
    const { fetchMock, user } = renderTab(project, sellerSession, {
      'GET project/10/pieces': { status: 403, body: { message: 'Accès refusé.' } },
    });
    const dialog = await openUpload(user);
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET', 'project/10/pieces')).toHaveLength(1));
    await vi.waitFor(() => expect(within(dialog).queryByRole('status', { name: 'Chargement des pièces' })).toBeNull());
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    expect([...(await send(user, dialog)).body!.keys()]).toEqual(['id', 'file']);
  });

  it('files no piece for an unassigned drawer, which has no one to file it under', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const project = createProject({
      notary_office: office,
      participants: [seller],
      documents: [createDrawerDocument(5, null, 'identity_card', [])],
    });
    const { fetchMock, user } = renderTab(project, admin, piecesOf([piece({ id: 1 })]));
    const dialog = await openUpload(user);
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    expect([...(await send(user, dialog)).body!.keys()]).toEqual(['id', 'file']);
    expect(callsTo(fetchMock, 'GET', 'project/10/pieces')).toHaveLength(0);
  });
});
