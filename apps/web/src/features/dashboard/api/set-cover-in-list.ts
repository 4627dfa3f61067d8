import type { QueryClient } from '@tanstack/react-query';
import { updateProjectInLists } from './get-my-projects';

/** The cover calls answer one project, not the list: the cached lists are patched in place. */
export function setCoverInList(queryClient: QueryClient, id: number, coverImage: string | null): void {
  updateProjectInLists(queryClient, id, (project) => ({ ...project, cover_image: coverImage }));
}
