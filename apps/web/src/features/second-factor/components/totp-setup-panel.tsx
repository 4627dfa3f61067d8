import { Alert, Anchor, Button, Code, List, Loader, Stack, Text } from '@mantine/core';
import { totpConfirmSchema, type TotpSetup } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { readApiError } from '../../../api/api-error';
import { confirmTotpSetup, startTotpSetup } from '../api/second-factor';
import { BackupCodesList } from './backup-codes-list';
import { CodeInput } from './code-input';
import { QrCode } from './qr-code';

/** Groups the base32 secret by four for typing it by hand. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Setting up TOTP (issue 27): the secret as a QR code and as text, the first
 * code to confirm it, then the ten backup codes, shown once. `onDone` gets the
 * session's new token when the person leaves the codes' screen.
 */
export function TotpSetupPanel({ onDone, doneLabel = 'Continuer' }: { onDone: (token: string) => void; doneLabel?: string }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ token: string; backupCodes: string[] } | null>(null);
  const start = useMutation({ mutationFn: startTotpSetup, onSuccess: setSetup });
  const confirm = useMutation({ mutationFn: confirmTotpSetup });
  const started = useRef(false);
  useEffect(() => {
    // Once per screen (StrictMode runs effects twice; a second secret would replace the one scanned).
    if (started.current) return;
    started.current = true;
    start.mutate();
  }, [start]);

  if (result) {
    return (
      <Stack gap="md">
        <Alert color="green" title="Double authentification activée">
          Votre application d’authentification vous sera demandée à chaque connexion depuis un nouvel appareil.
        </Alert>
        <BackupCodesList codes={result.backupCodes} />
        <Button onClick={() => onDone(result.token)}>{doneLabel}</Button>
      </Stack>
    );
  }
  if (start.isError) {
    return (
      <Alert color="red" role="alert" title="Configuration impossible">
        {readApiError(start.error).message}
      </Alert>
    );
  }
  if (!setup) return <Loader aria-label="Préparation de la configuration" />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpConfirmSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Code incorrect.');
      return;
    }
    setError(null);
    confirm.mutate(parsed.data.code, { onSuccess: setResult, onError: (failure) => setError(readApiError(failure).message) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Configurer la double authentification">
      <Stack gap="md">
        <List type="ordered" spacing="xs" size="sm">
          <List.Item>
            Installez une application d’authentification (par exemple FreeOTP, Aegis, Google Authenticator ou Microsoft Authenticator).
          </List.Item>
          <List.Item>Scannez ce QR code avec l’application, ou saisissez la clé ci-dessous.</List.Item>
          <List.Item>Saisissez le code à 6 chiffres qu’elle affiche.</List.Item>
        </List>
        <QrCode value={setup.uri} label="QR code à scanner avec votre application d’authentification" />
        <Text size="sm">
          Clé à saisir à la main : <Code style={{ wordBreak: 'break-all' }}>{groupSecret(setup.secret)}</Code>
        </Text>
        <Text size="xs" c="dimmed">
          Sur ce téléphone ? <Anchor href={setup.uri}>Ouvrir dans l’application d’authentification</Anchor>
        </Text>
        <CodeInput
          value={code}
          onChange={setCode}
          error={error}
          label="Code affiché par l’application"
          description="6 chiffres"
          autoFocus={false}
        />
        <Button type="submit" loading={confirm.isPending}>
          Activer la double authentification
        </Button>
      </Stack>
    </form>
  );
}
