import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@notadoo/domain';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { readApiError } from '../../../api/api-error';
import { useConfirmEmail } from '../api/confirm-email';

interface EmailConfirmationProps {
  email: string | null;
  token: string | null;
}

function ConfirmationFailed({ hint }: { hint?: string }) {
  return (
    <Alert color="red" title={MESSAGES.emailConfirmFailed} role="alert">
      {hint && <Text size="sm">{hint}</Text>}
    </Alert>
  );
}

/** Confirms the address of the e-mailed link once, as soon as the screen opens. */
function ConfirmingEmail({ email, token }: { email: string; token: string }) {
  const confirmEmail = useConfirmEmail();
  const { mutate } = confirmEmail;
  // Strict mode runs effects twice in development: the link must still be used once.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate({ email, token });
  }, [mutate, email, token]);

  if (confirmEmail.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" title={MESSAGES.emailConfirmed} role="status" />
        <Anchor component={Link} to="/dashboard" fw={500}>
          Accéder à mon tableau de bord
        </Anchor>
      </Stack>
    );
  }
  if (confirmEmail.isError) {
    const { status, message } = readApiError(confirmEmail.error);
    return <ConfirmationFailed hint={status === 0 ? message : undefined} />;
  }
  return (
    <Stack align="center" gap="xs" role="status">
      <Loader size="sm" />
      <Text size="sm">Confirmation de votre adresse email en cours…</Text>
    </Stack>
  );
}

export function EmailConfirmation({ email, token }: EmailConfirmationProps) {
  if (!email || !token) return <ConfirmationFailed hint={MESSAGES.emailConfirmCheckLink} />;
  return <ConfirmingEmail email={email} token={token} />;
}
