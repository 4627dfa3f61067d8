import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { loginSchema, MESSAGES, PASSWORD_FORM_ACTIONS } from '@notadoo/domain';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { readApiError } from '../../../api/api-error';
import { notifyError } from '../../../lib/notify';
import { useLogin } from '../api/login';
import { useInvitation } from './use-invitation';

/** A refused sign-in says nothing about which of e-mail or password was wrong (spec section 8). */
function loginErrorMessage(error: unknown): string {
  const { status, message } = readApiError(error);
  return status === 401 || status === 403 ? MESSAGES.loginFailed : message;
}

/**
 * `onSuccess` gets where to go next (the inviting project when the form came from an invitation) and,
 * what the session still needs: the code step (with the partial token) or the setup of a factor.
 * `alternative`: another way in shown under the button (a passkey), told whether « Se souvenir de moi » is ticked.
 */
export function LoginForm({
  onSuccess,
  alternative,
}: {
  onSuccess: (landing: string, next?: { secondFactor: 'required' | 'setup'; token: string; remember: boolean }) => void;
  alternative?: (isRemembered: () => boolean) => ReactNode;
}) {
  const login = useLogin();
  const { invitation, email, landing } = useInvitation();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { login: email, password: '', remember: false, invitation },
  });

  // On failure the fields keep their values: the user corrects, not retypes.
  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: ({ token, secondFactor }) =>
        onSuccess(landing, secondFactor ? { secondFactor, token, remember: values.remember ?? false } : undefined),
      onError: (error) => notifyError(loginErrorMessage(error)),
    }),
  );

  return (
    <form method="post" action={PASSWORD_FORM_ACTIONS.login} onSubmit={onSubmit} noValidate aria-label="Connexion">
      <Stack gap="md">
        <TextInput
          label="Adresse email"
          type="email"
          autoComplete="username"
          required
          error={errors.login?.message}
          {...register('login')}
        />
        <PasswordInput
          label="Mot de passe"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <Checkbox label="Se souvenir de moi" {...register('remember')} />
        <Button type="submit" loading={login.isPending} fullWidth>
          Se connecter
        </Button>
        {alternative?.(() => getValues('remember') === true)}
      </Stack>
    </form>
  );
}
