import type { Session } from '@notadoo/domain';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useAuthToken } from '../lib/auth-token';
import { apiClient } from './api-client';

export const sessionQueryKey = ['session'] as const;

/**
 * Reads the session again after a change the server made. A read still on its
 * way may predate the change, and invalidating alone keeps a query's first
 * fetch: it is cancelled first.
 */
export function readSessionAnew(queryClient: QueryClient): Promise<void> {
  return queryClient.cancelQueries({ queryKey: sessionQueryKey }).then(() => queryClient.invalidateQueries({ queryKey: sessionQueryKey }));
}

export function getSession(): Promise<Session> {
  return apiClient.get<Session>('users/me');
}

/**
 * The signed-in user, loaded only while a token exists. `session` is undefined
 * for a visitor and while loading; a 401 sends the user to /logout (api-client).
 */
export function useSession() {
  const token = useAuthToken();
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    enabled: Boolean(token),
    staleTime: 5 * 60 * 1000,
  });
  return {
    session: token ? query.data : undefined,
    isSignedIn: Boolean(token),
    isLoading: Boolean(token) && query.isPending,
    isError: query.isError,
    error: query.error,
  };
}
