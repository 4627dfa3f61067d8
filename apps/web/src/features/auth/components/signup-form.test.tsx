import { MESSAGES } from '@notadoo/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getAuthToken } from '../../../lib/auth-token';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render-app';
import { SignupForm } from './signup-form';

function renderSignup() {
  const onSuccess = vi.fn();
  renderWithProviders(<SignupForm onSuccess={onSuccess} />);
  return { onSuccess, user: userEvent.setup(), submit: () => screen.getByRole('button', { name: 'Créer mon compte' }) };
}

async function fillAccount(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Prénom/), 'Claire');
  await user.type(screen.getByLabelText(/^Nom/), 'Martin');
  await user.type(screen.getByLabelText(/^Adresse email/), 'Claire.Martin@Example.fr');
}

describe('signup form', () => {
  it('keeps the submit disabled until the password rule and its confirmation hold', async () => {
    mockFetch();
    const { user, submit } = renderSignup();
    const password = await screen.findByLabelText(/^Mot de passe/);
    const confirmation = screen.getByLabelText(/^Confirmation du mot de passe/);
    expect(submit()).toBeDisabled();
    expect(screen.getByText(MESSAGES.passwordHint)).toBeInTheDocument();

    await user.type(password, 'abcdef'); // 6 characters, no digit
    await user.type(confirmation, 'abcdef');
    expect(submit()).toBeDisabled();

    await user.clear(password);
    await user.type(password, 'abcdefg'); // 7 characters, still no digit
    await user.clear(confirmation);
    await user.type(confirmation, 'abcdefg');
    expect(submit()).toBeDisabled();

    await user.clear(password);
    await user.type(password, 'Lapin42');
    await user.clear(confirmation);
    await user.type(confirmation, 'abcdef2');
    expect(submit()).toBeDisabled();
    expect(screen.getByText(MESSAGES.signupPasswordMismatch)).toBeInTheDocument();

    await user.clear(confirmation);
    await user.type(confirmation, 'Lapin42');
    expect(submit()).toBeEnabled();
    expect(screen.queryByText(MESSAGES.signupPasswordMismatch)).not.toBeInTheDocument();
  });

  it('requires the terms before sending anything', async () => {
    const fetchMock = mockFetch();
    const { user, submit } = renderSignup();
    await fillAccount(user);
    await user.type(screen.getByLabelText(/^Mot de passe/), 'tilleul12');
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'tilleul12');
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.termsRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the signup payload and stores a session cookie', async () => {
    const fetchMock = mockFetch({ 'POST users/signup': { status: 201, body: { token: 'nouveau-jeton' } } });
    const { user, submit, onSuccess } = renderSignup();
    await fillAccount(user);
    await user.type(screen.getByLabelText(/^Mot de passe/), 'tilleul12');
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'tilleul12');
    await user.click(screen.getByRole('checkbox', { name: "J'accepte les conditions d'utilisation" }));
    await user.click(screen.getByRole('checkbox', { name: /Je suis intermédiaire immobilier ou notaire/ }));
    await user.click(submit());
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      login: 'claire.martin@example.fr',
      email: 'claire.martin@example.fr',
      password: 'tilleul12',
      passwordConfirm: 'tilleul12',
      firstName: 'Claire',
      lastName: 'Martin',
      intermediary: 'yes',
    });
    expect(getAuthToken()).toBe('nouveau-jeton');
  });

  it('says when the e-mail is already taken and keeps what was typed', async () => {
    mockFetch({ 'POST users/signup': { status: 403, body: { message: 'Refusé' } } });
    const { user, submit, onSuccess } = renderSignup();
    await fillAccount(user);
    await user.type(screen.getByLabelText(/^Mot de passe/), 'tilleul12');
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'tilleul12');
    await user.click(screen.getByRole('checkbox', { name: "J'accepte les conditions d'utilisation" }));
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.emailTaken)).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Prénom/)).toHaveValue('Claire');
  });
});
