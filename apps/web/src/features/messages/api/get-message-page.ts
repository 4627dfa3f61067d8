import type { MessagePage } from '@notadoo/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { MESSAGES_POLL_MS } from '../../../api/get-message-threads';

export const messagePagesQueryKey = (projectId: number, thread: string) => ['project', projectId, 'threads', thread, 'messages'] as const;

/** `GET /project/{id}/threads/{thread}/messages`: newest first; `before` reads the older page. */
export function getMessagePage(projectId: number, thread: string, before?: string): Promise<MessagePage> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return apiClient.get<MessagePage>(`project/${projectId}/threads/${thread}/messages${query}`);
}

/** The pages of a thread read so far; looked at again every few seconds for new messages. */
export function useMessagePages(projectId: number, thread: string) {
  return useInfiniteQuery({
    queryKey: messagePagesQueryKey(projectId, thread),
    queryFn: ({ pageParam }) => getMessagePage(projectId, thread, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.before ?? undefined,
    refetchInterval: MESSAGES_POLL_MS,
  });
}
