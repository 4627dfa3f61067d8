import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { fileTypeTitle, MESSAGES, type FileDrawer } from '@notadoo/domain';
import { useState } from 'react';
import { FilePicker } from '../../../components/file-picker';
import { notifySuccess } from '../../../lib/notify';
import { useUploadFile } from '../api/upload-file';
import { reportFailure } from '../../../lib/report-failure';

/** Project files are images and PDF (spec section 5); the server checks the content too. */
export const ACCEPTED_FILES = 'image/*,application/pdf';

const noop = () => {};

/**
 * Sends one file into a drawer with a progress bar. While it is sending the
 * modal cannot be closed (spec section 4): no close button, no Escape, no
 * click outside, Annuler disabled.
 */
export function UploadFileModal({ projectId, drawer, onClose }: { projectId: number; drawer: FileDrawer; onClose: () => void }) {
  const upload = useUploadFile();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const uploading = upload.isPending;

  const send = () => {
    if (!file) return;
    setProgress(0);
    upload.mutate(
      { projectId, drawerId: drawer.id, file, onProgress: setProgress },
      {
        onSuccess: () => {
          notifySuccess(MESSAGES.operationSucceeded);
          onClose();
        },
        // The server's 400 (refused type) and 413 (too large) say what to change.
        onError: (error) => reportFailure(error, [400, 413]),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={uploading ? noop : onClose}
      closeOnEscape={!uploading}
      closeOnClickOutside={!uploading}
      withCloseButton={!uploading}
      title="Ajouter un fichier"
    >
      <Stack gap="md">
        <Text>{fileTypeTitle(drawer.doc_type)}</Text>
        <FilePicker label="Fichier" description="Images ou PDF, 20 Mo au plus." accept={ACCEPTED_FILES} disabled={uploading} file={file} onChange={setFile} />
        {uploading && (
          <Stack gap={4}>
            <Progress.Root size="lg">
              <Progress.Section value={progress} aria-label="Envoi du fichier" animated />
            </Progress.Root>
            <Text size="sm" c="dimmed">
              Envoi en cours… {progress} %
            </Text>
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={uploading}>
            Annuler
          </Button>
          <Button onClick={send} loading={uploading} disabled={!file}>
            Envoyer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
