import type { UnreadFilesPage } from '@notadoo/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

/** `GET /messages/unread-files` (issue 28): the files with unread messages, newest first, in pages. */
export function getUnreadFiles(after?: string): Promise<UnreadFilesPage> {
  return apiClient.get<UnreadFilesPage>(`messages/unread-files${after ? `?after=${encodeURIComponent(after)}` : ''}`);
}

export function useUnreadFiles(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['messages', 'unread-files'],
    queryFn: ({ pageParam }) => getUnreadFiles(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
  });
}
