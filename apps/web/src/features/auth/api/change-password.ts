import type { PasswordChangePayload, TokenAnswer } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { replaceAuthToken } from '../../../lib/auth-token';

/** `POST /users/me/password` (issue 27): answers the session's new token; the older ones stop working. */
export function changePassword(payload: PasswordChangePayload): Promise<TokenAnswer> {
  return apiClient.post<TokenAnswer>('users/me/password', payload);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async ({ token }) => {
      replaceAuthToken(token);
      // Everything read while held at the gate was refused: read it all again with the new token.
      await queryClient.invalidateQueries();
    },
  });
}
