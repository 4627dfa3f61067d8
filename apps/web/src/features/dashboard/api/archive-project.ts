import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { myProjectsQueryKey, type DashboardProject } from './get-my-projects';

/** `DELETE /project/{id}` archives the project and answers the remaining list. */
export function archiveProject(id: number): Promise<DashboardProject[]> {
  return apiClient.delete<DashboardProject[]>(`project/${id}`);
}

export function useArchiveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveProject,
    onSuccess: (projects) => queryClient.setQueryData(myProjectsQueryKey, projects),
  });
}
