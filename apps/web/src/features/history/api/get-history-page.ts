import type { HistoryEventKind, historyFilterSchema, HistoryPage, historyPageQuerySchema } from '@notadoo/domain';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';
import { searchParams } from '../../../api/search-params';

/** The filters of the tab, as the server reads them (empty: not filtered). */
export interface HistoryFilters {
  kind: HistoryEventKind | '';
  actor: string;
  from: string;
  to: string;
}

export const NO_HISTORY_FILTERS: HistoryFilters = { kind: '', actor: '', from: '', to: '' };

/** The filters as the server's schema reads them (`kinds=…&actor=…&from=…&to=…`), an empty one left out. */
function filterQuery(filters: HistoryFilters) {
  return {
    kinds: filters.kind || undefined,
    actor: filters.actor || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  } satisfies z.input<typeof historyFilterSchema>;
}

/** The query of the filters, the same for the page, the CSV and the PDF. */
export function historyFilterQuery(filters: HistoryFilters): URLSearchParams {
  return searchParams(filterQuery(filters));
}

/** `GET /project/{id}/history`: newest first, `limit` per page, `cursor` for the older ones. */
export function getHistoryPage(projectId: number, filters: HistoryFilters, limit: number, cursor?: string): Promise<HistoryPage> {
  const query = searchParams({ ...filterQuery(filters), limit, cursor: cursor || undefined } satisfies z.input<
    typeof historyPageQuerySchema
  >);
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
