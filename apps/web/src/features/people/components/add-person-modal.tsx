import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NativeSelect, Stack } from '@mantine/core';
import { addPersonSchema, MESSAGES, PARTICIPANT_ROLE_LABELS, type ParticipantRole, type Project } from '@notadoo/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notifySuccess } from '../../../lib/notify';
import { useAddPerson } from '../api/add-person';
import { PersonIdentityFields } from './person-identity-fields';
import { reportFailure } from '../../../lib/report-failure';

interface AddPersonModalProps {
  project: Project;
  /** The roles the viewer may add (canAddPerson), in display order. */
  roles: readonly ParticipantRole[];
  defaultRole: ParticipantRole;
  onClose: () => void;
}

type AddPersonFormValues = z.input<typeof addPersonSchema>;

/** Adds a person in a role; with an e-mail the server invites them (spec section 5). */
export function AddPersonModal({ project, roles, defaultRole, onClose }: AddPersonModalProps) {
  const addPerson = useAddPerson(project.id);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddPersonFormValues, unknown, z.output<typeof addPersonSchema>>({
    resolver: zodResolver(addPersonSchema),
    defaultValues: { firstName: '', lastName: '', email: '', role: defaultRole },
  });

  const onSubmit = handleSubmit((values) =>
    addPerson.mutate(values, {
      onSuccess: () => {
        notifySuccess(MESSAGES.operationSucceeded);
        onClose();
      },
      // A 401 carries the server's refusal, shown as written (spec section 8); a 400 what to correct.
      onError: (error) => reportFailure(error, [400, 401]),
    }),
  );

  return (
    <Modal opened onClose={addPerson.isPending ? () => {} : onClose} title="Ajouter une personne">
      <form onSubmit={onSubmit} noValidate aria-label="Ajouter une personne">
        <Stack gap="md">
          <PersonIdentityFields
            fields={{ firstName: register('firstName'), lastName: register('lastName'), email: register('email') }}
            errors={{ firstName: errors.firstName?.message, lastName: errors.lastName?.message, email: errors.email?.message }}
          />
          <NativeSelect
            label="Rôle"
            required
            data={roles.map((role) => ({ value: role, label: PARTICIPANT_ROLE_LABELS[role] }))}
            error={errors.role?.message}
            {...register('role')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={addPerson.isPending}>
              Annuler
            </Button>
            <Button type="submit" loading={addPerson.isPending}>
              Ajouter
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
