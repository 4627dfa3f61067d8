import type { Project } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { refreshMyProjects, type DashboardProject } from './get-my-projects';

/** `DELETE /project/{id}` archives the project and answers the first page of the remaining list. */
export function archiveProject(id: number): Promise<DashboardProject[]> {
  return apiClient.delete<DashboardProject[]>(`project/${id}`);
}

/** `POST /project/{id}/restore` brings an archived project back to its people's lists and answers it. */
export function restoreProject(id: number): Promise<Project> {
  return apiClient.post<Project>(`project/${id}/restore`, {});
}

/** Archives (`archived` true) or restores a project. */
export function useSetProjectArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }): Promise<unknown> =>
      archived ? archiveProject(id) : restoreProject(id),
    // The file leaves one list and joins the other, and an answer holds one page at most: every cached list is read again.
    onSuccess: () => refreshMyProjects(queryClient),
  });
}
