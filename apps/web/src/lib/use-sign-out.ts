import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clearAuthToken } from './auth-token';

/** Forgets the token and everything loaded with it, so the next user sees nothing of the previous one. */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearAuthToken();
    queryClient.clear();
  }, [queryClient]);
}
