import type { Project } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { setCoverInList } from './set-cover-in-list';

export function removeProjectCover(id: number): Promise<Project> {
  return apiClient.delete<Project>('project/cover', { id });
}

export function useRemoveProjectCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProjectCover,
    onSuccess: (project) => setCoverInList(queryClient, project.id, null),
  });
}
