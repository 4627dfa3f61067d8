import type { HistoryEventKind, HistoryPage } from '@notadoo/domain';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

/** The filters of the tab, as the server reads them (empty: not filtered). */
export interface HistoryFilters {
  kind: HistoryEventKind | '';
  actor: string;
  from: string;
  to: string;
}

export const NO_HISTORY_FILTERS: HistoryFilters = { kind: '', actor: '', from: '', to: '' };

/** `kinds=…&actor=…&from=…&to=…`, the same for the page, the CSV and the PDF. */
export function historyFilterQuery(filters: HistoryFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.kind) query.set('kinds', filters.kind);
  if (filters.actor) query.set('actor', filters.actor);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  return query;
}

/** `GET /project/{id}/history`: newest first, `limit` per page, `cursor` for the older ones. */
export function getHistoryPage(projectId: number, filters: HistoryFilters, limit: number, cursor?: string): Promise<HistoryPage> {
  const query = historyFilterQuery(filters);
  query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  return apiClient.get<HistoryPage>(`project/${projectId}/history?${query}`);
}

export function useHistoryPages(projectId: number, filters: HistoryFilters, limit: number) {
  return useInfiniteQuery({
    queryKey: ['project', projectId, 'history', filters, limit],
    queryFn: ({ pageParam }) => getHistoryPage(projectId, filters, limit, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The list (and the people of the filter) stay on screen while another selection loads.
    placeholderData: keepPreviousData,
  });
}
