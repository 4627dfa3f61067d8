import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ADMIN_MESSAGES, MESSAGES, registrationSchema, type RegistrationPayload, PASSWORD_FORM_ACTIONS } from '@notadoo/domain';
import { useForm, useWatch } from 'react-hook-form';
import { useMergedRef } from '@mantine/hooks';
import { PasswordChecklist } from '../../../components/password-checklist';
import { useDescribedBy } from '../../../components/use-described-by';
import { notifySuccess } from '../../../lib/notify';
import { useCreateUser } from '../api/admin-users';
import { reportAdminError } from './admin-errors';
import { CONFIRMATION_TOGGLE_PROPS } from '../../../components/password-toggle-labels';

const EMPTY: RegistrationPayload = { firstName: '', lastName: '', email: '', password: '', passwordConfirm: '' };
const RULES_ID = 'add-user-password-rules';

/** The registration form of spec sections 3 and 5: five fields, all required, passwords equal. */
export function AddUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateUser();
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<RegistrationPayload>({ resolver: zodResolver(registrationSchema), defaultValues: EMPTY });
  const password = useWatch({ control, name: 'password' });
  const passwordField = register('password');
  const passwordRef = useMergedRef(passwordField.ref, useDescribedBy<HTMLInputElement>(RULES_ID));
  const [firstName, lastName, email] = useWatch({ control, name: ['firstName', 'lastName', 'email'] });
  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        notifySuccess(ADMIN_MESSAGES.userCreated);
        close();
      },
      onError: reportAdminError,
    }),
  );
  return (
    <Modal opened={opened} onClose={close} title="Ajouter un utilisateur" size="lg">
      <form method="post" action={PASSWORD_FORM_ACTIONS.admin} onSubmit={onSubmit} noValidate aria-label="Ajouter un utilisateur">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="Prénom" required maxLength={255} error={errors.firstName?.message} {...register('firstName')} />
            <TextInput label="Nom" required maxLength={255} error={errors.lastName?.message} {...register('lastName')} />
          </SimpleGrid>
          <TextInput label="Adresse email" type="email" required maxLength={255} error={errors.email?.message} {...register('email')} />
          <Stack gap={4}>
            <PasswordInput
              label="Mot de passe"
              autoComplete="new-password"
              required
              error={errors.password?.message}
              {...passwordField}
              ref={passwordRef}
            />
            <PasswordChecklist password={password ?? ''} id={RULES_ID} owner={{ firstName, lastName, email }} />
          </Stack>
          <PasswordInput
            label="Confirmation du mot de passe"
            visibilityToggleButtonProps={CONFIRMATION_TOGGLE_PROPS}
            autoComplete="new-password"
            required
            error={errors.passwordConfirm ? MESSAGES.registrationPasswordMismatch : undefined}
            {...register('passwordConfirm')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Annuler
            </Button>
            <Button type="submit" loading={create.isPending}>
              Créer l'utilisateur
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
