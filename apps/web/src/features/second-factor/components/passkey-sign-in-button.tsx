import { Alert, Button, Stack } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { readApiError } from '../../../api/api-error';
import { passkeyErrorMessage, passkeysSupported } from '../api/passkeys';

const noSubscription = () => () => {};

/**
 * A passkey's button (issue 27): the login page's sign-in without password,
 * the code step's and the re-authentication's alternative to the code. It runs
 * `run` (the ceremony and the server's check) and hands on the token; a refusal
 * (the browser's or the server's) is said in French under it.
 */
export function PasskeyButton({
  label,
  run,
  onToken,
  variant = 'default',
}: {
  label: string;
  run: () => Promise<{ token: string }>;
  onToken: (token: string) => void;
  variant?: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // False on the prerendered page (no browser there), then the browser's answer once hydrated.
  const supported = useSyncExternalStore(noSubscription, passkeysSupported, () => false);
  if (!supported) return null;
  const click = async () => {
    setError(null);
    setPending(true);
    try {
      const { token } = await run();
      onToken(token);
    } catch (failure) {
      setError(passkeyErrorMessage(failure, (e) => readApiError(e).message));
    } finally {
      setPending(false);
    }
  };
  return (
    <Stack gap="xs">
      <Button variant={variant} fullWidth loading={pending} onClick={() => void click()}>
        {label}
      </Button>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
