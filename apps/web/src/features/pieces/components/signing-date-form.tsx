import { Button, Group, TextInput } from '@mantine/core';
import { MESSAGES, signingDateSchema } from '@notadoo/domain';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { reportFailure } from '../../../lib/report-failure';
import { useSetSigningDate } from '../api/set-signing-date';

/** The office plans the signing (JJ/MM/AAAA, empty to clear it): the reports ending before it are flagged. */
export function SigningDateForm({ projectId, signingDate }: { projectId: number; signingDate: string | null }) {
  const setSigningDate = useSetSigningDate();
  const [value, setValue] = useState(signingDate ?? '');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = signingDateSchema.safeParse({ signingDate: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setSigningDate.mutate(
      { projectId, signingDate: value.trim() },
      { onSuccess: () => notifySuccess(MESSAGES.operationSucceeded), onError: (failure) => reportFailure(failure, [400]) },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Date de signature">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Date de signature prévue"
          placeholder="JJ/MM/AAAA"
          description="Laissez vide si elle n'est pas encore fixée."
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
          w={240}
        />
        <Button type="submit" variant="light" loading={setSigningDate.isPending}>
          Enregistrer
        </Button>
      </Group>
    </form>
  );
}
