import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PasskeyView } from '@notadoo/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch';
import { bodyOf, callsTo } from '../../../testing/tab-fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { PASSKEY_BROWSER_MESSAGES } from '../api/passkeys';
import { PasskeyButton } from './passkey-sign-in-button';
import { PasskeysPanel } from './passkeys-panel';

// The browser's side of the ceremonies: what @simplewebauthn/browser would hand back, or throw.
const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const registration = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
};
const passkey: PasskeyView = {
  id: 7,
  name: 'Ordinateur du bureau',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-23T14:30:00.000Z',
};

/** A DOMException as the browser throws it when the person cancels (as the library passes it on). */
function cancelled() {
  return Object.assign(new Error('The operation either timed out or was not allowed.'), {
    name: 'NotAllowedError',
    code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
  });
}

describe('passkeys in the profile', () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    browser.startRegistration.mockReset();
    browser.startAuthentication.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the passkeys with their last use, and adds one under the name given', async () => {
    let list = [passkey];
    const fetchMock = mockFetch({
      'GET auth/passkeys': () => ({ body: { passkeys: list } }),
      'GET auth/second-factor': { body: { totp: false, passkeys: 1, backupCodesLeft: 0, mandatory: true, enabledAt: null } },
      'POST auth/passkeys/registration/options': {
        body: {
          challenge: 'abc',
          rp: { id: 'localhost', name: 'Notadoo' },
          user: { id: 'u', name: 'n', displayName: 'n' },
          pubKeyCredParams: [],
        },
      },
      'POST auth/passkeys/registration': (body) => {
        list = [...list, { ...passkey, id: 8, name: (body as { name: string }).name, lastUsedAt: null }];
        return { body: { token: 'nouveau-jeton', passkey: list.at(-1) } };
      },
    });
    browser.startRegistration.mockResolvedValue(registration);
    renderWithProviders(<PasskeysPanel />);
    const items = await screen.findByRole('list', { name: 'Vos clés d’accès' });
    expect(within(items).getByText('Ordinateur du bureau')).toBeInTheDocument();
    expect(within(items).getByText(/dernière utilisation le 23 novembre 2026/)).toBeInTheDocument();

    const user = userEvent.setup();
    // No name: said under the field, no ceremony.
    await user.click(screen.getByRole('button', { name: 'Ajouter une clé d’accès' }));
    expect(await screen.findByText(/Donnez un nom à cette clé d’accès/)).toBeInTheDocument();
    expect(browser.startRegistration).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Nom de la clé d’accès'), 'Téléphone');
    await user.click(screen.getByRole('button', { name: 'Ajouter une clé d’accès' }));
    expect(await screen.findByText('Clé d’accès « Téléphone » ajoutée.')).toBeInTheDocument();
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: expect.objectContaining({ challenge: 'abc' }) });
    const sent = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('auth/passkeys/registration') && init?.method === 'POST');
    expect(JSON.parse(sent![1]!.body as string)).toEqual({ name: 'Téléphone', response: registration });
    await within(screen.getByRole('list', { name: 'Vos clés d’accès' })).findByText('Téléphone');
  });

  it('says in French that the browser ceremony was cancelled, and sends nothing', async () => {
    const fetchMock = mockFetch({
      'GET auth/passkeys': { body: { passkeys: [] } },
      'POST auth/passkeys/registration/options': {
        body: {
          challenge: 'abc',
          rp: { id: 'localhost', name: 'Notadoo' },
          user: { id: 'u', name: 'n', displayName: 'n' },
          pubKeyCredParams: [],
        },
      },
    });
    browser.startRegistration.mockRejectedValue(cancelled());
    renderWithProviders(<PasskeysPanel />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nom de la clé d’accès'), 'Clé USB');
    await user.click(screen.getByRole('button', { name: 'Ajouter une clé d’accès' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSKEY_BROWSER_MESSAGES.cancelled);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('auth/passkeys/registration'))).toBe(false);
  });

  it('removes a passkey only once the dialog confirms it, and shows the server’s refusal', async () => {
    const fetchMock = mockFetch({
      'GET auth/passkeys': { body: { passkeys: [passkey] } },
      'DELETE auth/passkeys/7': {
        status: 403,
        body: { message: 'La double authentification est obligatoire pour les membres d’un office et les administrateurs.' },
      },
    });
    renderWithProviders(<PasskeysPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retirer la clé d’accès « Ordinateur du bureau »' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirer cette clé d’accès ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Retirer la clé d’accès « Ordinateur du bureau »' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Retirer cette clé d’accès ?' })).getByRole('button', {
        name: 'Retirer la clé d’accès',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('La double authentification est obligatoire');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });
});

describe('the passkey button (login page, code step, re-authentication)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is not offered by a browser without WebAuthn', () => {
    renderWithProviders(<PasskeyButton label="Se connecter avec une clé d’accès" run={vi.fn()} onToken={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Se connecter avec une clé d’accès' })).not.toBeInTheDocument();
  });

  it('hands on the token, or says the refusal in French, announced', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const onToken = vi.fn();
    const run = vi
      .fn()
      .mockRejectedValueOnce(new (await import('../api/passkeys')).PasskeyCeremonyError(PASSKEY_BROWSER_MESSAGES.cancelled))
      .mockResolvedValueOnce({ token: 'jeton' });
    renderWithProviders(<PasskeyButton label="Se connecter avec une clé d’accès" run={run} onToken={onToken} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Se connecter avec une clé d’accès' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSKEY_BROWSER_MESSAGES.cancelled);
    await user.click(button);
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('jeton'));
  });

  it('signs in from the login page with the passkey, for 30 days when « Se souvenir de moi » is ticked', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    browser.startAuthentication.mockResolvedValue({
      id: 'cred',
      rawId: 'cred',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
    });
    const fetchMock = mockFetch({
      'POST users/login/passkey/options': { body: { challenge: 'abc', allowCredentials: [] } },
      'POST users/login/passkey': { body: { token: 'jeton-de-30-jours' } },
    });
    const { LoginPage } = await import('../../../app/routes/account/login');
    renderWithProviders(<LoginPage />, { path: '/login', routes: [{ path: '/dashboard', element: <p>Tableau de bord</p> }] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Se souvenir de moi' }));
    await user.click(screen.getByRole('button', { name: 'Se connecter avec une clé d’accès' }));
    expect(await screen.findByText('Tableau de bord')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', 'users/login/passkey')[0])).toMatchObject({ remember: true });
    expect(document.cookie).toContain('authToken=jeton-de-30-jours');
  });
});
