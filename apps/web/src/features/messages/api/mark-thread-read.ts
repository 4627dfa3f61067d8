import type { markReadSchema, ThreadList } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';
import { messageThreadsQueryKey } from '../../../api/get-message-threads';

/**
 * The file and thread in the path, and the body: `upTo` the newest message
 * shown; absent, only says the reader is on the page (the heartbeat).
 */
export type MarkReadRequest = { projectId: number; thread: string } & Partial<z.output<typeof markReadSchema>>;

/** `POST /project/{id}/threads/{thread}/read`: answers the threads with their new unread counts. */
export function markThreadRead({ projectId, thread, upTo }: MarkReadRequest): Promise<ThreadList> {
  return apiClient.post<ThreadList>(
    `project/${projectId}/threads/${thread}/read`,
    (upTo === undefined ? {} : { upTo }) satisfies Partial<z.output<typeof markReadSchema>>,
  );
}

export function useMarkThreadRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markThreadRead,
    onSuccess: (threads, { projectId }) => queryClient.setQueryData(messageThreadsQueryKey(projectId), threads),
  });
}
