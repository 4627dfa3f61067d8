import { Text } from '@mantine/core';
import { SIGN_OUT_AFTER_ACCOUNT_CHANGE_MS } from '@notadoo/domain';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { useSignOut } from '../../../lib/use-sign-out';

function tokenFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('token' in state)) return null;
  return typeof state.token === 'string' && state.token ? state.token : null;
}

export function ResetPasswordPage() {
  // What a page put in the history entry: unknown until checked.
  const state: unknown = useLocation().state;
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [changed, setChanged] = useState(false);
  const token = tokenFromState(state);

  useEffect(() => {
    if (!changed) return;
    const timer = window.setTimeout(() => {
      signOut();
      void navigate('/login', { replace: true });
    }, SIGN_OUT_AFTER_ACCOUNT_CHANGE_MS);
    return () => window.clearTimeout(timer);
  }, [changed, navigate, signOut]);

  // Only the /reset/password/:token redirect brings a token here.
  if (!token) return <Navigate to="/login" replace />;
  return (
    <AuthCard title="Réinitialiser mon mot de passe">
      <ResetPasswordForm token={token} onSuccess={() => setChanged(true)} />
      {changed && (
        <Text size="sm" role="status">
          Vous allez être redirigé(e) vers la page de connexion…
        </Text>
      )}
    </AuthCard>
  );
}
