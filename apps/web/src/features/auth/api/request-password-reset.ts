import type { resetRequestSchema } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';

/** Asks for the lost-password e-mail; the server answers 200 whether or not the address is known. */
export function requestPasswordReset({ email }: z.input<typeof resetRequestSchema>): Promise<void> {
  return apiClient.post<void>('users/reset/password', { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
