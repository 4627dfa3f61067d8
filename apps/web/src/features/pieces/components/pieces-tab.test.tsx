import { notifications } from '@mantine/notifications';
import { MESSAGES, PROJECT_FILE_ACCEPT, PROJECT_FILE_MESSAGES, type Project } from '@notadoo/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../../testing/fake-xhr';
import type { FetchRoutes } from '../../../testing/mock-fetch';
import { createSession } from '../../../testing/session-factory';
import { bodyOf, callsTo, createDrawerDocument, createParticipant, createProject, renderProjectTab } from '../../../testing/tab-fixtures';
import { createPiece, createPieces, createReview, createVersion } from '../../../testing/piece-factory';
import { NO_PIECE_TEXT, PIECE_NOT_FOUND_TEXT, PiecesTab } from './pieces-tab';

const sellerSession = createSession({ id: 1 });
const notarySession = createSession({ id: 7, isNotary: true, notary_office: { id: 1, city: 'Paris' } });
const office = { id: 1, city: 'Paris' } as Project['notary_office'];
const seller = createParticipant({ id: 100, roles_project: ['seller', 'creator'], pieces: { received: 1, total: 3 } });

function renderTab(project: Project, session = sellerSession, routes: FetchRoutes = {}, path = '/') {
  return renderProjectTab(PiecesTab, project, { session, routes, path });
}

const piecesRoute = (pieces: ReturnType<typeof createPieces>) => ({ 'GET project/10/pieces': { body: pieces } });

const identity = createPiece();
const title = createPiece({
  id: 2,
  pieceId: 'property_title',
  label: 'Titre de propriété',
  reasonText: 'demandé car : Rôle dans le dossier = Vendeur',
  state: 'received',
  stateLabel: 'Reçue',
  fileTypes: ['property_title'],
  versions: [
    createVersion({
      id: 51,
      fileName: 'titre.pdf',
      documentId: 8,
      storedName: 'zyxwvuts_titre.pdf',
      fileType: 'property_title',
      fileTypeTitle: 'Titre de propriété',
    }),
  ],
});
const diagnostics = createPiece({
  id: 3,
  pieceId: 'technical_diagnostics',
  label: 'Dossier de diagnostic technique',
  reasonText: "demandé car : Questionnaire = Vente d'un appartement",
  state: 'to_correct',
  stateLabel: 'À corriger',
  fileTypes: ['termites_report', 'dpe'],
  versions: [
    createVersion({
      id: 52,
      fileName: 'termites.pdf',
      documentId: 9,
      storedName: 'qwertyui_termites.pdf',
      fileType: 'termites_report',
      fileTypeTitle: 'État relatif à la présence de termites',
      diagnostic: { kind: 'termites', reportDate: '15/03/2026', finding: null, validity: { unlimited: false, validUntil: '14/09/2026' } },
    }),
  ],
  reviews: [createReview({ reason: 'expired', text: 'Rapport trop ancien.' })],
});
const contract = createPiece({
  id: 4,
  pieceId: 'marriage_contract',
  label: 'Contrat de mariage',
  state: 'received',
  stateLabel: 'Reçue',
  noLongerRequired: true,
  versions: [
    createVersion({ id: 53, fileName: 'contrat.jpg', documentId: 10, storedName: 'asdfghjk_contrat.jpg', fileType: 'marriage_contract' }),
  ],
});

