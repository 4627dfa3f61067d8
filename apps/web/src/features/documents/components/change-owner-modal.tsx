import { Button, Group, Modal, NativeSelect, Stack } from '@mantine/core';
import { MESSAGES, type Participant, type ProjectDocument } from '@notadoo/domain';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useChangeDocumentOwner } from '../api/change-document-owner';
import { reportFailure } from '../../../lib/report-failure';
import { fullNameOf } from '../lib/participant-name';

const UNASSIGNED = '';

/** Gives a document to another participant or to none; nothing is sent when the owner stays the same (spec section 4). */
export function ChangeOwnerModal({
  document,
  participants,
  onClose,
}: {
  document: ProjectDocument;
  participants: readonly Participant[];
  onClose: () => void;
}) {
  const changeOwner = useChangeDocumentOwner();
  const current = document.participant ? String(document.participant.id) : UNASSIGNED;
  const [owner, setOwner] = useState(current);

  const save = () => {
    if (owner === current) {
      onClose();
      return;
    }
    changeOwner.mutate(
      { documentId: document.id, participantId: owner === UNASSIGNED ? null : Number(owner) },
      {
        onSuccess: () => {
          notifySuccess(MESSAGES.operationSucceeded);
          onClose();
        },
        // A 401 says the action is for admins, as the server wrote it (spec section 8).
        onError: (error) => reportFailure(error, [401]),
      },
    );
  };

  return (
    <Modal opened onClose={changeOwner.isPending ? () => {} : onClose} title="Changer le propriétaire">
      <Stack gap="md">
        <NativeSelect
          label="Propriétaire du document"
          value={owner}
          onChange={(event) => setOwner(event.currentTarget.value)}
          data={[{ value: UNASSIGNED, label: 'Non attribué' }, ...participants.map((p) => ({ value: String(p.id), label: fullNameOf(p) }))]}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={changeOwner.isPending}>
            Annuler
          </Button>
          <Button onClick={save} loading={changeOwner.isPending}>
            Enregistrer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
