/**
 * Issue 27: between the password and the second factor, the partial token
 * waits here (this tab only, gone when it closes), never in the session
 * cookie: the app does not count as signed in until the code is given.
 */
export interface PendingSignIn {
  token: string;
  remember: boolean;
  /** Where to go once signed in (an inviting project, the page that sent the visitor to /login). */
  landing: string;
}

const KEY = 'notadoo.pendingSignIn';

export function savePendingSignIn(pending: PendingSignIn): void {
  sessionStorage.setItem(KEY, JSON.stringify(pending));
}

export function readPendingSignIn(): PendingSignIn | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as unknown;
    if (value && typeof value === 'object' && 'token' in value && typeof value.token === 'string') {
      const v = value as Partial<PendingSignIn>;
      return {
        token: v.token!,
        remember: v.remember === true,
        landing: typeof v.landing === 'string' && v.landing.startsWith('/') ? v.landing : '/dashboard',
      };
    }
  } catch {
    // A damaged entry: as if there were none.
  }
  return null;
}

export function clearPendingSignIn(): void {
  sessionStorage.removeItem(KEY);
}
