import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, type FetchRoutes } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';

const session = createSession({ id: 7, email: 'claire.martin@example.fr' });

const PLAN = {
  deletedFiles: [{ id: 11, name: 'Brouillon du terrain', status: 1, otherPeople: 1 }],
  leftFiles: [],
  keptFiles: [
    {
      id: 12,
      name: 'Vente transmise',
      status: 3,
      office: {
        id: 1,
        city: 'Paris',
        postalCode: '75008',
        address: '12 rue de la <b>Paix</b>',
        phone: '01 23 45 67 89',
        email: 'paris@notadoo.fr',
      },
    },
  ],
};

async function renderProfile(routes: FetchRoutes) {
  const fetchMock = mockFetch({ 'GET users/me': { body: session }, 'GET users/me/data-exports': { body: [] }, ...routes });
  const view = renderApp('/profile', { token: 'jeton' });
  await screen.findByRole('heading', { level: 1, name: 'Mon profil' }, { timeout: 10_000 });
  return { ...view, fetchMock, user: userEvent.setup() };
}

const callsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string, method: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(path) && (init?.method ?? 'GET') === method);

describe('« Mes données » and the account deletion', () => {
  it('asks for a copy and shows its progress, then the download once ready', async () => {
    let listed: unknown[] = [];
    const { fetchMock, user } = await renderProfile({
      'GET users/me/data-exports': () => ({ body: listed }),
      'POST users/me/data-exports': () => {
        listed = [
          { id: 3, state: 'running', progress: 40, createdAt: '2026-11-24T08:00:00Z', finishedAt: null, expiresAt: null, sizeBytes: null },
        ];
        return { status: 201, body: listed[0] };
      },
    });
    const section = screen.getByRole('region', { name: 'Mes données' });
    await user.click(within(section).getByRole('button', { name: 'Demander une copie de mes données' }));
    expect(await within(section).findByText(/Préparation en cours : 40 %/)).toBeInTheDocument();
    expect(within(section).getByRole('progressbar', { name: 'Préparation de la copie de mes données' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Demander/ })).toBeNull();
    expect(callsTo(fetchMock, 'users/me/data-exports', 'POST')).toHaveLength(1);

    // The page polls: once ready, the download appears.
    listed = [
      {
        id: 3,
        state: 'ready',
        progress: 100,
        createdAt: '2026-11-24T08:00:00Z',
        finishedAt: '2026-11-24T08:01:00Z',
        expiresAt: '2026-12-01T08:01:00Z',
        sizeBytes: 2_500_000,
      },
    ];
    expect(await within(section).findByRole('button', { name: 'Télécharger mes données (ZIP)' }, { timeout: 5000 })).toBeInTheDocument();
    expect(
      within(section).getByText(/Votre copie est prête \(2,4 Mo\)\. Elle peut être téléchargée jusqu’au 01\/12\/2026/),
    ).toBeInTheDocument();
  });

  it('names what will be deleted and what stays with the office, and deletes only with the password and the confirmation', async () => {
    const { fetchMock, user, router } = await renderProfile({
      'GET users/me/deletion-plan': { body: PLAN },
      'POST users/me/delete': (body) =>
        (body as { password: string }).password === 'Bon2026'
          ? { body: { message: 'Votre compte a été supprimé.', deletedFiles: 1, leftFiles: 0, keptFiles: 1 } }
          : { status: 400, body: { message: 'Le mot de passe saisi est incorrect.' } },
    });
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer mon compte' });
    const deleted = await within(dialog).findByRole('list', { name: 'Dossiers supprimés' });
    expect(deleted).toHaveTextContent(
      '« Brouillon du terrain » (En cours de création), avec ses questionnaires et ses pièces — une autre personne y participe',
    );
    const kept = within(dialog).getByRole('list', { name: 'Dossiers conservés' });
    expect(kept).toHaveTextContent('« Vente transmise » (Relecture étude)');
    expect(kept).toHaveTextContent('Office notarial de Paris — 12 rue de la Paix 75008 Paris — Tél. 01 23 45 67 89 — paris@notadoo.fr');
    expect(within(dialog).getByText(/délibération CNIL n° 2014-016/)).toBeInTheDocument();
    // The name stays in the kept files' people and history (the office's record), and the dialog says so.
    expect(
      within(dialog).getByText(/Votre nom y reste, dans la liste des personnes comme dans l’historique du dossier/),
    ).toBeInTheDocument();

    const submit = within(dialog).getByRole('button', { name: 'Supprimer définitivement mon compte' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Mot de passe/), 'Faux2026');
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Je comprends que cette suppression est définitive.' }));
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Le mot de passe saisi est incorrect.');

    await user.clear(within(dialog).getByLabelText(/Mot de passe/));
    await user.type(within(dialog).getByLabelText(/Mot de passe/), 'Bon2026');
    await user.click(submit);
    // Signed out, as after an e-mail change.
    await expect.poll(() => router.state.location.pathname).toBe('/logout');
    expect(callsTo(fetchMock, 'users/me/delete', 'POST').map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { password: 'Faux2026', confirm: true },
      { password: 'Bon2026', confirm: true },
    ]);
  });
});
