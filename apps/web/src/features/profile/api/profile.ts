import type { askIntermediarySchema, Session, User, UserPatchPayload } from '@notadoo/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';
import { sessionQueryKey } from '../../../api/get-session';
import { uploadWithProgress } from '../../../api/upload-with-progress';
import { replaceAuthToken } from '../../../lib/auth-token';

/** The session the header reads takes the changed fields at once. */
function mergeIntoSession(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData<Session>(sessionQueryKey, (session) => (session && session.id === user.id ? { ...session, ...user } : session));
}

/** `PATCH /users/{id}`; a password change answers a fresh token, older ones stop working. */
export function updateProfile({ id, ...patch }: UserPatchPayload & { id: number }): Promise<User & { token?: string }> {
  return apiClient.patch<User & { token?: string }>(`users/${id}`, patch);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ token, ...user }) => {
      if (token) replaceAuthToken(token);
      mergeIntoSession(queryClient, user);
    },
  });
}

/** `POST users/avatar`, multipart email then avatar; answers the user with the new avatar name. */
export function uploadAvatar({ email, file }: { email: string; file: File }): Promise<User> {
  const form = new FormData();
  form.append('email', email);
  form.append('avatar', file);
  return uploadWithProgress<User>('users/avatar', form);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: (user) => mergeIntoSession(queryClient, user) });
}

/** `POST /users/askIntermediary` (form userId): raises the pending banner. */
export function askIntermediary(userId: number): Promise<User> {
  return apiClient.post<User>('users/askIntermediary', { userId } satisfies z.output<typeof askIntermediarySchema>);
}

export function useAskIntermediary() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: askIntermediary, onSuccess: (user) => mergeIntoSession(queryClient, user) });
}

/** `POST /users/email/resendPending`: the confirmation link of the pending address, mailed again. */
export function resendPendingEmail(): Promise<User> {
  return apiClient.post<User>('users/email/resendPending', {});
}

export function useResendPendingEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendPendingEmail, onSuccess: (user) => mergeIntoSession(queryClient, user) });
}
