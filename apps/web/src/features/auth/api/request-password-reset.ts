import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

/** Asks for the lost-password e-mail; the server answers 200 whether or not the address is known. */
export function requestPasswordReset({ email }: { email: string }): Promise<void> {
  return apiClient.post<void>('users/reset/password', { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
