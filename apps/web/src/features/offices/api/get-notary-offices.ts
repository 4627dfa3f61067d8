import type { NotaryOffice } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

export const notaryOfficesQueryKey = ['notary-offices'] as const;

export function getNotaryOffices(): Promise<NotaryOffice[]> {
  return apiClient.get<NotaryOffice[]>('notaryoffices');
}

/** Offices that left the network stay in the answer (flag `active`); pickers and the map show the others. */
export function activeOffices(offices: readonly NotaryOffice[]): NotaryOffice[] {
  return offices.filter((office) => office.active);
}

/** The network's offices; they change rarely, so one load per visit is enough. */
export function useNotaryOffices() {
  return useQuery({
    queryKey: notaryOfficesQueryKey,
    queryFn: getNotaryOffices,
    staleTime: 30 * 60 * 1000,
    select: activeOffices,
  });
}
