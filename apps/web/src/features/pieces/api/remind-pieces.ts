import type { RemindNowPayload, RemindNowResult, remindNowSchema } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';

/** The file in the path and the call's body (`participantId`: one person; absent, everyone who still owes pieces). */
export type RemindPiecesRequest = { projectId: number } & z.output<typeof remindNowSchema>;

/**
 * `POST /project/{id}/pieces/remind` (the office): mails the person, or each
 * person, the pieces still awaited now. 409 when there is nothing to remind,
 * 429 when everyone asked was already reminded today.
 */
export function remindPieces({ projectId, participantId }: RemindPiecesRequest): Promise<RemindNowResult> {
  return apiClient.post<RemindNowResult>(
    `project/${projectId}/pieces/remind`,
    (participantId === undefined ? {} : { participantId }) satisfies RemindNowPayload,
  );
}

export function useRemindPieces() {
  return useMutation({ mutationFn: remindPieces });
}
