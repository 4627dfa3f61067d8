import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { MESSAGES, resetPasswordFormSchema, PASSWORD_FORM_ACTIONS } from '@notadoo/domain';
import { useForm, useWatch } from 'react-hook-form';
import { readApiError } from '../../../api/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useResetPassword } from '../api/reset-password';
import { useMergedRef } from '@mantine/hooks';
import { PasswordChecklist } from '../../../components/password-checklist';
import { useDescribedBy } from '../../../components/use-described-by';
import { usePasswordEvaluation } from '../../../lib/use-password-evaluation';
import { CONFIRMATION_TOGGLE_PROPS } from '../../../components/password-toggle-labels';

const PASSWORD_RULES_ID = 'reset-password-rules';

interface ResetPasswordFormProps {
  /** The token of the e-mailed link, passed along by the /reset/password/:token redirect. */
  token: string;
  onSuccess: () => void;
}

export function ResetPasswordForm({ token, onSuccess }: ResetPasswordFormProps) {
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', passwordConfirm: '' } });
  const password = useWatch({ control, name: 'password' });
  const passwordField = register('password');
  const passwordRef = useMergedRef(passwordField.ref, useDescribedBy<HTMLInputElement>(PASSWORD_RULES_ID));
  const passwordConfirm = useWatch({ control, name: 'passwordConfirm' });
  const confirmationDiffers = passwordConfirm !== '' && passwordConfirm !== password;
  // The account is not known here: the clients' rules show live; the server adds its own (an office member's 80 bits) on sending.
  const canSubmit = usePasswordEvaluation(password, 'client').refusal === null && password === passwordConfirm;
  // Once changed, the form locks while the user is signed out and sent to the login screen.
  const done = resetPassword.isSuccess;

  const onSubmit = handleSubmit(({ password: newPassword }) =>
    resetPassword.mutate(
      { password: newPassword, token },
      {
        onSuccess: () => {
          notifySuccess(MESSAGES.resetSucceeded);
          onSuccess();
        },
        onError: (error) => {
          const { status, message } = readApiError(error);
          // A network failure is not an expired link, nor a refused password (400 with its reason): say what really happened.
          notifyError(status === 0 || status === 400 ? message : MESSAGES.resetFailed);
        },
      },
    ),
  );

  return (
    <form
      method="post"
      action={PASSWORD_FORM_ACTIONS.resetPassword}
      onSubmit={onSubmit}
      noValidate
      aria-label="Réinitialisation du mot de passe"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <PasswordInput
            label="Nouveau mot de passe"
            autoComplete="new-password"
            required
            error={errors.password?.message}
            disabled={done}
            {...passwordField}
            ref={passwordRef}
          />
          <PasswordChecklist password={password} id={PASSWORD_RULES_ID} />
        </Stack>
        <PasswordInput
          label="Confirmation"
          autoComplete="new-password"
          required
          error={confirmationDiffers ? MESSAGES.resetPasswordMismatch : errors.passwordConfirm?.message}
          disabled={done}
          visibilityToggleButtonProps={CONFIRMATION_TOGGLE_PROPS}
          {...register('passwordConfirm')}
        />
        <Button type="submit" disabled={!canSubmit || done} loading={resetPassword.isPending} fullWidth>
          Enregistrer le nouveau mot de passe
        </Button>
      </Stack>
    </form>
  );
}
