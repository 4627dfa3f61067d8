import type {
  BackupCodes,
  reauthenticateSchema,
  secondFactorCodeSchema,
  SecondFactorStatus,
  TokenAnswer,
  TotpConfirmed,
  totpConfirmSchema,
  TotpSetup,
} from '@notadoo/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';

/** Issue 27: the second factor's calls (`/api/auth/...`). */
export const secondFactorStatusKey = ['second-factor', 'status'] as const;

/** The account's factors; `partialToken` at the sign-in's step (the session is not open yet). */
export function getSecondFactorStatus(partialToken?: string): Promise<SecondFactorStatus> {
  return apiClient.get<SecondFactorStatus>('auth/second-factor', partialToken ? { token: partialToken } : undefined);
}

export function useSecondFactorStatus(enabled = true) {
  return useQuery({ queryKey: secondFactorStatusKey, queryFn: () => getSecondFactorStatus(), enabled });
}

/** The sign-in's code step, with the partial token (not yet the session's). */
export function verifySignInCode(partialToken: string, code: string): Promise<TokenAnswer> {
  return apiClient.post<TokenAnswer>('auth/second-factor/verify', { code } satisfies z.input<typeof secondFactorCodeSchema>, {
    token: partialToken,
  });
}

export function startTotpSetup(): Promise<TotpSetup> {
  return apiClient.post<TotpSetup>('auth/second-factor/totp/setup', {});
}

export function confirmTotpSetup(code: string): Promise<TotpConfirmed> {
  return apiClient.post<TotpConfirmed>('auth/second-factor/totp/confirm', { code } satisfies z.input<typeof totpConfirmSchema>);
}

export function reauthenticate(input: z.input<typeof reauthenticateSchema>): Promise<TokenAnswer> {
  return apiClient.post<TokenAnswer>('auth/reauthenticate', input);
}

export function useRenewBackupCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<BackupCodes>('auth/second-factor/backup-codes', {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: secondFactorStatusKey }),
  });
}

export function useDisableSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete<SecondFactorStatus>('auth/second-factor'),
    onSuccess: (status) => queryClient.setQueryData(secondFactorStatusKey, status),
  });
}
