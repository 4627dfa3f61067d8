import type {
  ChangeRolesPayload,
  MessageAnswer,
  RegistrationPayload,
  User,
  UserSort,
  UserStatusAction,
  UserStatuses,
} from '@notadoo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, getPage } from '../../../api/api-client';

export interface AdminUsersQuery {
  page: number;
  search: string;
  sort: UserSort;
  order: 'asc' | 'desc';
  pending?: boolean;
}

export const adminUsersKey = ['admin', 'users'] as const;

/** `GET /admin/users`: one page of 10 users and the total (X-Total-Count). */
export function getAdminUsers(query: AdminUsersQuery) {
  const params = new URLSearchParams({ page: String(query.page), search: query.search, sort: query.sort, order: query.order });
  if (query.pending) params.set('pending', '1');
  return getPage<User>(`admin/users?${params}`);
}

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({ queryKey: [...adminUsersKey, query], queryFn: () => getAdminUsers(query), placeholderData: keepPreviousData });
}

export interface ToggleStatusRequest {
  id: number;
  action: UserStatusAction;
  data: boolean;
}

/** `POST /admin/user/toggleStatus` (form id, data, action) answers the six statuses. */
export function toggleUserStatus({ id, action, data }: ToggleStatusRequest): Promise<UserStatuses> {
  return apiClient.post<UserStatuses>('admin/user/toggleStatus', { id, action, data: data ? '1' : '0' });
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
export function resetSecondFactor(request: { id: number }): Promise<MessageAnswer> {
  return apiClient.post<MessageAnswer>('admin/user/resetSecondFactor', request);
}

export const useResetSecondFactor = () => useAdminMutation(resetSecondFactor);
export const useToggleUserStatus = () => useAdminMutation(toggleUserStatus);
export const useChangeUserRoles = () => useAdminMutation(changeUserRoles);
export const useCreateUser = () => useAdminMutation(createUser);
