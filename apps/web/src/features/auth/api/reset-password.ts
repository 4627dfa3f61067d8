import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

/** Sets the new password with the token of the e-mailed link. */
export function resetPassword({ password, token }: { password: string; token: string }): Promise<void> {
  return apiClient.post<void>('users/reset/password', { password, token });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
