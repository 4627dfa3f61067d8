import type { emailConfirmSchema } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';
import { sessionQueryKey } from '../../../api/get-session';

export function confirmEmail({ email, token }: z.input<typeof emailConfirmSchema>): Promise<void> {
  return apiClient.post<void>('users/email/confirm', { email, token });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // The banner asking for confirmation must disappear for a signed-in user. The session's first read, sent as
    // the page opened, may still be on its way with the address unconfirmed: invalidating alone would keep that
    // answer (a first fetch is not cancelled) for the session's 5 minutes. So it is cancelled, then read anew.
    onSuccess: () =>
      queryClient.cancelQueries({ queryKey: sessionQueryKey }).then(() => queryClient.invalidateQueries({ queryKey: sessionQueryKey })),
  });
}
