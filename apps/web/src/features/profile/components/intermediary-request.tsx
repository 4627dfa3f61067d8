import { Alert, Button, Stack, Text } from '@mantine/core';
import { ADMIN_MESSAGES, type Session } from '@notadoo/domain';
import { IconHourglass } from '@tabler/icons-react';
import { notifyError, notifySuccess, SHORT_TOAST_DURATION_MS } from '../../../lib/notify';
import { useAskIntermediary } from '../api/profile';

/** A user may ask for intermediary rights; while the request waits, a banner says so. */
export function IntermediaryRequest({ session }: { session: Session }) {
  const ask = useAskIntermediary();
  if (session.isPro) {
    return (
      <Text size="sm">
        Vous disposez des droits d'intermédiaire immobilier : vous pouvez participer aux dossiers immobiliers en cette qualité.
      </Text>
    );
  }
  if (session.needsRoleChange) {
    return (
      <Alert color="blue" icon={<IconHourglass size={18} aria-hidden />} title="Demande en cours">
        Votre demande de droits d'intermédiaire immobilier est en attente de validation par nos équipes. La création de dossiers reste
        suspendue jusqu'à sa validation.
      </Alert>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">
        Vous êtes agent immobilier ou mandataire ? Demandez les droits d'intermédiaire immobilier pour participer aux dossiers de vos
        clients. Pendant l'examen de votre demande, la création de nouveaux dossiers est suspendue.
      </Text>
      <Button
        variant="light"
        loading={ask.isPending}
        onClick={() =>
          ask.mutate(session.id, {
            onSuccess: () => notifySuccess(ADMIN_MESSAGES.intermediaryRequested, SHORT_TOAST_DURATION_MS),
            onError: () => notifyError(ADMIN_MESSAGES.intermediaryRequestFailed),
          })
        }
      >
        Demander les droits d'intermédiaire
      </Button>
    </Stack>
  );
}
