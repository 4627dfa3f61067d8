import { MESSAGES, PASSWORD_POLICY_MESSAGES } from '@notadoo/domain';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getAuthToken } from '../../../lib/auth-token';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';

async function choosePassword(password: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Nouveau mot de passe/), password);
  await user.type(screen.getByLabelText(/^Confirmation/), confirmation);
  return user;
}

describe('reset password screen', () => {
  it('shows the mismatch and keeps the submit disabled', async () => {
    mockFetch();
    renderApp('/reset/password/t0k');
    await choosePassword('tilleul12', 'tilleul13');
    expect(screen.getByText(MESSAGES.resetPasswordMismatch)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' })).toBeDisabled();
  });

  it('sets the password, then signs out and opens login after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({ 'POST users/reset/password': { body: {} }, 'GET users/me': { body: createSession() } });
    const { router } = renderApp('/reset/password/t0k', { token: 'ancien-jeton' });
    const user = await choosePassword('tilleul12', 'tilleul12');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }));
    expect(await screen.findByText(MESSAGES.resetSucceeded)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/users/reset/password');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ password: 'tilleul12', token: 't0k' });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(getAuthToken()).toBeUndefined();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says the link may have expired when the server refuses', async () => {
    // What the server answers for a used or expired link (400), shown as it is.
    mockFetch({ 'POST users/reset/password': { status: 400, body: { message: MESSAGES.resetFailed } } });
    renderApp('/reset/password/t0k');
    const user = await choosePassword('tilleul12', 'tilleul12');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }));
    expect(await screen.findByText(MESSAGES.resetFailed)).toBeInTheDocument();
  });

  it('says why the server refused the password (issue 27: an office member’s needs 80 bits)', async () => {
    const reason = PASSWORD_POLICY_MESSAGES.staffStrength(54);
    mockFetch({ 'POST users/reset/password': { status: 400, body: { message: reason } } });
    renderApp('/reset/password/t0k');
    const user = await choosePassword('tilleul12', 'tilleul12');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
  });

  it('keeps the button disabled and says why for a common password', async () => {
    mockFetch({});
    renderApp('/reset/password/t0k');
    await choosePassword('azerty123', 'azerty123');
    expect(await screen.findByText(PASSWORD_POLICY_MESSAGES.common)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' })).toBeDisabled();
  });
});
