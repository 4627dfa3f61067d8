import type { ThreadList } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

/**
 * The threads of a file the viewer reads, with their unread counts (issue 28).
 * Shared: the Messages tab lists them and the tab's label shows the count.
 */
export const messageThreadsQueryKey = (projectId: number) => ['project', projectId, 'threads'] as const;

/** New messages are looked for this often while the page is open. */
export const MESSAGES_POLL_MS = 10_000;

export function getMessageThreads(projectId: number): Promise<ThreadList> {
  return apiClient.get<ThreadList>(`project/${projectId}/threads`);
}

export function useMessageThreads(projectId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: messageThreadsQueryKey(projectId),
    queryFn: () => getMessageThreads(projectId),
    enabled,
    refetchInterval: MESSAGES_POLL_MS,
  });
}
