import type { RenameProjectPayload } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { myProjectsQueryKey, type DashboardProject } from './get-my-projects';

/** `POST /project/rename` answers the updated list of the user's projects. */
export function renameProject(payload: RenameProjectPayload): Promise<DashboardProject[]> {
  return apiClient.post<DashboardProject[]>('project/rename', payload);
}

export function useRenameProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameProject,
    onSuccess: (projects) => queryClient.setQueryData(myProjectsQueryKey, projects),
  });
}
