import type { ProjectPieces } from '@notadoo/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient } from './api-client';

/**
 * The pieces of a file as the viewer may see them (issue 22). Shared: the
 * Pièces tab shows them and "Transmettre au Notaire" lists those not sent.
 */
export const projectPiecesQueryKey = (projectId: number) => ['project', projectId, 'pieces'] as const;

/** `GET /project/{id}/pieces`. */
export function getProjectPieces(projectId: number): Promise<ProjectPieces> {
  return apiClient.get<ProjectPieces>(`project/${projectId}/pieces`);
}

export function useProjectPieces(projectId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: projectPiecesQueryKey(projectId), queryFn: () => getProjectPieces(projectId), enabled });
}

/** Every pieces call answers the file's pieces: they replace the cached ones. */
export function useReplacePieces(): (pieces: ProjectPieces) => void {
  const queryClient = useQueryClient();
  return useCallback((pieces: ProjectPieces) => queryClient.setQueryData(projectPiecesQueryKey(pieces.projectId), pieces), [queryClient]);
}
