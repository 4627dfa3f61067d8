import type { AccountDeletionPayload, AccountDeletionPlan, AccountDeletionResult, DataExportLink, DataExportView } from '@notadoo/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

/** The "Mes données" section's calls. */
export const dataExportsQueryKey = ['users', 'me', 'data-exports'] as const;
/** While a copy is being built, the page asks for its progress this often. */
export const DATA_EXPORT_POLL_MS = 2000;

const isUnderWay = (exports: DataExportView[] | undefined) => exports?.some((e) => e.state === 'pending' || e.state === 'running') ?? false;

/** `GET /users/me/data-exports`: the latest copies, polled while one is under way. */
export function useDataExports() {
  return useQuery({
    queryKey: dataExportsQueryKey,
    queryFn: () => apiClient.get<DataExportView[]>('users/me/data-exports'),
    refetchInterval: (query) => (isUnderWay(query.state.data) ? DATA_EXPORT_POLL_MS : false),
  });
}

/** `POST /users/me/data-exports`: a new copy to build. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<DataExportView>('users/me/data-exports', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataExportsQueryKey }),
  });
}

/** `POST /users/me/data-exports/{id}/link`: a download address of a few minutes, opened at once. */
export function getDataExportLink(id: number): Promise<DataExportLink> {
  return apiClient.post<DataExportLink>(`users/me/data-exports/${id}/link`, {});
}

/** `GET /users/me/deletion-plan`: what the confirmation dialog lists; read when the dialog opens. */
export function useDeletionPlan(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'me', 'deletion-plan'],
    queryFn: () => apiClient.get<AccountDeletionPlan>('users/me/deletion-plan'),
    enabled,
    staleTime: 0,
  });
}

/** `POST /users/me/delete`. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (payload: AccountDeletionPayload) => apiClient.post<AccountDeletionResult>('users/me/delete', payload),
  });
}
