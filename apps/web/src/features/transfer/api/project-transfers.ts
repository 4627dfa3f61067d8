import type { RecordTransferInput, TransferPage, TransferRecord } from '@notadoo/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

export const projectTransfersKey = (projectId: number) => ['project', projectId, 'transfers'] as const;

/** `POST project/{id}/transfers`: the outcome of a transfer, for the office's history. */
export function recordTransfer(projectId: number, input: RecordTransferInput): Promise<TransferRecord> {
  return apiClient.post<TransferRecord>(`project/${projectId}/transfers`, input);
}

/** `GET project/{id}/transfers?page=`: newest first, 10 a page. */
export function useProjectTransfers(projectId: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...projectTransfersKey(projectId), page],
    queryFn: () => apiClient.get<TransferPage>(`project/${projectId}/transfers?page=${page}`),
    enabled,
    placeholderData: keepPreviousData,
  });
}