describe('pieces tab', () => {
  afterEach(() => {
    notifications.clean();
    FakeXhr.last = null;
    vi.unstubAllGlobals();
  });

  it("lists each person's pieces with their state, why they are asked, files, reviews, validity and count", async () => {
    const project = createProject({ notary_office: office, participants: [seller] });
    const { fetchMock } = renderTab(
      project,
      sellerSession,
      piecesRoute(createPieces([identity, title, diagnostics, contract], { signingDate: '01/10/2026' })),
    );
    const person = await screen.findByRole('region', { name: 'Claire Martin' });
    expect(within(person).getByLabelText('Pièces de Claire Martin : 1 / 3 reçue')).toBeInTheDocument();
    const names = ["Copie d'une pièce d'identité", 'Titre de propriété', 'Dossier de diagnostic technique', 'Contrat de mariage'];
    const [first, second, third, fourth] = names.map((name) => within(person).getByRole('article', { name })) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(person).getAllByRole('article')).toEqual([first, second, third, fourth]);
    expect(within(first).getByText('Demandée')).toBeInTheDocument();
    expect(within(first).getByText('demandé car : Rôle dans le dossier = Vendeur')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: "Envoyer : Copie d'une pièce d'identité" })).toBeInTheDocument();
    expect(within(second).getByText('Reçue')).toBeInTheDocument();
    expect(
      within(second).getByText(/^titre\.pdf \(Titre de propriété\) — envoyé par Claire Martin le \d{2}\/\d{2}\/2026 à/),
    ).toBeInTheDocument();
    expect(within(third).getAllByText('À corriger').length).toBeGreaterThan(0);
    expect(within(third).getAllByText('Périmé — Rapport trop ancien.').length).toBeGreaterThan(0);
    expect(within(third).getByText("Rapport du 15/03/2026, valable jusqu'au 14/09/2026.")).toBeInTheDocument();
    expect(
      within(third).getByRole('button', { name: 'Envoyer une nouvelle version : Dossier de diagnostic technique' }),
    ).toBeInTheDocument();
    expect(within(third).getByLabelText('Date du rapport')).toHaveValue('15/03/2026');
    expect(within(fourth).getByText('Plus requise')).toBeInTheDocument();
    expect(screen.getByText('Signature prévue le 01/10/2026.')).toBeInTheDocument();

    // A client sees none of the office's actions, and no preview is fetched for them.
    for (const name of [/^Accepter/, /^À corriger :/, /^Refuser/, /^Dispenser/]) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByLabelText('Date de signature prévue')).toBeNull();
    expect(callsTo(fetchMock, 'POST', 'generate_file_token')).toHaveLength(0);
  });

  it('says when no piece is asked yet', async () => {
    renderTab(createProject({ notary_office: office, participants: [seller] }), sellerSession, piecesRoute(createPieces([])));
    expect(await screen.findByText(NO_PIECE_TEXT)).toBeInTheDocument();
  });

  it("sends a file for a piece into a new drawer of its owner, with the piece's id, a progress bar and no way out meanwhile", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const project = createProject({ notary_office: office, participants: [seller] });
    const withDrawer = { ...project, documents: [createDrawerDocument(21, 100, 'passport', [])] };
    const { user, fetchMock } = renderTab(project, sellerSession, {
      ...piecesRoute(createPieces([identity])),
      'POST participant/adddocument': { body: withDrawer },
    });
    await user.click(await screen.findByRole('button', { name: "Envoyer : Copie d'une pièce d'identité" }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer la pièce' });
    // Its two file types: the person chooses which one it is.
    await user.click(within(dialog).getByRole('combobox', { name: 'Type de document' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Passeport' }));
    const input = within(dialog).getByLabelText(/^Fichier/);
    expect(input).toHaveAttribute('accept', PROJECT_FILE_ACCEPT);
    // Checked before sending: type and size.
    // The browser's chooser can be told to show every file: the modal checks again.
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(PROJECT_FILE_MESSAGES.wrongType);
    expect(within(dialog).getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    await user.upload(input, new File(['%PDF-1.4'], 'passeport.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(bodyOf(callsTo(fetchMock, 'POST', 'participant/adddocument')[0])).toEqual({
      projectId: 10,
      docType: 'document_files',
      docFileType: 'passport',
      participantId: 100,
    });
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/project/10/addfile');
    expect([...xhr.body!.keys()]).toEqual(['id', 'pieceRequestId', 'file']);
    expect(xhr.body!.get('id')).toBe('21');
    expect(xhr.body!.get('pieceRequestId')).toBe('1');

    xhr.progress(40, 100);
    expect(within(dialog).getByRole('progressbar', { name: 'Envoi du fichier' })).toHaveAttribute('aria-valuenow', '40');
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Envoyer la pièce' })).toBeInTheDocument();

    const before = callsTo(fetchMock, 'GET', 'project/10/pieces').length;
    xhr.respond(200, { ...withDrawer, documents: [createDrawerDocument(21, 100, 'passport', ['qwertyui_passeport.pdf'])] });
    expect(await screen.findByText(MESSAGES.operationSucceeded)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Envoyer la pièce' })).toBeNull());
    // The pieces are read again: the piece is now reçue.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', 'project/10/pieces').length).toBeGreaterThan(before));
  });

  it('dates a diagnostic report sent for a piece right after the upload, and again under the piece', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const project = createProject({
      notary_office: office,
      participants: [seller],
      documents: [createDrawerDocument(9, 100, 'termites_report', [])],
    });
    const asked = { ...diagnostics, state: 'requested' as const, stateLabel: 'Demandée', versions: [], reviews: [] };
    const sentVersion = createVersion({
      id: 60,
      fileName: 'termites.pdf',
      documentId: 9,
      storedName: 'qwertyui_termites.pdf',
      fileType: 'termites_report',
      diagnostic: { kind: 'termites', reportDate: null, finding: null, validity: null },
    });
    let sent = false;
    const dated = {
      ...sentVersion,
      diagnostic: {
        kind: 'termites' as const,
        reportDate: '15/03/2026',
        finding: null,
        validity: { unlimited: false as const, validUntil: '14/09/2026' },
      },
    };
    const { user, fetchMock } = renderTab(project, sellerSession, {
      'GET project/10/pieces': () => ({
        body: createPieces([sent ? { ...asked, state: 'received', stateLabel: 'Reçue', versions: [sentVersion] } : asked]),
      }),
      'PATCH piece-version/60/report': { body: createPieces([{ ...asked, state: 'received', stateLabel: 'Reçue', versions: [dated] }]) },
    });
    await user.click(await screen.findByRole('button', { name: 'Envoyer : Dossier de diagnostic technique' }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer la pièce' });
    // Its first file type is the termites report: a diagnostic, so its date may be given here.
    await user.type(within(dialog).getByRole('textbox', { name: 'Date du rapport' }), '31/02/2026');
    await user.upload(within(dialog).getByLabelText(/^Fichier/), new File(['%PDF-1.4'], 'termites.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('Cette date n’existe pas.')).toBeInTheDocument();
    expect(FakeXhr.last).toBeNull();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Date du rapport' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Date du rapport' }), '15/03/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(FakeXhr.last!.body!.get('id')).toBe('9');
    sent = true;
    FakeXhr.last!.respond(200, project);
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', 'piece-version/60/report')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'PATCH', 'piece-version/60/report')[0])).toEqual({ kind: 'termites', reportDate: '15/03/2026' });
    expect(await screen.findByText("Rapport du 15/03/2026, valable jusqu'au 14/09/2026.")).toBeInTheDocument();
  });

  it('asks the office for a reason before sending a piece back, with a text of 500 characters at most', async () => {
    const project = createProject({ notary_office: office, participants: [seller] });
    const { user, fetchMock } = renderTab(project, notarySession, {
      ...piecesRoute(createPieces([title])),
      'POST generate_file_token': { body: { tokens: [{ docId: 8, value: 'jeton-fichier' }] } },
      'POST piece/2/review': { body: createPieces([{ ...title, state: 'to_correct', stateLabel: 'À corriger' }]) },
    });
    await user.click(await screen.findByRole('button', { name: 'À corriger : Titre de propriété de Claire Martin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demander une correction' });
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    expect(
      await within(dialog).findByText('Merci de choisir le motif de la correction : illisible, incomplet, périmé ou mauvais document.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', 'piece/2/review')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Illisible' }));
    const text = within(dialog).getByRole('textbox', { name: 'Précisions pour la personne (facultatif)' });
    expect(text).toHaveAttribute('maxlength', '500');
    await user.click(text);
    await user.paste('a'.repeat(600));
    expect(text).toHaveValue('a'.repeat(500));
    expect(within(dialog).getByText('500 / 500 caractères')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', 'piece/2/review')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST', 'piece/2/review')[0])).toEqual({
      action: 'to_correct',
      reason: 'unreadable',
      text: 'a'.repeat(500),
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Demander une correction' })).toBeNull());
    expect(await screen.findByText(MESSAGES.operationSucceeded)).toBeInTheDocument();
  });

  it('lets the office preview the latest files and accept several pieces at once, and plan the signing', async () => {
    const project = createProject({
      notary_office: office,
      participants: [seller],
      documents: [
        createDrawerDocument(8, 100, 'property_title', ['zyxwvuts_titre.pdf']),
        createDrawerDocument(10, 100, 'marriage_contract', ['asdfghjk_contrat.jpg']),
      ],
    });
    const accepted = createPieces([
      { ...title, state: 'accepted', stateLabel: 'Acceptée' },
      { ...contract, state: 'accepted', stateLabel: 'Acceptée' },
    ]);
    const { user, fetchMock } = renderTab(project, notarySession, {
      ...piecesRoute(createPieces([identity, title, contract])),
      'POST generate_file_token': (body) => ({
        body: { tokens: (body as Array<{ docId: number }>).map(({ docId }) => ({ docId, value: `jeton-${docId}` })) },
      }),
      'POST project/10/pieces/accept': { body: accepted },
      'PATCH project/10/signing-date': { body: createPieces([identity, title, contract], { signingDate: '01/10/2026' }) },
    });
    const preview = await screen.findByLabelText('Aperçu de titre.pdf');
    expect(preview.tagName).toBe('OBJECT');
    expect(preview).toHaveAttribute('data', '/api/get_file/8/0/jeton-8');
    expect(await screen.findByRole('img', { name: 'Aperçu de contrat.jpg' })).toHaveAttribute('src', '/api/get_file/10/0/jeton-10');

    // Nothing was sent for the identity: nothing to accept nor tick.
    expect(screen.queryByRole('checkbox', { name: "Sélectionner : Copie d'une pièce d'identité de Claire Martin" })).toBeNull();
    expect(screen.getByRole('button', { name: "Dispenser : Copie d'une pièce d'identité de Claire Martin" })).toBeInTheDocument();
    const acceptSelection = screen.getByRole('button', { name: 'Accepter la sélection' });
    expect(acceptSelection).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner : Titre de propriété de Claire Martin' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner : Contrat de mariage de Claire Martin' }));
    await user.click(screen.getByRole('button', { name: 'Accepter la sélection (2)' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', 'project/10/pieces/accept')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST', 'project/10/pieces/accept')[0])).toEqual({ ids: [2, 4] });
    await waitFor(() => expect(screen.getAllByText('Acceptée')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Accepter la sélection' })).toBeDisabled();

    const signing = screen.getByRole('textbox', { name: 'Date de signature prévue' });
    await user.type(signing, '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Cette date n’existe pas.')).toBeInTheDocument();
    await user.clear(signing);
    await user.type(signing, '01/10/2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', 'project/10/signing-date')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'PATCH', 'project/10/signing-date')[0])).toEqual({ signingDate: '01/10/2026' });
  });

  it('focuses and outlines the piece a correction mail points at (?piece=)', async () => {
    const project = createProject({ notary_office: office, participants: [seller] });
    renderTab(project, sellerSession, piecesRoute(createPieces([identity, title, diagnostics])), '/?piece=3');
    const title3 = await screen.findByText('Dossier de diagnostic technique');
    const card = title3.closest('article')!;
    await waitFor(() => expect(card).toHaveFocus());
    expect(card).toHaveAttribute('data-focused', 'true');
    expect(screen.getByText("Copie d'une pièce d'identité").closest('article')).not.toHaveAttribute('data-focused');
    expect(screen.queryByText(PIECE_NOT_FOUND_TEXT)).toBeNull();
  });

  it('says so when the piece of the link is no longer asked', async () => {
    renderTab(
      createProject({ notary_office: office, participants: [seller] }),
      sellerSession,
      piecesRoute(createPieces([identity])),
      '/?piece=99',
    );
    expect(await screen.findByText(PIECE_NOT_FOUND_TEXT)).toBeInTheDocument();
  });

  it('lets only the office remind a person, or everyone, of the pieces they still owe', async () => {
    const buyer = createParticipant({
      id: 101,
      first_name: 'Paul',
      last_name: 'Durand',
      user: { id: 2, lastConnectionDate: null, avatar: null },
      roles_project: ['buyer'],
      role: 'buyer',
    });
    const project = createProject({ notary_office: office, participants: [seller, buyer] });
    const pieces = createPieces([identity, createPiece({ id: 9, participantId: 101, participantName: 'Paul Durand' })]);
    renderTab(project, sellerSession, piecesRoute(pieces));
    await screen.findByRole('region', { name: 'Claire Martin' });
    expect(screen.queryByRole('button', { name: /^Relancer/ })).toBeNull();
    cleanup();

    const alreadyToday =
      "Chaque personne qui doit encore des pièces a déjà reçu une relance aujourd'hui : les suivantes pourront partir demain.";
    let everyoneAnswer: { status?: number; body: unknown } = {
      body: {
        sent: [
          { participantId: 100, name: 'Claire Martin' },
          { participantId: 101, name: 'Paul Durand' },
        ],
        alreadyRemindedToday: [],
      },
    };
    const { user, fetchMock } = renderTab(project, notarySession, {
      ...piecesRoute(pieces),
      'POST project/10/pieces/remind': (body) =>
        (body as { participantId?: number }).participantId === 100
          ? { body: { sent: [{ participantId: 100, name: 'Claire Martin' }], alreadyRemindedToday: [] } }
          : everyoneAnswer,
    });
    const claire = await screen.findByRole('region', { name: 'Claire Martin' });
    await user.click(within(claire).getByRole('button', { name: 'Relancer Claire Martin' }));
    expect(await screen.findByText('Relance envoyée.')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', 'project/10/pieces/remind')[0])).toEqual({ participantId: 100 });
    expect(
      within(screen.getByRole('region', { name: 'Paul Durand' })).getByRole('button', { name: 'Relancer Paul Durand' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Relancer tout le monde' }));
    expect(await screen.findByText('2 relances envoyées.')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', 'project/10/pieces/remind')[1])).toEqual({});

    everyoneAnswer = { status: 429, body: { message: alreadyToday } };
    await user.click(screen.getByRole('button', { name: 'Relancer tout le monde' }));
    expect(await screen.findByText(alreadyToday)).toBeInTheDocument();
  });

  it('counts the reminders sent and names who had one today already', async () => {
    const project = createProject({ notary_office: office, participants: [seller] });
    const { user } = renderTab(project, notarySession, {
      ...piecesRoute(createPieces([identity])),
      'POST project/10/pieces/remind': {
        body: {
          sent: [{ participantId: 100, name: 'Claire Martin' }],
          alreadyRemindedToday: [{ participantId: 101, name: 'Paul Durand' }],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Relancer tout le monde' }));
    expect(await screen.findByText("1 relance envoyée. Déjà relancé aujourd'hui : Paul Durand.")).toBeInTheDocument();
  });

  it('has no reminder button when every piece is in', async () => {
    renderTab(
      createProject({ notary_office: office, participants: [seller] }),
      notarySession,
      piecesRoute(createPieces([title, contract])),
    );
    await screen.findByRole('region', { name: 'Claire Martin' });
    expect(screen.queryByRole('button', { name: /^Relancer/ })).toBeNull();
  });
});
