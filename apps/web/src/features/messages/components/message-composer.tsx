import { Alert, Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { MESSAGE_MAX_LENGTH, messageTextSchema, sortChosenMessageFiles } from '@notadoo/domain';
import { useState } from 'react';
import { readApiError } from '../../../api/api-error';
import { useProjectPieces } from '../../../api/get-project-pieces';
import { useSendMessage } from '../api/send-message';
import { draftKey } from '../lib/message-display';
import { MessageFilesPicker } from './message-files-picker';

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
  const [pieceId, setPieceId] = useState('');
  // The files are kept on screen after a failure too (not in storage: a browser cannot keep one).
  const [files, setFiles] = useState<File[]>([]);
  const [fileRefusals, setFileRefusals] = useState<string[]>([]);
  const send = useSendMessage();
  // The pieces the viewer sees, still awaited: a message may answer one (it then shows under it in the Pièces tab).
  const pieces = useProjectPieces(projectId);
  const answerable = (pieces.data?.requests ?? []).filter(
    (r) => !r.noLongerRequired && r.state !== 'accepted' && r.state !== 'waived' && r.state !== 'refused',
  );
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
    // Checked when chosen; checked again here, as the server will.
    const { accepted, refusals } = sortChosenMessageFiles([], files);
    if (refusals.length > 0 || accepted.length !== files.length) {
      setFileRefusals(refusals);
      return;
    }
    send.mutate(
      { projectId, thread, text: parsed.data, files, ...(pieceId ? { pieceRequestId: Number(pieceId) } : {}) },
      {
        onSuccess: () => {
          setText('');
          setPieceId('');
          setFiles([]);
          setFileRefusals([]);
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
        <MessageFilesPicker
          files={files}
          onChange={setFiles}
          refusals={fileRefusals}
          onRefuse={setFileRefusals}
          disabled={send.isPending}
        />
        {answerable.length > 0 && (
          <NativeSelect
            label="À propos d'une pièce (facultatif)"
            value={pieceId}
            onChange={(event) => setPieceId(event.currentTarget.value)}
            data={[
              { value: '', label: 'Aucune pièce en particulier' },
              ...answerable.map((r) => ({ value: String(r.id), label: `${r.label} — ${r.participantName}` })),
            ]}
          />
        )}
        {failure && (
          <Alert color="red" role="alert" title="Le message n'a pas été envoyé">
            {failure} Votre texte{files.length > 0 ? ' et vos fichiers sont conservés' : ' est conservé'} : vous pouvez réessayer.
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
