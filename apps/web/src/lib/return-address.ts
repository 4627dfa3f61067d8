/**
 * Where a visitor was going when a private page sent them to sign in: kept
 * in the login route's state as `{ from }`, so a mail's link (a piece to
 * correct, `/project/{id}/dashboard?piece=…`) opens once signed in. Only an
 * address of this site: a path starting with one slash.
 */
export interface ReturnAddressState {
  from: string;
}

export function readReturnAddress(state: unknown): string | null {
  if (!state || typeof state !== 'object' || !('from' in state) || typeof state.from !== 'string') return null;
  const from = state.from;
  return from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') && !from.startsWith('/login') ? from : null;
}
