import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { sessionQueryKey } from '../../../api/get-session';
import { setAuthToken } from '../../../lib/auth-token';
import type { TokenResponse } from './token-response';

/** The JSON body of `POST /users/signup` (spec section 3, Payloads). */
export interface SignupRequest {
  login: string;
  email: string;
  password: string;
  passwordConfirm: string;
  firstName: string;
  lastName: string;
  intermediary: 'yes' | 'no';
  /** The token of the project invitation the user followed, if any. */
  invitation?: string;
}

export function signup(request: SignupRequest): Promise<TokenResponse> {
  return apiClient.post<TokenResponse>('users/signup', request);
}

/** Creates the account and signs in with a session cookie. */
export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: ({ token }) => {
      queryClient.removeQueries({ queryKey: sessionQueryKey });
      setAuthToken(token);
    },
  });
}
