import type { OpenProject, openProjectsQuerySchema } from '@notadoo/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { downloadFile, getPage } from '../../../api/api-client';
import { searchParams } from '../../../api/search-params';

/** The range as sent (AAAA-MM-JJ, either end open) and the page, as the server's schema reads them. */
export type OpenProjectsQuery = Pick<z.input<typeof openProjectsQuerySchema>, 'from' | 'to'> &
  Pick<z.output<typeof openProjectsQuerySchema>, 'page'>;

/** An empty end is not sent: the range is open on that side. */
function rangeParams(query: Pick<OpenProjectsQuery, 'from' | 'to'>): URLSearchParams {
  return searchParams({ from: query.from || undefined, to: query.to || undefined } satisfies z.input<typeof openProjectsQuerySchema>);
}

/** `GET /projects/open`: 100 projects of the range per page and the total. */
export function getOpenProjects(query: OpenProjectsQuery) {
  const params = rangeParams(query);
  params.set('page', String(query.page));
  return getPage<OpenProject>(`projects/open?${params}`);
}

/** `enabled` false: a range the screen already knows to be wrong is not asked for. */
export function useOpenProjects(query: OpenProjectsQuery, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'open-projects', query],
    queryFn: () => getOpenProjects(query),
    placeholderData: keepPreviousData,
    enabled,
    // A refused range (400) stays refused.
    retry: false,
  });
}

/** The whole range as export_projet.csv, built by the server. */
export function exportOpenProjects(query: Pick<OpenProjectsQuery, 'from' | 'to'>): Promise<Blob> {
  return downloadFile(`projects/open/export?${rangeParams(query)}`);
}
