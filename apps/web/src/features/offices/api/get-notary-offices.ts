import type { NotaryOffice } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import { getNotaryOffices, NOTARY_OFFICES_STALE_MS, notaryOfficesQueryKey } from '../../../api/notary-offices';

/** Offices that left the network stay in the answer (flag `active`); pickers and the map show the others. */
export function activeOffices(offices: readonly NotaryOffice[]): NotaryOffice[] {
  return offices.filter((office) => office.active);
}

/** The network's active offices. */
export function useNotaryOffices() {
  return useQuery({
    queryKey: notaryOfficesQueryKey,
    queryFn: getNotaryOffices,
    staleTime: NOTARY_OFFICES_STALE_MS,
    select: activeOffices,
  });
}
