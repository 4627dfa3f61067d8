import type { batchAcceptSchema, ProjectPieces } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';
import { usePiecesChanged } from './use-pieces-changed';

/** The file in the path and the call's body, as the domain's schema reads it. */
export type AcceptPiecesRequest = { projectId: number } & z.output<typeof batchAcceptSchema>;

/** `POST /project/{id}/pieces/accept`: all the chosen pieces, or none when one may not be (409 naming it). */
export function acceptPieces({ projectId, ids }: AcceptPiecesRequest): Promise<ProjectPieces> {
  return apiClient.post<ProjectPieces>(`project/${projectId}/pieces/accept`, { ids } satisfies z.output<typeof batchAcceptSchema>);
}

export function useAcceptPieces() {
  const onSuccess = usePiecesChanged();
  return useMutation({ mutationFn: acceptPieces, onSuccess });
}
