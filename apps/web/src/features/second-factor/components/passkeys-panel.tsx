import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import type { PasskeyView } from '@notadoo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { readApiError } from '../../../api/api-error';
import { replaceAuthToken } from '../../../lib/auth-token';
import { passkeysKey, passkeysSupported, usePasskeys, useRemovePasskey } from '../api/passkeys';
import { secondFactorStatusKey } from '../api/second-factor';
import { AddPasskeyForm } from './add-passkey-form';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** The profile's passkeys (issue 27): listed with their last use, added (named), removed after a confirmation. */
export function PasskeysPanel() {
  const passkeys = usePasskeys();
  const queryClient = useQueryClient();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  if (passkeys.isPending) return <Loader size="sm" aria-label="Chargement des clés d’accès" />;
  if (passkeys.isError) return <Alert color="red">{readApiError(passkeys.error).message}</Alert>;
  const list = passkeys.data.passkeys;
  return (
    <Stack gap="sm">
      <Text fw={500}>Clés d’accès</Text>
      <Text size="sm">
        Une clé d’accès (empreinte, visage ou code de votre appareil, ou clé de sécurité) remplace le code de l’application et permet de se
        connecter sans mot de passe.
      </Text>
      {list.length === 0 ? (
        <Text size="sm">Aucune clé d’accès enregistrée.</Text>
      ) : (
        <List aria-label="Vos clés d’accès" spacing="xs" size="sm">
          {list.map((passkey) => (
            <List.Item key={passkey.id}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {passkey.name}
                </Text>
                <Text size="sm">
                  ajoutée le {formatDate(passkey.createdAt)} ·{' '}
                  {passkey.lastUsedAt ? `dernière utilisation le ${formatDate(passkey.lastUsedAt)}` : 'jamais utilisée'}
                </Text>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  c="red.9"
                  onClick={() => setRemoving(passkey)}
                  aria-label={`Retirer la clé d’accès « ${passkey.name} »`}
                >
                  Retirer
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {remove.error && (
        <Alert color="red" role="alert">
          {readApiError(remove.error).message}
        </Alert>
      )}
      {added && (
        <Alert color="green" role="status">
          {added}
        </Alert>
      )}
      {passkeysSupported() ? (
        <AddPasskeyForm
          onAdded={(token, passkey) => {
            replaceAuthToken(token);
            setAdded(`Clé d’accès « ${passkey.name} » ajoutée.`);
            void queryClient.invalidateQueries({ queryKey: passkeysKey });
            void queryClient.invalidateQueries({ queryKey: secondFactorStatusKey });
          }}
        />
      ) : (
        <Text size="sm">Ce navigateur ne permet pas d’ajouter une clé d’accès.</Text>
      )}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Retirer cette clé d’accès ?" centered>
        <Stack gap="md">
          <Text size="sm">« {removing?.name} » ne permettra plus de vous connecter ni de confirmer votre identité.</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Annuler
            </Button>
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() => {
                const target = removing;
                setRemoving(null);
                setAdded(null);
                if (target) remove.mutate(target.id);
              }}
            >
              Retirer la clé d’accès
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
