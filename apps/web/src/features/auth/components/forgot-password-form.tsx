import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Collapse, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { MESSAGES, resetRequestSchema } from '@notadoo/domain';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { readApiError } from '../../../api/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRequestPasswordReset } from '../api/request-password-reset';

const SECTION_ID = 'mot-de-passe-oublie';

/** Collapsible lost-password request, kept outside the login form (forms cannot nest). */
export function ForgotPasswordForm() {
  const [opened, { toggle }] = useDisclosure(false);
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: '' } });

  // The confirmation shows whatever the answer, so nobody can probe which addresses have an account.
  // Only a request that never left the browser says so, since nothing was sent.
  const onSubmit = handleSubmit(({ email }) =>
    requestReset.mutate(
      { email },
      {
        onSettled: (_data, error) => {
          const failure = error ? readApiError(error) : null;
          if (failure?.status === 0) notifyError(failure.message);
          else notifySuccess(MESSAGES.resetRequested(email));
        },
      },
    ),
  );

  return (
    <Stack gap="xs">
      <UnstyledButton onClick={toggle} aria-expanded={opened} aria-controls={SECTION_ID} c="indigo.8">
        <Text component="span" size="sm" fw={500} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          {opened ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
          Mot de passe oublié ?
        </Text>
      </UnstyledButton>
      <Collapse expanded={opened} id={SECTION_ID}>
        <form onSubmit={onSubmit} noValidate aria-label="Demande de réinitialisation">
          <Stack gap="sm" pt="xs">
            <Text size="sm" c="dimmed">
              Indiquez l'adresse email de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.
            </Text>
            <TextInput
              label="Email de votre compte"
              type="email"
              autoComplete="email"
              required
              error={errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" variant="light" loading={requestReset.isPending}>
              Envoyer
            </Button>
          </Stack>
        </form>
      </Collapse>
    </Stack>
  );
}
