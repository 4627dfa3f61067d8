import { Anchor, Text } from '@mantine/core';
import { CLIENT_ROUTES } from '@notadoo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { sessionQueryKey } from '../../../api/get-session';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { SignInCodeForm } from '../../../features/second-factor';
import { setAuthToken } from '../../../lib/auth-token';
import { clearPendingSignIn, readPendingSignIn } from '../../../lib/pending-sign-in';

/** Issue 27: the sign-in's code step, after a right password on an account with a second factor. */
export function SecondFactorStepPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pending = readPendingSignIn();
  if (!pending) return <Navigate to={CLIENT_ROUTES.login} replace />;
  return (
    <AuthCard withLogo title="Double authentification">
      <SignInCodeForm
        partialToken={pending.token}
        onDone={(token) => {
          clearPendingSignIn();
          queryClient.removeQueries({ queryKey: sessionQueryKey });
          setAuthToken(token, pending.remember);
          void navigate(pending.landing, { replace: true });
        }}
      />
      <Text size="sm" ta="center">
        <Anchor component={Link} to={CLIENT_ROUTES.login} onClick={clearPendingSignIn}>
          Revenir à la connexion
        </Anchor>
      </Text>
    </AuthCard>
  );
}
