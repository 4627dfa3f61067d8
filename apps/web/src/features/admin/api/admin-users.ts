import type {
  adminUsersQuerySchema,
  ChangeRolesPayload,
  MessageAnswer,
  RegistrationPayload,
  resetSecondFactorSchema,
  ToggleStatusPayload,
  toggleStatusSchema,
  User,
  UserStatuses,
} from '@notadoo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, getPage } from '../../../api/api-client';
import { searchParams } from '../../../api/search-params';

/** The list's query as the server reads it (the domain's schema, every field said). */
export type AdminUsersFilters = z.output<typeof adminUsersQuerySchema>;

export const adminUsersKey = ['admin', 'users'] as const;

/** `GET /admin/users`: one page of 10 users and the total (X-Total-Count). */
export function getAdminUsers(query: AdminUsersFilters) {
  const params = searchParams({
    page: query.page,
    search: query.search,
    sort: query.sort,
    order: query.order,
    pending: query.pending ? '1' : undefined,
  } satisfies z.input<typeof adminUsersQuerySchema>);
  return getPage<User>(`admin/users?${params}`);
}

export function useAdminUsers(query: AdminUsersFilters) {
  return useQuery({ queryKey: [...adminUsersKey, query], queryFn: () => getAdminUsers(query), placeholderData: keepPreviousData });
}

/** `POST /admin/user/toggleStatus` (form id, data, action) answers the six statuses; `data` travels as '1' or '0'. */
export function toggleUserStatus({ id, action, data }: z.output<typeof toggleStatusSchema>): Promise<UserStatuses> {
  return apiClient.post<UserStatuses>('admin/user/toggleStatus', { id, action, data: data ? '1' : '0' } satisfies ToggleStatusPayload);
}

export function changeUserRoles(request: ChangeRolesPayload): Promise<User> {
  return apiClient.post<User>('admin/user/roles', request);
}

export function createUser(request: RegistrationPayload): Promise<User> {
  return apiClient.post<User>('admin/users', request);
}

/** Every change re-reads the lists, so a granted request leaves the pending list at once. */
function useAdminMutation<TRequest, TAnswer>(mutationFn: (request: TRequest) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }) });
}

/** Issue 27: `POST /admin/user/resetSecondFactor`, never on one's own account; the account is mailed. */
export function resetSecondFactor(request: z.output<typeof resetSecondFactorSchema>): Promise<MessageAnswer> {
  return apiClient.post<MessageAnswer>('admin/user/resetSecondFactor', request);
}

export const useResetSecondFactor = () => useAdminMutation(resetSecondFactor);
export const useToggleUserStatus = () => useAdminMutation(toggleUserStatus);
export const useChangeUserRoles = () => useAdminMutation(changeUserRoles);
export const useCreateUser = () => useAdminMutation(createUser);
