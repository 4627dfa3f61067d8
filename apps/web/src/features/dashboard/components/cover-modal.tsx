import { Button, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@notadoo/domain';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { readApiError } from '../../../api/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUploadProjectCover } from '../api/upload-project-cover';

interface CoverModalProps {
  projectId: number;
  opened: boolean;
  onClose: () => void;
}

/** Covers accept images only (spec section 5); the server checks the content and the size. */
const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

export function CoverModal({ projectId, opened, onClose }: CoverModalProps) {
  const upload = useUploadProjectCover();
  // Closing mid-upload would hide whether the cover changed.
  const close = upload.isPending ? () => {} : onClose;
  return (
    <Modal opened={opened} onClose={close} title="Changer l'image de couverture" closeOnEscape={!upload.isPending}>
      {opened && <CoverForm projectId={projectId} upload={upload} onDone={onClose} />}
    </Modal>
  );
}

interface CoverFormProps {
  projectId: number;
  upload: ReturnType<typeof useUploadProjectCover>;
  onDone: () => void;
}

function CoverForm({ projectId, upload, onDone }: CoverFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const send = () => {
    if (!file) {
      setError('Merci de choisir une image.');
      return;
    }
    setPercent(0);
    upload.mutate(
      { id: projectId, file, onProgress: setPercent },
      {
        onSuccess: () => {
          notifySuccess(MESSAGES.operationSucceeded);
          onDone();
        },
        // The server says why an image is refused (type, size): worth showing as is.
        onError: (cause) => notifyError(readApiError(cause).message),
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      noValidate
    >
      <Stack gap="md">
        <FileInput
          label="Image de couverture"
          description="Une image PNG, JPEG, GIF ou WebP."
          placeholder="Choisir une image"
          accept={IMAGE_TYPES}
          leftSection={<IconPhoto size={16} aria-hidden />}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setError(null);
          }}
          error={error}
          disabled={upload.isPending}
          clearable
        />
        {upload.isPending && (
          <Stack gap={4}>
            <Progress value={percent} animated aria-label="Envoi de l'image" />
            <Text size="sm" c="dimmed" aria-live="polite">
              Envoi en cours : {percent} %
            </Text>
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={upload.isPending}>
            Annuler
          </Button>
          <Button type="submit" loading={upload.isPending}>
            Enregistrer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
