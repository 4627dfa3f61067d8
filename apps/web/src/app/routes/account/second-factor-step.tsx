import { Anchor, Divider, Text } from '@mantine/core';
import { CLIENT_ROUTES } from '@notadoo/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { sessionQueryKey } from '../../../api/get-session';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { getSecondFactorStatus, PasskeyButton, signInStepWithPasskey, SignInCodeForm } from '../../../features/second-factor';
import { setAuthToken } from '../../../lib/auth-token';
import { clearPendingSignIn, readPendingSignIn } from '../../../lib/pending-sign-in';

/**
 * Issue 27: the sign-in's second step, after a right password on an account
 * with a second factor: a passkey of the account when it has one, the code of
 * the app (or a backup code) when it has a TOTP.
 */
export function SecondFactorStepPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pending = readPendingSignIn();
  const factors = useQuery({
    queryKey: ['second-factor', 'step', pending?.token],
    queryFn: () => getSecondFactorStatus(pending!.token),
    enabled: pending !== null,
    retry: false,
  });
  if (!pending) return <Navigate to={CLIENT_ROUTES.login} replace />;
  const done = (token: string) => {
    clearPendingSignIn();
    queryClient.removeQueries({ queryKey: sessionQueryKey });
    setAuthToken(token, pending.remember);
    void navigate(pending.landing, { replace: true });
  };
  // Until the account's factors are known (or if they cannot be read), the code form shows, as before passkeys.
  const withPasskey = (factors.data?.passkeys ?? 0) > 0;
  const withCode = factors.data ? factors.data.totp : true;
  return (
    <AuthCard withLogo title="Double authentification">
      {withPasskey && (
        <PasskeyButton label="Utiliser une clé d’accès" variant="filled" run={() => signInStepWithPasskey(pending.token)} onToken={done} />
      )}
      {withPasskey && withCode && <Divider label="ou" labelPosition="center" />}
      {withCode && <SignInCodeForm partialToken={pending.token} onDone={done} />}
      <Text size="sm" ta="center">
        <Anchor component={Link} to={CLIENT_ROUTES.login} onClick={clearPendingSignIn}>
          Revenir à la connexion
        </Anchor>
      </Text>
    </AuthCard>
  );
}
