import { Alert, Button, Container, Group, Stack, Text } from '@mantine/core';
import { MESSAGES, type Session } from '@notadoo/domain';
import { IconHourglass, IconMail } from '@tabler/icons-react';
import { readApiError } from '../../../api/api-error';
import { useSession } from '../../../api/get-session';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useResendEmailConfirmation } from '../api/resend-email-confirmation';

function EmailConfirmationBanner({ session }: { session: Session }) {
  const resend = useResendEmailConfirmation();
  const onResend = () =>
    resend.mutate(
      { email: session.email },
      {
        onSuccess: () => notifySuccess(MESSAGES.confirmationResent),
        onError: (error) => notifyError(readApiError(error).message),
      },
    );
  return (
    <Alert color="yellow" icon={<IconMail size={18} aria-hidden />} p="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm">Merci de confirmer votre adresse email.</Text>
        <Button size="compact-sm" variant="subtle" onClick={onResend} loading={resend.isPending}>
          Renvoyer l'email de confirmation
        </Button>
      </Group>
    </Alert>
  );
}

function RoleChangeBanner() {
  return (
    <Alert color="blue" icon={<IconHourglass size={18} aria-hidden />} p="xs">
      <Text size="sm">Votre demande de changement de rôle est en cours de traitement.</Text>
    </Alert>
  );
}

/** Banners under the header for a signed-in user (spec section 2, header variants). */
export function SessionBanners() {
  const { session } = useSession();
  if (!session || (session.isEmailConfirmed && !session.needsRoleChange)) return null;
  return (
    <Container size="lg" pt="sm">
      <Stack gap="xs">
        {!session.isEmailConfirmed && <EmailConfirmationBanner session={session} />}
        {session.needsRoleChange && <RoleChangeBanner />}
      </Stack>
    </Container>
  );
}
