import type { Project, ProjectStatusPayload } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { projectQueryKey } from './get-project';

/** `PATCH /project/status` answers the updated project, which replaces the one on screen (status 3 submits it). */
export function setProjectStatus(payload: ProjectStatusPayload): Promise<Project> {
  return apiClient.patch<Project>('project/status', payload);
}

export function useSetProjectStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProjectStatus,
    onSuccess: (project) => queryClient.setQueryData(projectQueryKey(project.id), project),
  });
}
