import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { refreshMyProjects, type DashboardProject } from './get-my-projects';

/** `DELETE /project/{id}` archives the project and answers the first page of the remaining list. */
export function archiveProject(id: number): Promise<DashboardProject[]> {
  return apiClient.delete<DashboardProject[]>(`project/${id}`);
}

export function useArchiveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveProject,
    // The answer is the first page only: every cached page and filter is read again.
    onSuccess: () => refreshMyProjects(queryClient),
  });
}
