import { ADMIN_MESSAGES, errorBody, type ErrorCode } from '@notadoo/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyError } from '../../../lib/notify';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render-app';
import { ContactForm } from './contact-form';

vi.mock('../../../lib/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/notify')>()),
  notifyError: vi.fn(),
}));

async function sendFilledForm() {
  renderWithProviders(<ContactForm />);
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Formulaire de contact' });
  const fill = async (label: RegExp, text: string) => {
    await user.click(within(form).getByLabelText(label));
    await user.paste(text);
  };
  await user.click(within(form).getByRole('radio', { name: 'Madame' }));
  await fill(/Prénom/, 'Claire');
  await fill(/^Nom/, 'Dubois');
  await fill(/Téléphone/, '06 12 34 56 78');
  await fill(/Adresse email/, 'claire@exemple.fr');
  await fill(/Votre message/, 'Bonjour, je souhaite rejoindre le réseau.');
  await user.click(within(form).getByRole('combobox', { name: /Motif/ }));
  await user.click(await screen.findByRole('option', { name: 'Je suis notaire et souhaite rejoindre le réseau' }));
  await user.click(within(form).getByRole('button', { name: 'Envoyer mon message' }));
}

describe('contact form refusals', () => {
  afterEach(() => vi.mocked(notifyError).mockClear());

  // Decision 0085: the code says whether the server's message is for the person, whatever its wording.
  it.each<[number, ErrorCode, string, string]>([
    [429, 'RATE_LIMITED', 'Patientez un peu avant un nouveau message.', 'Patientez un peu avant un nouveau message.'],
    [400, 'VALIDATION_FAILED', 'Ce numéro de téléphone semble incomplet.', 'Ce numéro de téléphone semble incomplet.'],
    [403, 'FORBIDDEN', 'Refus interne du serveur.', ADMIN_MESSAGES.contactFailed],
    [503, 'DATABASE_UNAVAILABLE', 'Base de données injoignable.', ADMIN_MESSAGES.contactFailed],
  ])(
    'answered %i %s, shows %j as %j',
    async (status, code, message, shown) => {
      mockFetch({ 'POST contact': { status, body: errorBody(code, message) } });
      await sendFilledForm();
      await vi.waitFor(() => expect(notifyError).toHaveBeenCalledWith(shown));
    },
    30_000,
  );
});
