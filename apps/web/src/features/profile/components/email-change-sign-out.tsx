import { Alert, Button, Stack, Text } from '@mantine/core';
import { SIGN_OUT_AFTER_ACCOUNT_CHANGE_MS } from '@notadoo/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * Shown once a new address is asked for: what was mailed where, that the
 * current address stays in use, and a countdown to the sign-out, so that the
 * page leaving does not feel like a crash. The user may go at once.
 */
export function EmailChangeSignOut({ newEmail, currentEmail }: { newEmail: string; currentEmail: string }) {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(SIGN_OUT_AFTER_ACCOUNT_CHANGE_MS / 1000));
  const signOut = () => void navigate('/logout', { replace: true });

  useEffect(() => {
    const started = Date.now();
    const tick = window.setInterval(() => {
      setSecondsLeft(Math.max(0, Math.ceil((SIGN_OUT_AFTER_ACCOUNT_CHANGE_MS - (Date.now() - started)) / 1000)));
    }, 200);
    const timer = window.setTimeout(() => void navigate('/logout', { replace: true }), SIGN_OUT_AFTER_ACCOUNT_CHANGE_MS);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(timer);
    };
  }, [navigate]);

  return (
    <Alert color="blue" role="status" title="Confirmez votre nouvelle adresse">
      <Stack gap="xs">
        <Text size="sm">
          Un email de confirmation vous a été envoyé à l'adresse {newEmail}. Cliquez sur le lien qu'il contient pour confirmer votre
          nouvelle adresse. D'ici là, votre adresse actuelle, {currentEmail}, reste celle de votre compte : c'est avec elle que vous vous
          connectez.
        </Text>
        <Text size="sm" fw={600} aria-live="off">
          Vous allez être déconnecté(e) dans {secondsLeft} s.
        </Text>
        <div>
          <Button size="compact-sm" variant="light" onClick={signOut}>
            Se déconnecter maintenant
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}
