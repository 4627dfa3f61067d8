import type { MessageView } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { messagePagesQueryKey } from './get-message-page';

/** `POST /message/{id}/withdraw`: its author, within 5 minutes. */
export function withdrawMessage({ messageId }: { messageId: number; projectId: number; thread: string }): Promise<MessageView> {
  return apiClient.post<MessageView>(`message/${messageId}/withdraw`);
}

export function useWithdrawMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawMessage,
    onSuccess: (_m, { projectId, thread }) => queryClient.invalidateQueries({ queryKey: messagePagesQueryKey(projectId, thread) }),
  });
}
