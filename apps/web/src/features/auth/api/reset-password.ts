import type { resetSetSchema } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';

/** Sets the new password with the token of the e-mailed link. */
export function resetPassword({ password, token }: z.input<typeof resetSetSchema>): Promise<void> {
  return apiClient.post<void>('users/reset/password', { password, token });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
