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

/**
 * Stores a token the server issued in place of the current one (after a
 * password change): a remember-me token (issued for more than a day) keeps the
 * 30-day cookie, a plain one stays a session cookie.
 */
export function replaceAuthToken(token: string): void {
  setAuthToken(token, tokenLifetimeSeconds(token) > 24 * 60 * 60);
}

function tokenLifetimeSeconds(token: string): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown; iat?: unknown };
    return typeof payload.exp === 'number' && typeof payload.iat === 'number' ? payload.exp - payload.iat : 0;
  } catch {
    return 0;
  }
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
