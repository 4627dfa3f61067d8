import type { ProjectStatusPayload } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { refreshMyProjects, type DashboardProject } from './get-my-projects';

/** `POST /project/status` answers the first page of the user's projects. */
export function changeProjectStatus(payload: ProjectStatusPayload): Promise<DashboardProject[]> {
  return apiClient.post<DashboardProject[]>('project/status', payload);
}

export function useChangeProjectStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeProjectStatus,
    // The answer is the first page only: every cached page and filter is read again.
    onSuccess: () => refreshMyProjects(queryClient),
  });
}
