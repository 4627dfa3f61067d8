import type { UnreadFiles } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { MESSAGES_POLL_MS } from './get-message-threads';

/** `GET /messages/unread?ids=…` (issue 28): the unread messages of the dashboard's files, by file. */
export function getUnreadMessages(ids: readonly number[]): Promise<UnreadFiles> {
  return apiClient.get<UnreadFiles>(`messages/unread?ids=${ids.join(',')}`);
}

/** Counts by project id; empty while unknown (the cards then show no count rather than a wrong one). */
export function useUnreadMessages(ids: readonly number[]): Map<number, number> {
  const sorted = [...ids].sort((a, b) => a - b);
  const query = useQuery({ queryKey: ['messages', 'unread', sorted], queryFn: () => getUnreadMessages(sorted), enabled: sorted.length > 0, refetchInterval: MESSAGES_POLL_MS * 3 });
  return new Map((query.data?.files ?? []).map((f) => [f.projectId, f.unread]));
}
