import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import {
  createProjectSchema,
  creationRolesFor,
  MESSAGES,
  PARTICIPANT_ROLE_LABELS,
  type CreateProjectPayload,
  type ProjectSubtype,
  type ProjectType,
  type Viewer,
} from '@notadoo/domain';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { readApiError } from '../../../api/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateProject } from '../api/create-project';
import { NAME_HINTS } from '../lib/wizard-content';

/** Spec section 8, project creation. */
export const CREATE_SUCCEEDED_MESSAGE = 'Votre dossier a été créé avec succès.';
export const CREATE_FAILED_MESSAGE = 'Une erreur est survenue lors de la création de votre dossier.';

/** A 403 carries the server's reason (e.g. a pending role change); any other failure gets the spec's message. */
function creationErrorMessage(error: unknown): string {
  const { status, message } = readApiError(error, CREATE_FAILED_MESSAGE);
  return status === 403 ? message : CREATE_FAILED_MESSAGE;
}

interface ProjectDetailsFormProps {
  viewer: Viewer;
  type: ProjectType;
  subtype: ProjectSubtype;
}

/** Step 3: the file's name and the user's role among those the server would accept, then creation. */
export function ProjectDetailsForm({ viewer, type, subtype }: ProjectDetailsFormProps) {
  const navigate = useNavigate();
  const create = useCreateProject();
  const roles = creationRolesFor(viewer, type, subtype);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<CreateProjectPayload>({
    resolver: zodResolver(createProjectSchema),
    // With a single possible role there is nothing to choose.
    defaultValues: { name: '', type, subtype, role: roles.length === 1 ? roles[0] : undefined },
  });

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ id }) => {
        notifySuccess(CREATE_SUCCEEDED_MESSAGE);
        void navigate(`/project/${id}/dashboard`);
      },
      onError: (error) => notifyError(creationErrorMessage(error)),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Votre dossier">
      <Stack gap="lg">
        <TextInput
          label="Nom du dossier"
          description={NAME_HINTS[subtype]}
          required
          maxLength={255}
          error={errors.name?.message}
          {...register('name')}
        />
        <Controller
          control={control}
          name="role"
          render={({ field, fieldState }) => (
            <Radio.Group
              label="Votre rôle dans ce dossier"
              required
              withAsterisk={false}
              value={field.value ?? null}
              onChange={field.onChange}
              error={fieldState.error?.message}
            >
              <Group mt="xs" gap="lg">
                {roles.map((role) => (
                  <Radio key={role} value={role} label={PARTICIPANT_ROLE_LABELS[role]} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Créer le dossier
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** When no role is open to the user (e.g. a role change is pending), the reason instead of the form. */
export function CreationRefused({ message }: { message: string }) {
  return (
    <Alert color="orange" title="Création impossible pour l'instant">
      {message || MESSAGES.forbidden}
    </Alert>
  );
}
