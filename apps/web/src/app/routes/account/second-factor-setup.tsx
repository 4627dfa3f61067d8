import { Divider, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { sessionQueryKey } from '../../../api/get-session';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { AddPasskeyForm, TotpSetupPanel } from '../../../features/second-factor';
import { passkeysSupported } from '../../../features/second-factor/api/passkeys';
import { replaceAuthToken } from '../../../lib/auth-token';
import { readReturnAddress } from '../../../lib/return-address';

/**
 * Issue 27: an office member or admin without a second factor sets one up
 * here, before anything else (the server refuses every other call meanwhile):
 * a passkey of this device, or an authenticator app.
 */
export function SecondFactorSetupPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const finish = (token: string) => {
    replaceAuthToken(token);
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    void navigate(readReturnAddress(location.state) ?? '/dashboard', { replace: true });
  };
  return (
    <AuthCard withLogo title="Configurer la double authentification">
      <Text size="sm">
        Votre compte ouvre les dossiers d’un office (pièces d’identité, situations familiales, prix, testaments) : une double
        authentification est obligatoire avant de continuer.
      </Text>
      {passkeysSupported() && (
        <>
          <Stack gap="sm">
            <Title order={2} size="h4">
              Avec une clé d’accès
            </Title>
            <Text size="sm">
              L’empreinte, le visage ou le code de cet appareil (ou une clé de sécurité) : elle servira aussi à vous connecter sans mot de
              passe.
            </Text>
            <AddPasskeyForm submitLabel="Créer une clé d’accès" onAdded={(token) => finish(token)} />
          </Stack>
          <Divider label="ou" labelPosition="center" />
          <Title order={2} size="h4">
            Avec une application d’authentification
          </Title>
        </>
      )}
      <TotpSetupPanel onDone={finish} />
    </AuthCard>
  );
}
