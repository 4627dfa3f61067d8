import type { Project } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { projectQueryKey } from '../../../api/project-cache';

export { projectQueryKey };

export function getProject(id: number): Promise<Project> {
  return apiClient.get<Project>(`project/${id}`);
}

export function useProject(id: number) {
  return useQuery({ queryKey: projectQueryKey(id), queryFn: () => getProject(id) });
}
