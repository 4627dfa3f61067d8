import type { resendConfirmSchema } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';

export function resendEmailConfirmation({ email }: z.input<typeof resendConfirmSchema>): Promise<void> {
  return apiClient.post<void>('users/email/resendConfirm', { email });
}

export function useResendEmailConfirmation() {
  return useMutation({ mutationFn: resendEmailConfirmation });
}
