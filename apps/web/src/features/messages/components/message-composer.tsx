import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { MESSAGE_MAX_LENGTH, messageTextSchema } from '@notadoo/domain';
import { useState } from 'react';
import { readApiError } from '../../../api/api-error';
import { useSendMessage } from '../api/send-message';
import { draftKey } from '../lib/message-display';

function readDraft(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}
function keepDraft(key: string, text: string): void {
  try {
    if (text) window.localStorage.setItem(key, text);
    else window.localStorage.removeItem(key);
  } catch {
    // Private browsing without storage: the draft stays on screen only.
  }
}

/**
 * The text box of a thread. The draft is kept (on screen and in the
 * browser's storage) until the server has the message: a failed send leaves
 * it there with a "Réessayer" button, a reload finds it again.
 */
export function MessageComposer({ projectId, thread }: { projectId: number; thread: string }) {
  const key = draftKey(projectId, thread);
  const [text, setText] = useState(() => readDraft(key));
  const [invalid, setInvalid] = useState<string | null>(null);
  const send = useSendMessage();
  const failure = send.error ? readApiError(send.error).message : null;

  const change = (value: string) => {
    setText(value);
    setInvalid(null);
    keepDraft(key, value);
  };
  const submit = () => {
    const parsed = messageTextSchema.safeParse(text);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? null);
      return;
    }
    send.mutate(
      { projectId, thread, text: parsed.data },
      {
        onSuccess: () => {
          setText('');
          keepDraft(key, '');
        },
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Votre message"
          description="Entrée pour aller à la ligne, Ctrl + Entrée pour envoyer."
          autosize
          minRows={3}
          maxRows={10}
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          error={invalid}
          onChange={(event) => change(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              submit();
            }
          }}
        />
        {failure && (
          <Alert color="red" role="alert" title="Le message n'a pas été envoyé">
            {failure} Votre texte est conservé : vous pouvez réessayer.
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed" aria-live="off">
            {text.length} / {MESSAGE_MAX_LENGTH} caractères
          </Text>
          <Button type="submit" loading={send.isPending}>
            {failure ? 'Réessayer' : 'Envoyer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
