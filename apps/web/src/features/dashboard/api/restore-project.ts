import type { Project } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { refreshMyProjects } from './get-my-projects';

/** `POST /project/{id}/restore` brings an archived project back to its people's lists and answers it. */
export function restoreProject(id: number): Promise<Project> {
  return apiClient.post<Project>(`project/${id}/restore`, {});
}

export function useRestoreProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreProject,
    // It leaves the archived list and joins the others: every cached list is read again.
    onSuccess: () => refreshMyProjects(queryClient),
  });
}
