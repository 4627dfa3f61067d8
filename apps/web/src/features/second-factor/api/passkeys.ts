import type { PasskeyAdded, PasskeyList, TokenAnswer } from '@notadoo/domain';
import type { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { secondFactorStatusKey } from './second-factor';

/**
 * Issue 27: passkeys (WebAuthn). The server makes each ceremony's options
 * (and keeps its challenge); @simplewebauthn/browser asks the device; the
 * answer goes back to the server. The browser's refusals are said in French.
 * The library is loaded at the first ceremony, not with the login page.
 */
export const passkeysKey = ['second-factor', 'passkeys'] as const;

type CreationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];
type RequestOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/** An error of the browser's side of a ceremony, with the French sentence to show. */
export class PasskeyCeremonyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasskeyCeremonyError';
  }
}

export const PASSKEY_BROWSER_MESSAGES = {
  cancelled: 'Opération annulée ou délai dépassé : aucune clé d’accès n’a été utilisée. Vous pouvez réessayer.',
  alreadyRegistered: 'Cet appareil contient déjà une clé d’accès pour votre compte.',
  unsupported: 'Ce navigateur ou cet appareil ne permet pas d’utiliser une clé d’accès.',
  wrongAddress: 'Les clés d’accès ne fonctionnent qu’à l’adresse officielle du site.',
  failed: 'La clé d’accès n’a pas pu être utilisée. Réessayez, ou utilisez un autre moyen.',
} as const;

/** The French sentence for what the browser threw during a ceremony. */
export function passkeyBrowserMessage(error: unknown): string {
  // A WebAuthnError of the library carries its `code` and, as its name, the browser's DOMException's.
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  const name = error instanceof Error ? error.name : undefined;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return PASSKEY_BROWSER_MESSAGES.alreadyRegistered;
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError') return PASSKEY_BROWSER_MESSAGES.cancelled;
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError')
    return PASSKEY_BROWSER_MESSAGES.wrongAddress;
  if (
    name === 'NotSupportedError' ||
    code === 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT' ||
    code === 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT'
  )
    return PASSKEY_BROWSER_MESSAGES.unsupported;
  return PASSKEY_BROWSER_MESSAGES.failed;
}

type Library = typeof import('@simplewebauthn/browser');

async function askDevice<T>(ceremony: (library: Library) => Promise<T>): Promise<T> {
  if (!passkeysSupported()) throw new PasskeyCeremonyError(PASSKEY_BROWSER_MESSAGES.unsupported);
  let library: Library;
  try {
    library = await import('@simplewebauthn/browser');
  } catch {
    throw new PasskeyCeremonyError(PASSKEY_BROWSER_MESSAGES.failed);
  }
  try {
    return await ceremony(library);
  } catch (error) {
    throw new PasskeyCeremonyError(passkeyBrowserMessage(error));
  }
}

/** Whether this browser can run a passkey ceremony at all (the buttons are offered only then). */
export function passkeysSupported(): boolean {
  return typeof globalThis.PublicKeyCredential === 'function';
}

export function listPasskeys(): Promise<PasskeyList> {
  return apiClient.get<PasskeyList>('auth/passkeys');
}

export function usePasskeys(enabled = true) {
  return useQuery({ queryKey: passkeysKey, queryFn: listPasskeys, enabled });
}

/** Adds a passkey under `name`: the options, the device's creation, the server's check. Answers the session's new token. */
export async function addPasskey(name: string): Promise<PasskeyAdded> {
  const options = await apiClient.post<CreationOptions>('auth/passkeys/registration/options', {});
  const response = await askDevice((lib) => lib.startRegistration({ optionsJSON: options }));
  return apiClient.post<PasskeyAdded>('auth/passkeys/registration', { name, response });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete<PasskeyList>(`auth/passkeys/${id}`),
    onSuccess: (list) => {
      queryClient.setQueryData(passkeysKey, list);
      void queryClient.invalidateQueries({ queryKey: secondFactorStatusKey });
    },
  });
}

/** The sign-in's step with a passkey of the account, with the partial token the password gave. */
export async function signInStepWithPasskey(partialToken: string): Promise<TokenAnswer> {
  const options = await apiClient.post<RequestOptions>('auth/passkeys/authentication/options', {}, { token: partialToken });
  const response = await askDevice((lib) => lib.startAuthentication({ optionsJSON: options }));
  return apiClient.post<TokenAnswer>('auth/second-factor/passkey', { response }, { token: partialToken });
}

/** A re-authentication before a sensitive action, with a passkey of the account. */
export async function reauthenticateWithPasskey(): Promise<TokenAnswer> {
  const options = await apiClient.post<RequestOptions>('auth/passkeys/authentication/options', {});
  const response = await askDevice((lib) => lib.startAuthentication({ optionsJSON: options }));
  return apiClient.post<TokenAnswer>('auth/reauthenticate/passkey', { response });
}

/** Signing in with a passkey alone, from the login page (the device verifies its user). */
export async function signInWithPasskey(remember = false): Promise<TokenAnswer> {
  const options = await apiClient.post<RequestOptions>('users/login/passkey/options', {});
  const response = await askDevice((lib) => lib.startAuthentication({ optionsJSON: options }));
  return apiClient.post<TokenAnswer>('users/login/passkey', { response, remember });
}

/** The message of a failed passkey action: the browser's in French, else the server's. */
export function passkeyErrorMessage(error: unknown, readServer: (error: unknown) => string): string {
  return error instanceof PasskeyCeremonyError ? error.message : readServer(error);
}
