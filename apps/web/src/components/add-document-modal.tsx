import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { FILE_TYPES, isFileTypeCode, MESSAGES } from '@notadoo/domain';
import { useState } from 'react';
import { notifySuccess } from '../lib/notify';
import { useAddFileDrawer } from '../api/add-file-drawer';
import { reportFailure } from '../lib/report-failure';

const FILE_TYPE_OPTIONS = Object.entries(FILE_TYPES).map(([value, label]) => ({ value, label }));

/** Adds an empty drawer of a file type chosen in the catalogue, for a participant or unassigned (`ownerName` null). */
export function AddDocumentModal({
  projectId,
  participantId,
  ownerName,
  onClose,
}: {
  projectId: number;
  participantId: number | null;
  ownerName: string | null;
  onClose: () => void;
}) {
  const addDrawer = useAddFileDrawer();
  const [fileType, setFileType] = useState<string | null>(null);

  const add = () => {
    if (!fileType || !isFileTypeCode(fileType)) return;
    addDrawer.mutate(
      { projectId, participantId, fileType },
      {
        onSuccess: () => {
          notifySuccess(MESSAGES.operationSucceeded);
          onClose();
        },
        onError: (error) => reportFailure(error),
      },
    );
  };

  return (
    <Modal opened onClose={addDrawer.isPending ? () => {} : onClose} title="Ajouter un document">
      <Stack gap="md">
        <Text>{ownerName ? `Document de ${ownerName}` : 'Document non attribué'}</Text>
        <Select
          label="Type de fichier"
          placeholder="Rechercher un type de fichier"
          searchable
          nothingFoundMessage="Aucun type de fichier ne correspond."
          data={FILE_TYPE_OPTIONS}
          value={fileType}
          onChange={setFileType}
          comboboxProps={{ withinPortal: false }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={addDrawer.isPending}>
            Annuler
          </Button>
          <Button onClick={add} loading={addDrawer.isPending} disabled={!fileType}>
            Ajouter
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
