import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import {
  canMoveParticipantTo,
  MESSAGES,
  PARTICIPANT_ROLE_LABELS,
  rolesForProject,
  type Participant,
  type ParticipantRole,
  type Project,
} from '@notadoo/domain';
import { useState } from 'react';
import { readApiError } from '../../../api/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangeParticipantRole } from '../api/change-participant-role';
import { fullNameOf } from '../lib/person-display';

/**
 * What the page knows of the person's account for canMoveParticipantTo: a
 * person without account is refused intermediary and office roles here,
 * without a call; the wire does not carry the isPro/isNotary flags of a linked
 * account, so for them the server decides and answers the same toast (400).
 */
function refusalWithoutCall(role: ParticipantRole, participant: Participant, project: Project): string | null {
  if (participant.user !== null || participant.joined) return null;
  const check = canMoveParticipantTo(role, { user: null }, project);
  return check.ok ? null : check.message;
}

export function MoveParticipantModal({
  project,
  participant,
  onClose,
}: {
  project: Project;
  participant: Participant;
  onClose: () => void;
}) {
  const changeRole = useChangeParticipantRole();
  const roles = rolesForProject(project.type, project.subtype).filter((role) => role !== participant.role);
  const [role, setRole] = useState<ParticipantRole | undefined>(roles[0]);

  const move = () => {
    if (!role) return;
    const refusal = refusalWithoutCall(role, participant, project);
    if (refusal) {
      notifyError(refusal);
      return;
    }
    changeRole.mutate(
      { participantId: participant.id, role },
      {
        onSuccess: () => {
          notifySuccess(MESSAGES.operationSucceeded);
          onClose();
        },
        onError: (error) => {
          const { status, message } = readApiError(error);
          if (status === 400) notifyError(message);
          // Spec section 8: any other role-change failure is only logged.
          else console.error('Échec du déplacement du participant', error);
        },
      },
    );
  };

  return (
    <Modal opened onClose={changeRole.isPending ? () => {} : onClose} title="Déplacer la personne">
      <Stack gap="md">
        <Text>Choisissez la nouvelle catégorie de {fullNameOf(participant)}.</Text>
        <NativeSelect
          label="Nouveau rôle"
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as ParticipantRole)}
          data={roles.map((r) => ({ value: r, label: PARTICIPANT_ROLE_LABELS[r] }))}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={changeRole.isPending}>
            Annuler
          </Button>
          <Button onClick={move} loading={changeRole.isPending} disabled={!role}>
            Déplacer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
