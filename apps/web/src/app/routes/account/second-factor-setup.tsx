import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { sessionQueryKey } from '../../../api/get-session';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { TotpSetupPanel } from '../../../features/second-factor';
import { replaceAuthToken } from '../../../lib/auth-token';
import { readReturnAddress } from '../../../lib/return-address';

/**
 * Issue 27: an office member or admin without a second factor sets one up
 * here, before anything else (the server refuses every other call meanwhile).
 */
export function SecondFactorSetupPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  return (
    <AuthCard withLogo title="Configurer la double authentification">
      <Text size="sm">
        Votre compte ouvre les dossiers d’un office (pièces d’identité, situations familiales, prix, testaments) : une double authentification est obligatoire avant de continuer.
      </Text>
      <TotpSetupPanel
        onDone={(token) => {
          replaceAuthToken(token);
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
          void navigate(readReturnAddress(location.state) ?? '/dashboard', { replace: true });
        }}
      />
    </AuthCard>
  );
}
