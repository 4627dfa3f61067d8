import type { OpenProject } from '@notadoo/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadFile, getPage } from '../../../api/api-client';

export interface OpenProjectsQuery {
  from: string;
  to: string;
  page: number;
}

function rangeParams(query: Pick<OpenProjectsQuery, 'from' | 'to'>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  return params;
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
