import type { Project } from '@notadoo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** The project page's cache entry: every call of this tab answers the whole project, which replaces it. */
export const projectQueryKey = (projectId: number) => ['project', projectId] as const;

export function useReplaceProject(): (project: Project) => void {
  const queryClient = useQueryClient();
  return useCallback((project: Project) => queryClient.setQueryData(projectQueryKey(project.id), project), [queryClient]);
}
