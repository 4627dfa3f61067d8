import { Button, Divider, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { setSecondFactorHandlers } from '../../../api/api-client';
import { readApiError } from '../../../api/api-error';
import { replaceAuthToken } from '../../../lib/auth-token';
import { reauthenticateWithPasskey } from '../api/passkeys';
import { getSecondFactorStatus, reauthenticate } from '../api/second-factor';
import { CodeInput } from './code-input';
import { PasskeyButton } from './passkey-sign-in-button';

/**
 * Issue 27: before a sensitive action (download of a whole file, transfer, an
 * admin's toggle...) the server asks again when the last check is over 5
 * minutes old. This dialog, mounted once by the app shell, offers the account's
 * passkey, asks the code (or the password of an account without a factor), stores the fresh token and
 * lets the API client send the refused call again. Cancelling leaves it refused.
 */
export function ReauthDialog({ onSetupRequired }: { onSetupRequired: () => void }) {
  const [opened, setOpened] = useState(false);
  const [kind, setKind] = useState<'code' | 'password' | 'none'>('code');
  const [withPasskey, setWithPasskey] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const waiting = useRef<Promise<boolean> | null>(null);

  const ask = useCallback((): Promise<boolean> => {
    // Several calls refused at once share one dialog.
    if (waiting.current) return waiting.current;
    waiting.current = (async () => {
      const status = await getSecondFactorStatus().catch(() => null);
      const passkeys = (status?.passkeys ?? 0) > 0;
      setWithPasskey(passkeys);
      // An account with passkeys only answers with one: the password does not stand for them.
      setKind(status && !status.totp ? (passkeys ? 'none' : 'password') : 'code');
      setValue('');
      setError(null);
      setOpened(true);
      return new Promise<boolean>((resolve) => {
        resolver.current = resolve;
      });
    })();
    return waiting.current;
  }, []);

  useEffect(() => setSecondFactorHandlers({ reauthenticate: ask, onSetupRequired }), [ask, onSetupRequired]);

  const finish = (ok: boolean) => {
    setOpened(false);
    resolver.current?.(ok);
    resolver.current = null;
    waiting.current = null;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(kind === 'code' ? 'Saisissez le code.' : 'Saisissez votre mot de passe.');
      return;
    }
    setPending(true);
    try {
      const { token } = await reauthenticate(kind === 'code' ? { code: value } : { password: value });
      replaceAuthToken(token);
      finish(true);
    } catch (failure) {
      setError(readApiError(failure).message);
    } finally {
      setPending(false);
    }
  };
  return (
    // Above any dialog the refused call came from (the transfer's): that one waits under it.
    <Modal opened={opened} onClose={() => finish(false)} title="Confirmez votre identité" centered zIndex={1000}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Confirmer votre identité">
        <Stack gap="md">
          <Text size="sm">Cette action est protégée : votre dernière vérification date de plus de 5 minutes.</Text>
          {withPasskey && (
            <PasskeyButton
              label="Utiliser une clé d’accès"
              variant="filled"
              run={reauthenticateWithPasskey}
              onToken={(token) => {
                replaceAuthToken(token);
                finish(true);
              }}
            />
          )}
          {withPasskey && kind !== 'none' && <Divider label="ou" labelPosition="center" />}
          {kind === 'none' ? null : kind === 'code' ? (
            <CodeInput value={value} onChange={setValue} error={error} />
          ) : (
            <PasswordInput
              label="Mot de passe"
              autoComplete="current-password"
              required
              data-autofocus
              value={value}
              error={error ?? undefined}
              onChange={(e) => setValue(e.currentTarget.value)}
            />
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => finish(false)}>
              Annuler
            </Button>
            {kind !== 'none' && (
              <Button type="submit" loading={pending}>
                Confirmer
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
