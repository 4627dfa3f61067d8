import type { QueryClient } from '@tanstack/react-query';
import { myProjectsQueryKey, type DashboardProject } from './get-my-projects';

/** The cover calls answer one project, not the list: the cached list is patched in place. */
export function setCoverInList(queryClient: QueryClient, id: number, coverImage: string | null): void {
  queryClient.setQueryData<DashboardProject[]>(myProjectsQueryKey, (projects) =>
    projects?.map((p) => (p.id === id && !p.is_partial ? { ...p, cover_image: coverImage } : p)),
  );
}
