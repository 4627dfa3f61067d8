import type { RemindNowResult } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

export interface RemindPiecesRequest {
  projectId: number;
  /** One person; absent, everyone who still owes pieces. */
  participantId?: number;
}

/**
 * `POST /project/{id}/pieces/remind` (the office): mails the person, or each
 * person, the pieces still awaited now. 409 when there is nothing to remind,
 * 429 when everyone asked was already reminded today.
 */
export function remindPieces({ projectId, participantId }: RemindPiecesRequest): Promise<RemindNowResult> {
  return apiClient.post<RemindNowResult>(`project/${projectId}/pieces/remind`, participantId === undefined ? {} : { participantId });
}

export function useRemindPieces() {
  return useMutation({ mutationFn: remindPieces });
}
