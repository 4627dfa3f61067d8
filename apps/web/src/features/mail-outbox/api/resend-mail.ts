import type { OutboxMail } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { failedMailsQueryKey } from './get-failed-mails';

/** Puts a failed mail back in the outbox; the server sends it within seconds. */
export function resendMail(id: number): Promise<OutboxMail> {
  return apiClient.post<OutboxMail>(`admin/mails/${id}/resend`);
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedMailsQueryKey }),
  });
}
