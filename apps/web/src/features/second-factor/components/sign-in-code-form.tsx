import { Button, Stack, Text } from '@mantine/core';
import { secondFactorCodeSchema } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { readApiError } from '../../../api/api-error';
import { verifySignInCode } from '../api/second-factor';
import { CodeInput } from './code-input';

/**
 * The sign-in's second step (issue 27): the code of the authenticator app or
 * a backup code, with the partial token the password gave. A refusal is said
 * under the field (tied to it, announced), the field keeps its value.
 */
export function SignInCodeForm({ partialToken, onDone }: { partialToken: string; onDone: (token: string) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useMutation({ mutationFn: (value: string) => verifySignInCode(partialToken, value) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = secondFactorCodeSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Code incorrect.');
      return;
    }
    setError(null);
    verify.mutate(code, { onSuccess: ({ token }) => onDone(token), onError: (failure) => setError(readApiError(failure).message) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Code de double authentification">
      <Stack gap="md">
        <Text size="sm">Ouvrez votre application d’authentification et saisissez le code affiché pour votre compte.</Text>
        <CodeInput value={code} onChange={setCode} error={error} />
        <Button type="submit" loading={verify.isPending} fullWidth>
          Valider
        </Button>
      </Stack>
    </form>
  );
}
