import { loginSchema } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';
import { sessionQueryKey } from '../../../api/get-session';
import { setAuthToken } from '../../../lib/auth-token';
import type { TokenResponse } from './token-response';

export type LoginValues = z.output<typeof loginSchema>;

export function login(values: LoginValues): Promise<TokenResponse> {
  return apiClient.post<TokenResponse>('users/login', {
    login: values.login,
    password: values.password,
    remember: values.remember ?? false,
    ...(values.invitation ? { invitation: values.invitation } : {}),
  });
}

/** Signs in and stores the token: a session cookie, or 30 days with remember-me. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, secondFactor }, values) => {
      // A session cached for a previous user must not show for this one.
      queryClient.removeQueries({ queryKey: sessionQueryKey });
      // Issue 27: a partial token is not a session (the code step keeps it until the code is given); a token that
      // reaches only the setup screen is stored by the login page as it navigates there.
      if (secondFactor === undefined) setAuthToken(token, values.remember ?? false);
    },
  });
}
