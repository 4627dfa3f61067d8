import type { ProjectPieces } from '@notadoo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useReplacePieces } from '../../../api/get-project-pieces';
import { projectQueryKey } from '../../../api/project-cache';

/**
 * After a pieces call: its answer replaces the cached pieces, and the project
 * is read again, since the people's counts ("3 / 7 reçues") and the progress follow.
 */
export function usePiecesChanged(): (pieces: ProjectPieces) => void {
  const queryClient = useQueryClient();
  const replacePieces = useReplacePieces();
  return useCallback(
    (pieces: ProjectPieces) => {
      replacePieces(pieces);
      void queryClient.invalidateQueries({ queryKey: projectQueryKey(pieces.projectId), exact: true });
    },
    [queryClient, replacePieces],
  );
}
