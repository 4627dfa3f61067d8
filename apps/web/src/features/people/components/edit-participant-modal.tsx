import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { MESSAGES, updateParticipantSchema, type Participant } from '@notadoo/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateParticipant } from '../api/update-participant';
import { PersonIdentityFields } from './person-identity-fields';
import { reportFailure } from '../../../lib/report-failure';

type EditParticipantFormValues = z.input<typeof updateParticipantSchema>;

/**
 * Corrects a person's names, and the e-mail of a person who has not joined yet
 * (a new one invites them and revokes the earlier invitation) when the viewer
 * may change it (canChangePersonEmail).
 */
export function EditParticipantModal({
  participant,
  mayChangeEmail,
  onClose,
}: {
  participant: Participant;
  mayChangeEmail: boolean;
  onClose: () => void;
}) {
  const updateParticipant = useUpdateParticipant();
  const hasAccount = participant.user !== null || participant.joined;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditParticipantFormValues, unknown, z.output<typeof updateParticipantSchema>>({
    resolver: zodResolver(updateParticipantSchema),
    defaultValues: {
      id: participant.id,
      firstName: participant.first_name,
      lastName: participant.last_name,
      email: participant.email ?? '',
    },
  });

  const onSubmit = handleSubmit((values) =>
    updateParticipant.mutate(values, {
      onSuccess: () => {
        notifySuccess(MESSAGES.operationSucceeded);
        onClose();
      },
      onError: (error) => reportFailure(error, [400]),
    }),
  );

  return (
    <Modal opened onClose={updateParticipant.isPending ? () => {} : onClose} title="Modifier la personne">
      <form onSubmit={onSubmit} noValidate aria-label="Modifier la personne">
        <Stack gap="md">
          <PersonIdentityFields
            fields={{ firstName: register('firstName'), lastName: register('lastName'), email: register('email') }}
            errors={{ firstName: errors.firstName?.message, lastName: errors.lastName?.message, email: errors.email?.message }}
            hasAccount={hasAccount}
            emailLocked={!mayChangeEmail}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={updateParticipant.isPending}>
              Annuler
            </Button>
            <Button type="submit" loading={updateParticipant.isPending}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
