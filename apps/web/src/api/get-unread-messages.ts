import { DASHBOARD_PAGE_SIZE, type UnreadFiles } from '@notadoo/domain';
import { useQueries } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { MESSAGES_POLL_MS } from './get-message-threads';

/** `GET /messages/unread?ids=…` (issue 28): the unread messages of the dashboard's files, by file. */
export function getUnreadMessages(ids: readonly number[]): Promise<UnreadFiles> {
  return apiClient.get<UnreadFiles>(`messages/unread?ids=${ids.join(',')}`);
}

/**
 * Counts by project id; empty while unknown (the cards then show no count
 * rather than a wrong one). Asked a dashboard page at a time, in the order
 * shown: the server takes 100 files at most, and a page loaded later adds a
 * request instead of asking again for the ones already counted.
 */
export function useUnreadMessages(ids: readonly number[]): Map<number, number> {
  const chunks: number[][] = [];
  for (let start = 0; start < ids.length; start += DASHBOARD_PAGE_SIZE) chunks.push(ids.slice(start, start + DASHBOARD_PAGE_SIZE));
  const queries = useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: ['messages', 'unread', chunk],
      queryFn: () => getUnreadMessages(chunk),
      refetchInterval: MESSAGES_POLL_MS * 3,
    })),
  });
  return new Map(queries.flatMap((query) => query.data?.files ?? []).map((f) => [f.projectId, f.unread]));
}
