import { PASSWORD_CHANGE_REQUIRED_CODE, PASSWORD_POLICY_MESSAGES, passwordEntropyBits } from '@notadoo/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getAuthToken } from '../../../lib/auth-token';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';

/** Issue 27: the "stronger password" screen of an office member held by the server, and the rules said live. */
const notary = createSession({
  id: 9,
  firstName: 'Nicolas',
  lastName: 'Bernard',
  email: 'notaire@notadoo.fr',
  isNotary: true,
  notary_office: { id: 1, city: 'Paris' },
});
const STRONG = 'Vq8$kTn3#pZw6';

describe('stronger password screen', () => {
  it('holds a notary with a weak password, shows the strength and the reason live, and lets them through once changed', async () => {
    let held = true;
    const fetchMock = mockFetch({
      'GET users/me': () => ({ body: { ...notary, passwordChangeRequired: held } }),
      'POST users/me/password': () => {
        held = false;
        return { body: { token: 'nouveau-jeton' } };
      },
    });
    renderApp('/dashboard', { token: 'jeton' });
    expect(
      await screen.findByRole('heading', { level: 1, name: PASSWORD_POLICY_MESSAGES.gateTitle }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Enregistrer mon nouveau mot de passe' });
    const newPassword = screen.getByLabelText(/^Nouveau mot de passe/);
    expect(newPassword).toHaveAttribute('aria-describedby', expect.stringContaining('stronger-password-rules'));

    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'Lanterne123');
    await user.type(newPassword, 'Tilleul42');
    await user.type(screen.getByLabelText(/^Confirmation du nouveau/), 'Tilleul42');
    const bits = passwordEntropyBits('Tilleul42');
    expect(bits).toBeLessThan(80);
    expect(screen.getByTestId('password-strength')).toHaveTextContent(`Robustesse : ${bits} bits sur les 80 demandés`);
    expect(screen.getByRole('progressbar', { name: 'Robustesse du mot de passe' })).toHaveAttribute(
      'aria-valuetext',
      `${bits} bits sur les 80 demandés`,
    );
    expect(screen.getByText(PASSWORD_POLICY_MESSAGES.staffStrength(bits))).toBeInTheDocument();
    expect(submit).toBeDisabled();

    // Built from his own name: refused whatever its length.
    await user.clear(newPassword);
    await user.type(newPassword, 'Nicolas-Bernard-2026!');
    expect(await screen.findByText(PASSWORD_POLICY_MESSAGES.personal)).toBeInTheDocument();

    await user.clear(newPassword);
    await user.type(newPassword, STRONG);
    const confirmation = screen.getByLabelText(/^Confirmation du nouveau/);
    await user.clear(confirmation);
    await user.type(confirmation, STRONG);
    expect(screen.queryByText(PASSWORD_POLICY_MESSAGES.personal)).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
    await user.click(submit);

    await waitFor(
      () => expect(screen.queryByRole('heading', { level: 1, name: PASSWORD_POLICY_MESSAGES.gateTitle })).not.toBeInTheDocument(),
      { timeout: 10_000 },
    );
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('users/me/password'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ password: 'Lanterne123', passwordNew: STRONG, passwordNewConfirm: STRONG });
    expect(getAuthToken()).toBe('nouveau-jeton');
  });

  it('shows the screen when a call is held by the server (a notary made so during the session)', async () => {
    let held = false;
    mockFetch({
      'GET users/me': () => ({ body: { ...notary, passwordChangeRequired: held } }),
      'GET projects/mine': () => {
        held = true;
        return { status: 403, body: { message: PASSWORD_POLICY_MESSAGES.changeRequired, code: PASSWORD_CHANGE_REQUIRED_CODE } };
      },
    });
    renderApp('/dashboard', { token: 'jeton' });
    expect(
      await screen.findByRole('heading', { level: 1, name: PASSWORD_POLICY_MESSAGES.gateTitle }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Me déconnecter' })).toHaveAttribute('href', '/logout');
  });

  it('says live at signup that a password built from the name is refused, and keeps the button disabled', async () => {
    mockFetch({});
    renderApp('/signup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Prénom', { exact: true }, { timeout: 10_000 }), 'Jean');
    await user.type(screen.getByLabelText('Nom', { exact: true }), 'Dupont');
    await user.type(screen.getByLabelText('Mot de passe', { exact: true }), 'Dupont2024');
    await user.type(screen.getByLabelText('Confirmation du mot de passe', { exact: true }), 'Dupont2024');
    expect(await screen.findByText(PASSWORD_POLICY_MESSAGES.personal)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer mon compte' })).toBeDisabled();
    // No strength meter for a client: the specification's rule is theirs.
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
