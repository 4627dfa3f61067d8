import type { SignupPayload } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { sessionQueryKey } from '../../../api/get-session';
import { setAuthToken } from '../../../lib/auth-token';
import type { TokenResponse } from './token-response';

/** The JSON body of `POST /users/signup` (spec section 3, Payloads): the input of the domain's schema. */
export type SignupRequest = SignupPayload;

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
