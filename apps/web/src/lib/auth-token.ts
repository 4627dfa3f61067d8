import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';

/** Cookie holding the bearer token (spec section 4, Sessions). */
export const AUTH_COOKIE = 'authToken';
/** Remember-me keeps the token this many days; otherwise it is a session cookie. */
export const REMEMBER_ME_DAYS = 30;

type Listener = () => void;
const listeners = new Set<Listener>();

function notifyListeners() {
  for (const listener of listeners) listener();
}

export function getAuthToken(): string | undefined {
  return Cookies.get(AUTH_COOKIE) || undefined;
}

export function setAuthToken(token: string, remember = false): void {
  Cookies.set(AUTH_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
    ...(remember ? { expires: REMEMBER_ME_DAYS } : {}),
  });
  notifyListeners();
}

export function clearAuthToken(): void {
  Cookies.remove(AUTH_COOKIE, { path: '/' });
  notifyListeners();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current token, re-rendering when this tab signs in or out (guards and header depend on it). */
export function useAuthToken(): string | undefined {
  return useSyncExternalStore(subscribe, getAuthToken, () => undefined);
}
