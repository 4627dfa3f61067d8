import { errorBody, MESSAGES } from '@notadoo/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyError, SHORT_TOAST_DURATION_MS } from '../../../lib/notify';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';
import { InformationForm } from './information-form';

vi.mock('../../../lib/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/notify')>()),
  notifyError: vi.fn(),
}));

const session = createSession({ id: 7, email: 'claire.martin@example.fr' });

async function changeEmail() {
  renderWithProviders(<InformationForm session={session} />);
  const user = userEvent.setup();
  const form = screen.getByRole('form', { name: 'Mes informations' });
  const email = within(form).getByLabelText(/Adresse email/);
  await user.clear(email);
  await user.click(email);
  await user.paste('claire.nouvelle@example.fr');
  await user.click(within(form).getByRole('button', { name: 'Enregistrer mes informations' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirmez votre mot de passe' });
  await user.click(within(dialog).getByLabelText(/Mot de passe actuel/));
  await user.paste('Secret2026');
  await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
}

describe('information form refusals', () => {
  afterEach(() => vi.mocked(notifyError).mockClear());

  it('shows a CURRENT_PASSWORD_REQUIRED refusal as a short toast, whatever its wording', async () => {
    mockFetch({ 'PATCH users/7': { status: 400, body: errorBody('CURRENT_PASSWORD_REQUIRED', 'Votre mot de passe actuel est demandé.') } });
    await changeEmail();
    await vi.waitFor(() => expect(notifyError).toHaveBeenCalledWith('Votre mot de passe actuel est demandé.', SHORT_TOAST_DURATION_MS));
  });

  it("shows another 400 as a toast of the usual length, even worded as the current password's", async () => {
    mockFetch({ 'PATCH users/7': { status: 400, body: errorBody('CURRENT_PASSWORD_WRONG', MESSAGES.currentPasswordRequired) } });
    await changeEmail();
    await vi.waitFor(() => expect(notifyError).toHaveBeenCalledWith(MESSAGES.currentPasswordRequired));
  });
});
