import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

export function resendEmailConfirmation({ email }: { email: string }): Promise<void> {
  return apiClient.post<void>('users/email/resendConfirm', { email });
}

export function useResendEmailConfirmation() {
  return useMutation({ mutationFn: resendEmailConfirmation });
}
