import {
  NEXT_PAGE_HEADER,
  type dashboardQuerySchema,
  type NotaryOffice,
  type PartialProject,
  type ProjectSummary,
  type ProjectType,
} from '@notadoo/domain';
import { useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, apiRequestWithHeaders } from '../../../api/api-client';
import { searchParams } from '../../../api/search-params';

/** What the dashboard lists: full summaries, and partial entries (name and status) where the user's role grants no access. */
export type DashboardProject = ProjectSummary | PartialProject;

/** The filters the server applies before paging (spec section 2: search, tabs, status, office for admins). */
export interface DashboardFilters {
  search: string;
  type: ProjectType | null;
  status: number | null;
  city: string | null;
  /** "Archivés": the archived files instead of the others. */
  archived: boolean;
}

export const NO_FILTERS: DashboardFilters = { search: '', type: null, status: null, city: null, archived: false };

export interface DashboardPage {
  projects: DashboardProject[];
  /** The cursor of the next page; undefined on the last one. */
  next?: string;
}

/** Every cached dashboard list, whatever its filters, starts with this key. */
export const myProjectsQueryKey = ['projects', 'mine'] as const;

export function isPartialProject(project: DashboardProject): project is PartialProject {
  return project.is_partial;
}

/** The filters as the server's schema reads them; one not set is not sent. */
export function dashboardQueryString(filters: DashboardFilters, after?: string): string {
  const query = searchParams({
    q: filters.search.trim() || undefined,
    type: filters.type ?? undefined,
    status: filters.status ?? undefined,
    city: filters.city ?? undefined,
    archived: filters.archived ? 'true' : undefined,
    after: after || undefined,
  } satisfies z.input<typeof dashboardQuerySchema>).toString();
  return query ? `?${query}` : '';
}

export async function getMyProjectsPage(filters: DashboardFilters, after?: string, signal?: AbortSignal): Promise<DashboardPage> {
  const { body, headers } = await apiRequestWithHeaders<DashboardProject[]>(`projects/mine${dashboardQueryString(filters, after)}`, {
    signal,
  });
  return { projects: body, next: headers.get(NEXT_PAGE_HEADER) ?? undefined };
}

/** The dashboard list, one page at a time; archived projects only under "Archivés", even from a stale cache. */
export function useMyProjects(filters: DashboardFilters) {
  return useInfiniteQuery({
    queryKey: [...myProjectsQueryKey, filters],
    queryFn: ({ pageParam, signal }) => getMyProjectsPage(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next,
    select: (data) => data.pages.flatMap((page) => page.projects).filter((p) => isPartialProject(p) || p.is_archived === filters.archived),
    // While a new search is typed, the previous results stay on screen.
    placeholderData: (previous) => previous,
  });
}

/** After a change to one project, every cached list (any filter) is read again. */
export function refreshMyProjects(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: myProjectsQueryKey });
}

/** Patches one project in every cached page, for calls that answer that project alone. */
export function updateProjectInLists(queryClient: QueryClient, id: number, update: (project: ProjectSummary) => ProjectSummary): void {
  queryClient.setQueriesData<InfiniteData<DashboardPage>>(
    { queryKey: myProjectsQueryKey },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          projects: page.projects.map((p) => (p.id === id && !isPartialProject(p) ? update(p) : p)),
        })),
      },
  );
}

/** The cities of the network's offices, for the admins' office filter. */
export function useOfficeCities(enabled: boolean) {
  return useQuery({
    queryKey: ['notaryoffices'],
    queryFn: () => apiClient.get<NotaryOffice[]>('notaryoffices'),
    enabled,
    select: (offices) => [...new Set(offices.map((office) => office.city))].sort((a, b) => a.localeCompare(b, 'fr')),
  });
}
