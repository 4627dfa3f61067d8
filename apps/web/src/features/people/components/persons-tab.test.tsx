import { notifications } from '@mantine/notifications';
import { MESSAGES, PROJECT_PERMISSION_MESSAGES, type Project } from '@notadoo/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchRoutes } from '../../../testing/mock-fetch';
import { createSession } from '../../../testing/session-factory';
import { bodyOf, callsTo, createParticipant, createProject, renderProjectTab } from '../../../testing/tab-fixtures';
import { createOffice } from '../../../testing/office-factory';
import { PersonsTab } from './persons-tab';
import { EMPTY_SECTION_TEXT } from '../lib/person-sections';

const admin = createSession({ id: 99, roles: ['ROLE_USER', 'ROLE_ADMIN'] });
const client = createSession({ id: 1 });

const creator = createParticipant({ id: 100, roles_project: ['seller', 'creator'] });
const invitedBuyer = createParticipant({
  id: 101,
  first_name: 'Paul',
  last_name: 'Durand',
  email: 'paul.durand@example.fr',
  user: null,
  roles_project: ['buyer'],
  role: 'buyer',
});

function renderTab(project: Project, session = client, routes: FetchRoutes = {}) {
  return renderProjectTab(PersonsTab, project, { session, routes });
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

describe('persons tab', () => {
  // Toasts live in a module-level store that outlives each render.
  afterEach(() => notifications.clean());

  it("shows on a person's card how many of the pieces asked of them were received", async () => {
    renderTab(createProject({ participants: [{ ...creator, pieces: { received: 3, total: 7 } }, invitedBuyer] }));
    const card = await screen.findByRole('article', { name: 'Claire Martin' });
    expect(within(card).getByText('Pièces : 3 / 7 reçues')).toBeInTheDocument();
    // No count where the server sends none (no piece asked, or not the viewer's to see).
    expect(within(screen.getByRole('article', { name: 'Paul Durand' })).queryByText(/^Pièces :/)).toBeNull();
  });

  it('no longer asks to invite the notary once an office is chosen (its members see the file)', async () => {
    renderTab(createProject({ participants: [creator], notary_office: createOffice() }));
    await screen.findByRole('heading', { name: 'Office notarial' });
    expect(within(section('Office notarial')).getByText(EMPTY_SECTION_TEXT)).toBeInTheDocument();
    expect(within(section('Office notarial')).queryByText(/invitez-le/)).toBeNull();
  });

  it('shows the sections of a realty project, empty ones saying so, the office asking to invite the notary', async () => {
    renderTab(createProject({ participants: [creator] }));
    expect(await screen.findByRole('heading', { name: 'Vendeurs' })).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Vendeurs', 'Acquéreurs', 'Intermédiaires / notaires participants', 'Office notarial']);
    expect(within(section('Vendeurs')).queryByText(EMPTY_SECTION_TEXT)).toBeNull();
    expect(within(section('Acquéreurs')).getByText(EMPTY_SECTION_TEXT)).toBeInTheDocument();
    expect(within(section('Office notarial')).getByText(EMPTY_SECTION_TEXT)).toBeInTheDocument();
    expect(within(section('Office notarial')).getByText(/invitez-le grâce au bouton « ajouter un notaire »/)).toBeInTheDocument();
    expect(within(section('Office notarial')).getByRole('button', { name: 'Ajouter un notaire' })).toBeInTheDocument();
  });

  it('shows heirs and spouses for a settlement, clients for a wealth review', async () => {
    renderTab(createProject({ type: 'succession', subtype: 'settlement' }));
    await screen.findByRole('heading', { name: 'Héritiers' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Héritiers', 'Conjoints', 'Office notarial']);
    expect(screen.getAllByText(EMPTY_SECTION_TEXT)).toHaveLength(3);
  });

  it('shows clients for a wealth review', async () => {
    renderTab(createProject({ type: 'succession', subtype: 'balance' }));
    await screen.findByRole('heading', { name: 'Clients' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Clients', 'Office notarial']);
  });

  it('shows each card with name, creator mark, e-mail and last connection', async () => {
    renderTab(createProject({ participants: [creator, invitedBuyer] }));
    const card = await screen.findByRole('article', { name: 'Claire Martin' });
    expect(within(card).getByText('(Créateur)')).toBeInTheDocument();
    expect(within(card).getByText('claire.martin@example.fr')).toBeInTheDocument();
    expect(within(card).getByText('Dernière connexion : 21/11/2026')).toBeInTheDocument();
    const buyer = screen.getByRole('article', { name: 'Paul Durand' });
    expect(within(buyer).getByText('Jamais connecté(e)')).toBeInTheDocument();
    expect(within(buyer).queryByText('(Créateur)')).toBeNull();
  });

  it("shows a person's photo to everyone, and their last connection where the server sends it (the chosen office, admins)", async () => {
    const seenByOffice = createParticipant({
      id: 102,
      first_name: 'Bruno',
      last_name: 'Achat',
      role: 'buyer',
      roles_project: ['buyer'],
      user: { id: 7, lastConnectionDate: '2026-11-18T09:30:00.000Z', avatar: 'bruno.webp' },
      avatar: 'bruno.webp',
    });
    const seenByClient = { ...seenByOffice, id: 103, last_name: 'Achteur', user: null, joined: true };
    renderTab(createProject({ participants: [creator, seenByOffice, seenByClient] }));
    const office = await screen.findByRole('article', { name: 'Bruno Achat' });
    expect(within(office).getByText('Dernière connexion : 18/11/2026')).toBeInTheDocument();
    expect(office.querySelector('img')?.getAttribute('src')).toContain('bruno.webp');
    const client = screen.getByRole('article', { name: 'Bruno Achteur' });
    expect(within(client).getByText('A rejoint le dossier')).toBeInTheDocument();
    expect(client.querySelector('img')?.getAttribute('src')).toContain('bruno.webp');
  });

  it('offers a client only what the domain allows: edit a person never connected, no move or delete', async () => {
    const { user } = renderTab(createProject({ participants: [creator, invitedBuyer] }));
    await user.click(await screen.findByRole('button', { name: 'Actions pour Paul Durand' }));
    expect(screen.getByRole('menuitem', { name: 'Modifier' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Déplacer' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Supprimer' })).toBeNull();
    await user.keyboard('{Escape}');
    // Their own card: connected, so not editable by them; they may still add a document of their role.
    await user.click(screen.getByRole('button', { name: 'Actions pour Claire Martin' }));
    expect(screen.queryByRole('menuitem', { name: 'Modifier' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Ajouter un document' })).toBeInTheDocument();
  });

  it('offers an admin every action', async () => {
    const { user } = renderTab(createProject({ participants: [creator, invitedBuyer] }), admin);
    await user.click(await screen.findByRole('button', { name: 'Actions pour Claire Martin' }));
    for (const name of ['Modifier', 'Déplacer', 'Ajouter un document', 'Supprimer']) {
      expect(screen.getByRole('menuitem', { name })).toBeInTheDocument();
    }
  });

  it('shows no menu nor add button to a participant once the project is signed', async () => {
    renderTab(createProject({ status: 5, participants: [creator, invitedBuyer] }));
    await screen.findByRole('article', { name: 'Paul Durand' });
    expect(screen.queryByRole('button', { name: /^Actions pour/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajouter une personne' })).toBeNull();
  });

  it('requires first and last name before adding a person, then adds and shows them', async () => {
    const added = createParticipant({
      id: 102,
      first_name: 'Léa',
      last_name: 'Petit',
      email: null,
      user: null,
      roles_project: ['buyer'],
      role: 'buyer',
    });
    const { fetchMock, user } = renderTab(createProject({ participants: [creator] }), client, {
      'POST project/10/addperson': { body: createProject({ participants: [creator, added] }) },
    });
    await user.click(
      within(await screen.findByRole('region', { name: 'Acquéreurs' })).getByRole('button', { name: 'Ajouter une personne' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une personne' });
    expect(within(dialog).getByText(/vous invitez cette personne/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Rôle/)).toHaveValue('buyer');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText('Le prénom est requis.')).toBeInTheDocument();
    expect(within(dialog).getByText('Le nom est requis.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', 'project/10/addperson')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Prénom/), 'Léa');
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Petit');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText(MESSAGES.operationSucceeded)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', 'project/10/addperson')[0])).toEqual({ firstName: 'Léa', lastName: 'Petit', role: 'buyer' });
    expect(await screen.findByRole('article', { name: 'Léa Petit' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Ajouter une personne' })).toBeNull();
  });

  it("shows the server's message when it refuses to add a person", async () => {
    const refusal = "Erreur : Vous n'avez pas les droits suffisants pour ajouter une personne à ce dossier.";
    const { user } = renderTab(createProject({ participants: [creator] }), client, {
      'POST project/10/addperson': { status: 401, body: { message: refusal } },
    });
    await user.click(within(await screen.findByRole('region', { name: 'Vendeurs' })).getByRole('button', { name: 'Ajouter une personne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une personne' });
    await user.type(within(dialog).getByLabelText(/^Prénom/), 'Léa');
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Petit');
    await user.type(within(dialog).getByLabelText(/^Adresse email/), 'lea@example.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Ajouter une personne' })).toBeInTheDocument();
  });

  it('refuses to move a person without account to the intermediary or office role, without a call', async () => {
    const { fetchMock, user } = renderTab(createProject({ participants: [creator, invitedBuyer] }), admin);
    await user.click(await screen.findByRole('button', { name: 'Actions pour Paul Durand' }));
    await user.click(screen.getByRole('menuitem', { name: 'Déplacer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déplacer la personne' });
    await user.selectOptions(within(dialog).getByLabelText('Nouveau rôle'), 'intermediary');
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    expect(await screen.findByText(PROJECT_PERMISSION_MESSAGES.moveToIntermediaryRefused)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Nouveau rôle'), 'office');
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    expect(await screen.findByText(PROJECT_PERMISSION_MESSAGES.moveToOfficeRefused)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('changerole'))).toHaveLength(0);
  });

  it("shows the server's refusal to move a person whose account is not a notary", async () => {
    const { fetchMock, user } = renderTab(createProject({ participants: [creator, invitedBuyer] }), admin, {
      'PATCH participant/100/changerole': { status: 400, body: { message: PROJECT_PERMISSION_MESSAGES.moveToOfficeRefused } },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions pour Claire Martin' }));
    await user.click(screen.getByRole('menuitem', { name: 'Déplacer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déplacer la personne' });
    await user.selectOptions(within(dialog).getByLabelText('Nouveau rôle'), 'office');
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    expect(await screen.findByText(PROJECT_PERMISSION_MESSAGES.moveToOfficeRefused)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'PATCH', 'participant/100/changerole')[0])).toEqual({ role: 'office' });
  });

  it('moves a person and shows them in their new section', async () => {
    const moved = { ...invitedBuyer, role: 'seller' as const, roles_project: ['seller' as const] };
    const { user } = renderTab(createProject({ participants: [creator, invitedBuyer] }), admin, {
      'PATCH participant/101/changerole': { body: createProject({ participants: [creator, moved] }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions pour Paul Durand' }));
    await user.click(screen.getByRole('menuitem', { name: 'Déplacer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déplacer la personne' });
    await user.selectOptions(within(dialog).getByLabelText('Nouveau rôle'), 'seller');
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    expect(await screen.findByText(MESSAGES.operationSucceeded)).toBeInTheDocument();
    expect(await within(section('Vendeurs')).findByRole('article', { name: 'Paul Durand' })).toBeInTheDocument();
  });

  it('asks for confirmation before deleting a person', async () => {
    const { fetchMock, user } = renderTab(createProject({ participants: [creator, invitedBuyer] }), admin, {
      'DELETE project/10/removeparticipant': { body: createProject({ participants: [creator] }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions pour Paul Durand' }));
    await user.click(screen.getByRole('menuitem', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer Paul Durand' });
    expect(within(dialog).getByText('Cette opération est irréversible.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', 'project/10/removeparticipant')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(MESSAGES.operationSucceeded)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'DELETE', 'project/10/removeparticipant')[0])).toEqual({ participantId: 101 });
    expect(screen.queryByRole('article', { name: 'Paul Durand' })).toBeNull();
  });

  it('marks a role given by someone outside it, and lets a role mate confirm it after a warning', async () => {
    const planted = createParticipant({
      id: 102,
      first_name: 'Marc',
      last_name: 'Inconnu',
      user: null,
      roles_project: ['seller'],
      role: 'seller',
      role_confirmed: false,
    });
    const { fetchMock, user } = renderTab(createProject({ participants: [creator, planted] }), client, {
      'PATCH participant/102/confirmrole': { body: createProject({ participants: [creator, { ...planted, role_confirmed: true }] }) },
    });
    const card = await screen.findByRole('article', { name: 'Marc Inconnu' });
    expect(within(card).getByText('Rôle à confirmer')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Claire Martin' })).queryByText('Rôle à confirmer')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Actions pour Marc Inconnu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Confirmer le rôle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmer le rôle de Marc Inconnu' });
    expect(
      within(dialog).getByText(/pourra alors consulter et modifier les documents des autres personnes de son rôle/),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', 'participant/102/confirmrole')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer le rôle' }));
    expect(await screen.findByText(MESSAGES.operationSucceeded)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', 'participant/102/confirmrole')).toHaveLength(1);
    expect(within(screen.getByRole('article', { name: 'Marc Inconnu' })).queryByText('Rôle à confirmer')).toBeNull();
  });

  it('does not offer to confirm a role to someone who does not hold it', async () => {
    const planted = createParticipant({
      id: 102,
      first_name: 'Marc',
      last_name: 'Inconnu',
      user: null,
      roles_project: ['buyer'],
      role: 'buyer',
      role_confirmed: false,
    });
    const { user } = renderTab(createProject({ participants: [creator, planted] }), client);
    await user.click(await screen.findByRole('button', { name: 'Actions pour Marc Inconnu' }));
    expect(screen.getByRole('menuitem', { name: 'Modifier' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Confirmer le rôle' })).toBeNull();
  });

  it('edits the names of a person never connected', async () => {
    const { fetchMock, user } = renderTab(createProject({ participants: [creator, invitedBuyer] }), client, {
      'PATCH participant': { body: createProject({ participants: [creator, { ...invitedBuyer, first_name: 'Pierre' }] }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions pour Paul Durand' }));
    await user.click(screen.getByRole('menuitem', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la personne' });
    const firstName = within(dialog).getByLabelText(/^Prénom/);
    await user.clear(firstName);
    await user.type(firstName, 'Pierre');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('article', { name: 'Pierre Durand' })).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'PATCH', 'participant')[0])).toEqual({
      id: 101,
      firstName: 'Pierre',
      lastName: 'Durand',
      email: 'paul.durand@example.fr',
    });
  });

  it('shows of other people only whether they joined, and lets only who invited a person change their e-mail (issue 9)', async () => {
    const joinedBuyer = createParticipant({
      id: 103,
      first_name: 'Jean',
      last_name: 'Rejoint',
      email: null,
      user: null,
      joined: true,
      roles_project: ['buyer'],
      role: 'buyer',
    });
    const theirGuest = createParticipant({
      id: 104,
      first_name: 'Luc',
      last_name: 'Invité',
      email: null,
      user: null,
      joined: false,
      roles_project: ['buyer'],
      role: 'buyer',
    });
    const ownGuest = { ...invitedBuyer, added_by: 1 };
    const { user } = renderTab(createProject({ participants: [creator, joinedBuyer, theirGuest, ownGuest] }));
    const joined = await screen.findByRole('article', { name: 'Jean Rejoint' });
    expect(within(joined).getByText('A rejoint le dossier')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Luc Invité' })).getByText('Jamais connecté(e)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions pour Luc Invité' }));
    await user.click(screen.getByRole('menuitem', { name: 'Modifier' }));
    let dialog = await screen.findByRole('dialog', { name: 'Modifier la personne' });
    expect(within(dialog).getByLabelText(/^Adresse email/)).toHaveAttribute('readonly');
    expect(within(dialog).getByText(/Seuls l'office notarial, un administrateur ou la personne qui l'a invitée/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));

    await user.click(screen.getByRole('button', { name: 'Actions pour Paul Durand' }));
    await user.click(screen.getByRole('menuitem', { name: 'Modifier' }));
    dialog = await screen.findByRole('dialog', { name: 'Modifier la personne' });
    expect(within(dialog).getByLabelText(/^Adresse email/)).not.toHaveAttribute('readonly');
  });
});
