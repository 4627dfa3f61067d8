import type { ProjectStatusPayload } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { myProjectsQueryKey, type DashboardProject } from './get-my-projects';

/** `POST /project/status` answers the updated list of the user's projects. */
export function changeProjectStatus(payload: ProjectStatusPayload): Promise<DashboardProject[]> {
  return apiClient.post<DashboardProject[]>('project/status', payload);
}

export function useChangeProjectStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeProjectStatus,
    onSuccess: (projects) => queryClient.setQueryData(myProjectsQueryKey, projects),
  });
}
