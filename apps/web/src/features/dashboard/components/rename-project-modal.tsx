import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { MESSAGES, renameProjectSchema } from '@notadoo/domain';
import { useForm } from 'react-hook-form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRenameProject } from '../api/rename-project';

interface RenameProjectModalProps {
  project: { id: number; name: string };
  opened: boolean;
  onClose: () => void;
}

export function RenameProjectModal({ project, opened, onClose }: RenameProjectModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Renommer le dossier">
      {/* Mounted only while open, so each opening starts from the current name. */}
      {opened && <RenameForm project={project} onDone={onClose} />}
    </Modal>
  );
}

function RenameForm({ project, onDone }: { project: { id: number; name: string }; onDone: () => void }) {
  const rename = useRenameProject();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(renameProjectSchema), defaultValues: { id: project.id, name: project.name } });

  const onSubmit = handleSubmit((values) =>
    rename.mutate(values, {
      onSuccess: () => {
        notifySuccess(MESSAGES.operationSucceeded);
        onDone();
      },
      // The modal stays open so that the name typed is not lost.
      onError: () => notifyError(MESSAGES.operationFailed),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Nom du dossier" required maxLength={255} data-autofocus error={errors.name?.message} {...register('name')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Annuler
          </Button>
          <Button type="submit" loading={rename.isPending}>
            Renommer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
