import type { MessageView, SendMessageInput } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { uploadWithProgress } from '../../../api/upload-with-progress';
import { messageThreadsQueryKey } from '../../../api/get-message-threads';
import { messagePagesQueryKey } from './get-message-page';

export interface SendMessageRequest extends SendMessageInput {
  projectId: number;
  thread: string;
  /** Sent with the message (multipart, up to MESSAGE_MAX_FILES), each checked like every upload. */
  files?: readonly File[];
}

/** `POST /project/{id}/threads/{thread}/messages`, or `…/attachment` with files. */
export function sendMessage({ projectId, thread, files = [], ...body }: SendMessageRequest): Promise<MessageView> {
  if (files.length === 0) return apiClient.post<MessageView>(`project/${projectId}/threads/${thread}/messages`, body);
  const form = new FormData();
  form.append('text', body.text);
  if (body.pieceRequestId !== undefined) form.append('pieceRequestId', String(body.pieceRequestId));
  for (const file of files) form.append('file', file);
  return uploadWithProgress<MessageView>(`project/${projectId}/threads/${thread}/attachment`, form);
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    // Tried even when the browser says it is offline: the failure is shown with "Réessayer" and the draft kept,
    // rather than a send paused out of sight.
    networkMode: 'always',
    // Not awaited: the text box empties as soon as the server has the message.
    onSuccess: (_message, { projectId, thread }) => {
      void queryClient.invalidateQueries({ queryKey: messagePagesQueryKey(projectId, thread) });
      void queryClient.invalidateQueries({ queryKey: messageThreadsQueryKey(projectId) });
    },
  });
}
