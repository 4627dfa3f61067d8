import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { FILE_TYPES, isFileTypeCode, MESSAGES, type Participant, type Project } from '@notadoo/domain';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useAddFileDrawer } from '../api/add-document';
import { fullNameOf } from '../lib/person-display';
import { reportFailure } from '../lib/report-failure';

const FILE_TYPE_OPTIONS = Object.entries(FILE_TYPES).map(([value, label]) => ({ value, label }));

/** Asks a person for a document of one file type: confirms the type, then adds the empty drawer. */
export function AddDocumentModal({ project, participant, onClose }: { project: Project; participant: Participant; onClose: () => void }) {
  const addDrawer = useAddFileDrawer();
  const [fileType, setFileType] = useState<string | null>(null);

  const confirm = () => {
    if (!fileType || !isFileTypeCode(fileType)) return;
    addDrawer.mutate(
      { projectId: project.id, participantId: participant.id, fileType },
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
        <Text>Quel document souhaitez-vous ajouter au dossier de {fullNameOf(participant)} ?</Text>
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
          <Button onClick={confirm} loading={addDrawer.isPending} disabled={!fileType}>
            Confirmer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
