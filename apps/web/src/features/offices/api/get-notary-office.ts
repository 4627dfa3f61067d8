import type { NotaryOffice } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { NOTARY_OFFICES_STALE_MS } from '../../../api/notary-offices';

const notaryOfficeQueryKey = (id: number) => ['notary-offices', id] as const;

/** `GET /notaryoffices/{id}`: one office, active or not, for its public page. */
export function getNotaryOffice(id: number): Promise<NotaryOffice> {
  return apiClient.get<NotaryOffice>(`notaryoffices/${id}`);
}

export function useNotaryOffice(id: number | null) {
  return useQuery({
    queryKey: notaryOfficeQueryKey(id ?? 0),
    queryFn: () => getNotaryOffice(id!),
    enabled: id !== null,
    staleTime: NOTARY_OFFICES_STALE_MS,
  });
}
