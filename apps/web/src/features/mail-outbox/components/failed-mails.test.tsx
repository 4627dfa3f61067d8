import type { OutboxMail, OutboxPage } from '@notadoo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../../lib/auth-token';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';
import { FailedMails } from './failed-mails';

function failedMail(overrides: Partial<OutboxMail> = {}): OutboxMail {
  return {
    id: 7,
    recipient: 'inconnu@exemple.fr',
    subject: 'Confirmez votre adresse email',
    status: 'failed',
    attempts: 1,
    lastError: "Can't send mail - all recipients were rejected: 550 5.1.1 <inconnu@exemple.fr>: Recipient address rejected",
    createdAt: '2026-11-22T09:00:00.000Z',
    lastAttemptAt: '2026-11-22T09:00:01.000Z',
    nextAttemptAt: null,
    sentAt: null,
    failedAt: '2026-11-22T09:00:01.000Z',
    ...overrides,
  };
}

const page = (items: OutboxMail[], total = items.length): OutboxPage => ({ items, total, page: 1, perPage: 20 });
const admin = createSession({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });

describe('failed mails (administration)', () => {
  it('lists the failed mails with recipient, subject, error and attempts, and sends one again', async () => {
    setAuthToken('jeton');
    let failed = [
      failedMail(),
      failedMail({
        id: 8,
        recipient: 'absent@exemple.fr',
        subject: 'Réinitialisation de votre mot de passe',
        attempts: 57,
        lastError: 'connect ECONNREFUSED',
      }),
    ];
    const fetchMock = mockFetch({
      'GET users/me': { body: admin },
      'GET admin/mails?status=failed&page=1&perPage=20': () => ({ body: page(failed) }),
      'POST admin/mails/7/resend': () => {
        failed = failed.filter((m) => m.id !== 7);
        return { body: failedMail({ status: 'pending', attempts: 0 }) };
      },
    });
    renderWithProviders(<FailedMails />);
    const table = await screen.findByRole('table', { name: 'Mails en échec' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['inconnu@exemple.fr', 'Confirmez votre adresse email', expect.stringContaining('550 5.1.1'), '1'],
      ['absent@exemple.fr', 'Réinitialisation de votre mot de passe', 'connect ECONNREFUSED', '57'],
    ]);

    await userEvent.click(
      screen.getByRole('button', { name: 'Envoyer à nouveau le mail « Confirmez votre adresse email » à inconnu@exemple.fr' }),
    );
    expect(await screen.findByText('Le mail sera envoyé à nouveau dans quelques instants.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('inconnu@exemple.fr')).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('admin/mails/7/resend'), expect.objectContaining({ method: 'POST' }));
  });

  it('shows the server refusal when a mail cannot be sent again', async () => {
    setAuthToken('jeton');
    mockFetch({
      'GET users/me': { body: admin },
      'GET admin/mails?status=failed&page=1&perPage=20': { body: page([failedMail()]) },
      'POST admin/mails/7/resend': { status: 409, body: { message: 'Seul un mail en échec peut être envoyé à nouveau.' } },
    });
    renderWithProviders(<FailedMails />);
    await userEvent.click(await screen.findByRole('button', { name: /Envoyer à nouveau le mail/ }));
    expect(await screen.findByText('Seul un mail en échec peut être envoyé à nouveau.')).toBeInTheDocument();
  });

  it('says when no mail has failed', async () => {
    setAuthToken('jeton');
    mockFetch({ 'GET users/me': { body: admin }, 'GET admin/mails?status=failed&page=1&perPage=20': { body: page([]) } });
    renderWithProviders(<FailedMails />);
    expect(await screen.findByText("Aucun mail en échec : tous les mails ont été envoyés ou sont en cours d'envoi.")).toBeInTheDocument();
  });

  it('moves to the second page of a long list', async () => {
    setAuthToken('jeton');
    mockFetch({
      'GET users/me': { body: admin },
      'GET admin/mails?status=failed&page=1&perPage=20': { body: page([failedMail()], 25) },
      'GET admin/mails?status=failed&page=2&perPage=20': {
        body: { ...page([failedMail({ id: 3, recipient: 'ancien@exemple.fr' })], 25), page: 2 },
      },
    });
    renderWithProviders(<FailedMails />);
    await screen.findByText('inconnu@exemple.fr');
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('ancien@exemple.fr')).toBeInTheDocument();
  });

  it('shows nothing to a user who is not an admin, and asks nothing of the server', async () => {
    setAuthToken('jeton');
    const fetchMock = mockFetch({ 'GET users/me': { body: createSession() } });
    const { container } = renderWithProviders(<FailedMails />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('users/me'), expect.anything()));
    expect(container.querySelector('section')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('admin/mails'))).toBe(false);
  });
});
