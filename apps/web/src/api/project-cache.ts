import type { Project } from '@notadoo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** The cache entry of one project (GET /project/{id}); calls that answer the whole project replace it. */
export const projectQueryKey = (projectId: number) => ['project', projectId] as const;

export function useReplaceProject(): (project: Project) => void {
  const queryClient = useQueryClient();
  return useCallback((project: Project) => queryClient.setQueryData(projectQueryKey(project.id), project), [queryClient]);
}
