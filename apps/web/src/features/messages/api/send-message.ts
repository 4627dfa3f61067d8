import type { MessageView, SendMessageInput } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { messageThreadsQueryKey } from '../../../api/get-message-threads';
import { messagePagesQueryKey } from './get-message-page';

export interface SendMessageRequest extends SendMessageInput {
  projectId: number;
  thread: string;
}

/** `POST /project/{id}/threads/{thread}/messages`. */
export function sendMessage({ projectId, thread, ...body }: SendMessageRequest): Promise<MessageView> {
  return apiClient.post<MessageView>(`project/${projectId}/threads/${thread}/messages`, body);
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    // Not awaited: the text box empties as soon as the server has the message.
    onSuccess: (_message, { projectId, thread }) => {
      void queryClient.invalidateQueries({ queryKey: messagePagesQueryKey(projectId, thread) });
      void queryClient.invalidateQueries({ queryKey: messageThreadsQueryKey(projectId) });
    },
  });
}
