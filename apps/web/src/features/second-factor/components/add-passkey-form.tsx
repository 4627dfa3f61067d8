import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { passkeyNameSchema, type PasskeyView } from '@notadoo/domain';
import { useState, type FormEvent } from 'react';
import { readApiError } from '../../../api/api-error';
import { addPasskey, passkeyErrorMessage } from '../api/passkeys';

/**
 * Adding a passkey (issue 27): the person names it (the device it lives on),
 * then the browser asks the device. `onAdded` gets the session's new token.
 */
export function AddPasskeyForm({
  onAdded,
  submitLabel = 'Ajouter une clé d’accès',
}: {
  onAdded: (token: string, passkey: PasskeyView) => void;
  submitLabel?: string;
}) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setNameError(null);
    setError(null);
    setPending(true);
    try {
      const { token, passkey } = await addPasskey(parsed.data);
      setName('');
      onAdded(token, passkey);
    } catch (failure) {
      setError(passkeyErrorMessage(failure, (e) => readApiError(e).message));
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Ajouter une clé d’accès">
      <Stack gap="sm">
        <TextInput
          label="Nom de la clé d’accès"
          description="Pour la reconnaître dans la liste, par exemple « Ordinateur du bureau » ou « Téléphone »."
          maxLength={60}
          value={name}
          error={nameError ?? undefined}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
