import type { emailConfirmSchema } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';
import { readSessionAnew } from '../../../api/get-session';

export function confirmEmail({ email, token }: z.input<typeof emailConfirmSchema>): Promise<void> {
  return apiClient.post<void>('users/email/confirm', { email, token });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // The banner asking for confirmation must disappear for a signed-in user, even if the page's first read of the
    // session predates the confirmation.
    onSuccess: () => readSessionAnew(queryClient),
  });
}
