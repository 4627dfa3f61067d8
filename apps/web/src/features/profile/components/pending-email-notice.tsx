import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { MESSAGES, type Session } from '@notadoo/domain';
import { notifySuccess, SHORT_TOAST_DURATION_MS } from '../../../lib/notify';
import { reportFailure } from '../../../lib/report-failure';
import { useResendPendingEmail, useUpdateProfile } from '../api/profile';

export const PENDING_EMAIL_TITLE = 'Nouvelle adresse en attente de confirmation';
export const PENDING_EMAIL_CANCELLED = 'Le changement d’adresse email est annulé.';

/**
 * A new address waits for its confirmation link (issue 9): said on the profile
 * after every reload, with the link to send again or the change to drop (the
 * current address sent back, which also makes the mailed link useless).
 */
export function PendingEmailNotice({ session }: { session: Session & { pendingEmail: string } }) {
  const resend = useResendPendingEmail();
  const cancel = useUpdateProfile();
  const busy = resend.isPending || cancel.isPending;
  return (
    <Alert color="blue" title={PENDING_EMAIL_TITLE} role="region" aria-label={PENDING_EMAIL_TITLE}>
      <Stack gap="xs">
        <Text size="sm">
          Un lien de confirmation a été envoyé à <strong>{session.pendingEmail}</strong>. Votre adresse actuelle, {session.email}, reste
          utilisée (connexion et emails) tant que la nouvelle n’est pas confirmée.
        </Text>
        <Group gap="sm">
          <Button
            size="compact-sm"
            variant="light"
            loading={resend.isPending}
            disabled={busy}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: () => notifySuccess(MESSAGES.confirmationResent, SHORT_TOAST_DURATION_MS),
                onError: (error) => reportFailure(error, [409, 429]),
              })
            }
          >
            Renvoyer le lien
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            loading={cancel.isPending}
            disabled={busy}
            onClick={() =>
              cancel.mutate(
                { id: session.id, email: session.email },
                {
                  onSuccess: () => notifySuccess(PENDING_EMAIL_CANCELLED, SHORT_TOAST_DURATION_MS),
                  onError: (error) => reportFailure(error, [400, 429]),
                },
              )
            }
          >
            Annuler le changement
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
