import { Alert, Button, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { readApiError } from '../../../api/api-error';
import { replaceAuthToken } from '../../../lib/auth-token';
import { secondFactorStatusKey, useDisableSecondFactor, useRenewBackupCodes, useSecondFactorStatus } from '../api/second-factor';
import { BackupCodesList } from './backup-codes-list';
import { PasskeysPanel } from './passkeys-panel';
import { TotpSetupPanel } from './totp-setup-panel';

/** The profile's "Sécurité" section (issue 27): the TOTP's state, set up, new backup codes, removal where optional; then the passkeys. */
export function SecuritySection() {
  const status = useSecondFactorStatus();
  const queryClient = useQueryClient();
  const renew = useRenewBackupCodes();
  const disable = useDisableSecondFactor();
  const [settingUp, setSettingUp] = useState(false);
  if (status.isPending) return <Loader size="sm" aria-label="Chargement" />;
  if (status.isError) return <Alert color="red">{readApiError(status.error).message}</Alert>;
  const { totp, backupCodesLeft, mandatory, passkeys } = status.data;

  if (settingUp) {
    return (
      <TotpSetupPanel
        doneLabel="Terminer"
        onDone={(token) => {
          replaceAuthToken(token);
          setSettingUp(false);
          void queryClient.invalidateQueries({ queryKey: secondFactorStatusKey });
        }}
      />
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={500}>Double authentification (application d’authentification)</Text>
        <Text fw={700} c={totp ? 'teal.9' : 'dark'}>
          {totp ? 'Activée' : 'Désactivée'}
        </Text>
      </Group>
      {mandatory && <Text size="sm">Obligatoire pour les membres d’un office et les administrateurs.</Text>}
      {totp ? (
        <>
          <Text size="sm">Codes de secours restants : {backupCodesLeft} sur 10.</Text>
          {renew.data && <BackupCodesList codes={renew.data.backupCodes} />}
          {(renew.error ?? disable.error) && (
            <Alert color="red" role="alert">
              {readApiError(renew.error ?? disable.error).message}
            </Alert>
          )}
          <Group gap="xs">
            <Button variant="light" loading={renew.isPending} onClick={() => renew.mutate()}>
              Générer de nouveaux codes de secours
            </Button>
            {(!mandatory || passkeys > 0) && (
              <Button variant="outline" color="red.9" loading={disable.isPending} onClick={() => disable.mutate()}>
                Désactiver la double authentification
              </Button>
            )}
          </Group>
        </>
      ) : (
        <Group>
          <Button onClick={() => setSettingUp(true)}>Activer la double authentification</Button>
        </Group>
      )}
      <Divider my="xs" />
      <PasskeysPanel />
    </Stack>
  );
}
