import type { User, UserPatchPayload, userPatchSchema } from '@notadoo/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';
import { getNotaryOffices, NOTARY_OFFICES_STALE_MS, notaryOfficesQueryKey } from '../../../api/notary-offices';
import { adminUsersKey } from './admin-users';

/** Every office of the network: a user may still belong to one that left it. */
export function useNetworkOffices() {
  return useQuery({ queryKey: notaryOfficesQueryKey, queryFn: getNotaryOffices, staleTime: NOTARY_OFFICES_STALE_MS });
}

/** An office of `PATCH /users/{id}` as the table sends it: an id, or null for none (never the form's empty text, never left out). */
type OfficeOf<K extends 'notaryOffice' | 'oldOffice'> = Exclude<z.output<typeof userPatchSchema>[K], '' | undefined>;

/** The request's two fields, named after the select: `office` is `notaryOffice`, `shown` is `oldOffice`. */
export interface SetUserOfficeRequest {
  id: User['id'];
  /** The office chosen, null to detach. */
  office: OfficeOf<'notaryOffice'>;
  /** The office the table showed: the server refuses the change if it is no longer the user's. */
  shown: OfficeOf<'oldOffice'>;
}

/** `PATCH /users/{id}` with `notaryOffice` and `oldOffice` (spec section 7). */
export function setUserOffice({ id, office, shown }: SetUserOfficeRequest): Promise<User> {
  return apiClient.patch<User>(`users/${id}`, { notaryOffice: office, oldOffice: shown } satisfies UserPatchPayload);
}

/** The list is read again after a success and after a refusal, which may come from a change made meanwhile. */
export function useSetUserOffice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUserOffice, onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }) });
}
