import type { RenameProjectPayload } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { refreshMyProjects, type DashboardProject } from './get-my-projects';

/** `POST /project/rename` answers the first page of the user's projects. */
export function renameProject(payload: RenameProjectPayload): Promise<DashboardProject[]> {
  return apiClient.post<DashboardProject[]>('project/rename', payload);
}

export function useRenameProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameProject,
    // The answer is the first page only: every cached page and filter is read again.
    onSuccess: () => refreshMyProjects(queryClient),
  });
}
