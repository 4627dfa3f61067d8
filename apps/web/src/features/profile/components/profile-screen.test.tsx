import { ADMIN_MESSAGES, MESSAGES } from '@notadoo/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type FetchRoutes } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';
import { PENDING_EMAIL_CANCELLED, PENDING_EMAIL_TITLE } from './pending-email-notice';

const session = createSession({ id: 7, email: 'claire.martin@example.fr' });

async function renderProfile(routes: FetchRoutes = {}, current = session) {
  const fetchMock = mockFetch({ 'GET users/me': { body: current }, ...routes });
  const view = renderApp('/profile', { token: 'jeton' });
  await screen.findByRole('heading', { level: 1, name: 'Mon profil' }, { timeout: 10_000 });
  const user = userEvent.setup();
  const fill = async (field: HTMLElement, text: string) => {
    await user.clear(field);
    await user.click(field);
    await user.paste(text);
  };
  return { ...view, fetchMock, user, fill };
}

const patches = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith('users/7') && init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(init!.body as string));

describe('profile screen', () => {
  it('refuses a new password that differs from its confirmation, without saving', async () => {
    const { fetchMock, fill } = await renderProfile();
    const form = screen.getByRole('form', { name: 'Changer mon mot de passe' });
    await fill(within(form).getByLabelText('Mot de passe actuel'), 'Ancien2026');
    await fill(within(form).getByLabelText('Nouveau mot de passe'), 'Nouveau2026');
    await fill(within(form).getByLabelText('Confirmation du nouveau mot de passe'), 'Nouveau2027');
    within(form).getByRole('button', { name: 'Changer mon mot de passe' }).click();
    expect(await screen.findAllByText(MESSAGES.newPasswordMismatch)).not.toHaveLength(0);
    expect(patches(fetchMock)).toEqual([]);
  });

  it('shows the server refusal of a wrong current password', async () => {
    const { fetchMock, fill, user } = await renderProfile({
      'PATCH users/7': { status: 400, body: { message: 'Le mot de passe actuel est incorrect.' } },
    });
    const form = screen.getByRole('form', { name: 'Changer mon mot de passe' });
    await fill(within(form).getByLabelText('Mot de passe actuel'), 'Mauvais2026');
    await fill(within(form).getByLabelText('Nouveau mot de passe'), 'Nouveau2026');
    await fill(within(form).getByLabelText('Confirmation du nouveau mot de passe'), 'Nouveau2026');
    await user.click(within(form).getByRole('button', { name: 'Changer mon mot de passe' }));
    expect(await screen.findByText('Le mot de passe actuel est incorrect.')).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([{ password: 'Mauvais2026', passwordNew: 'Nouveau2026', passwordNewConfirm: 'Nouveau2026' }]);
  });

  it('asks for the current password before changing the e-mail, says where the link went, counts down and signs out after 3 s', async () => {
    // As the server answers: the current address kept, the new one pending.
    const { fetchMock, fill, user, router } = await renderProfile({
      'PATCH users/7': () => ({
        body: { ...session, pendingEmail: 'claire.nouvelle@example.fr', scores: { EC: null }, complexity: null, token: 'jeton2' },
      }),
    });
    const form = screen.getByRole('form', { name: 'Mes informations' });
    await fill(within(form).getByLabelText(/Adresse email/), 'claire.nouvelle@example.fr');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer mes informations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmez votre mot de passe' });
    expect(patches(fetchMock)).toEqual([]);
    await fill(within(dialog).getByLabelText(/Mot de passe actuel/), 'Secret2026');
    // The countdown runs on the page's timers: the test moves them second by second instead of waiting 3 s.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
      // The notice among the page's live regions (the password form keeps an empty one for its rules).
      const notice = (await screen.findByText(/Un email de confirmation vous a été envoyé/)).closest<HTMLElement>('[role="status"]')!;
      expect(notice).toHaveTextContent("Un email de confirmation vous a été envoyé à l'adresse claire.nouvelle@example.fr");
      expect(notice).toHaveTextContent('votre adresse actuelle, claire.martin@example.fr, reste celle de votre compte');
      expect(notice).toHaveTextContent('Vous allez être déconnecté(e) dans 3 s.');
      expect(patches(fetchMock)[0]).toMatchObject({ email: 'claire.nouvelle@example.fr', password: 'Secret2026', firstName: 'Claire' });
      await screen.findByText(MESSAGES.profileUpdated);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(notice).toHaveTextContent('Vous allez être déconnecté(e) dans 2 s.');
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(notice).toHaveTextContent('Vous allez être déconnecté(e) dans 1 s.');
      expect(router.state.location.pathname).toBe('/profile');
      await act(() => vi.advanceTimersByTimeAsync(1000));
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a pending address after a reload, sends its link again, and cancels the change', async () => {
    const pending = { ...session, pendingEmail: 'claire.nouvelle@example.fr' };
    const answer = (fields: object) => ({ body: { ...pending, scores: { EC: null }, complexity: null, ...fields } });
    const { fetchMock, user } = await renderProfile(
      { 'POST users/email/resendPending': answer({}), 'PATCH users/7': () => answer({ pendingEmail: null }) },
      pending,
    );
    const notice = await screen.findByRole('region', { name: PENDING_EMAIL_TITLE });
    expect(notice).toHaveTextContent('Un lien de confirmation a été envoyé à claire.nouvelle@example.fr.');
    expect(notice).toHaveTextContent('Votre adresse actuelle, claire.martin@example.fr, reste utilisée');
    expect(screen.getByLabelText(/Adresse email/)).toHaveValue('claire.martin@example.fr');

    await user.click(within(notice).getByRole('button', { name: 'Renvoyer le lien' }));
    expect(await screen.findByText(MESSAGES.confirmationResent)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('users/email/resendPending') && init?.method === 'POST')).toBe(
      true,
    );

    await user.click(within(notice).getByRole('button', { name: 'Annuler le changement' }));
    expect(await screen.findByText(PENDING_EMAIL_CANCELLED)).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([{ email: 'claire.martin@example.fr' }]);
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: PENDING_EMAIL_TITLE })).toBeNull());
  });

  it('requests intermediary rights and shows the pending banner', async () => {
    const { user } = await renderProfile({
      'POST users/askIntermediary': { body: { ...session, needsRoleChange: true, scores: { EC: null }, complexity: null } },
    });
    await user.click(screen.getByRole('button', { name: "Demander les droits d'intermédiaire" }));
    expect(await screen.findByText(ADMIN_MESSAGES.intermediaryRequested)).toBeInTheDocument();
    expect(screen.getByText('Demande en cours')).toBeInTheDocument();
    expect(screen.getByText('Votre demande de changement de rôle est en cours de traitement.')).toBeInTheDocument();
  });
});
