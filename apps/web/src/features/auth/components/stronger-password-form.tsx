import { Button, PasswordInput, Stack } from '@mantine/core';
import { MESSAGES, passwordChangeSchema, type Session } from '@notadoo/domain';
import { useState, type FormEvent } from 'react';
import { readApiError } from '../../../api/api-error';
import { PasswordChecklist } from '../../../components/password-checklist';
import { CONFIRMATION_TOGGLE_PROPS } from '../../../components/password-toggle-labels';
import { useDescribedBy } from '../../../components/use-described-by';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePasswordEvaluation } from '../../../lib/use-password-evaluation';
import { useChangePassword } from '../api/change-password';

const EMPTY = { password: '', passwordNew: '', passwordNewConfirm: '' };
const RULES_ID = 'stronger-password-rules';

/**
 * Issue 27: the form of the "stronger password" screen, for an office member
 * or admin whose password is below the CNIL's 80 bits: the current password,
 * the new one with its strength meter, its confirmation.
 */
export function StrongerPasswordForm({ session, onSuccess }: { session: Session; onSuccess?: () => void }) {
  const change = useChangePassword();
  const rulesRef = useDescribedBy<HTMLInputElement>(RULES_ID);
  const [values, setValues] = useState(EMPTY);
  const set = (field: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: event.currentTarget.value });
  const evaluation = usePasswordEvaluation(values.passwordNew, 'staff', session);
  const confirmationDiffers = values.passwordNewConfirm !== '' && values.passwordNewConfirm !== values.passwordNew;
  const canSubmit = values.password !== '' && evaluation.refusal === null && values.passwordNew === values.passwordNewConfirm;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordChangeSchema.safeParse(values);
    if (!parsed.success) {
      notifyError(parsed.error.issues[0]!.message);
      return;
    }
    change.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(MESSAGES.profileUpdated);
        onSuccess?.();
      },
      onError: (error) => notifyError(readApiError(error, MESSAGES.profileUpdateFailed).message),
    });
  };

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Choisir un mot de passe plus robuste">
      <Stack gap="md">
        <PasswordInput
          label="Mot de passe actuel"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={set('password')}
          maxLength={255}
        />
        <Stack gap={4}>
          <PasswordInput
            label="Nouveau mot de passe"
            autoComplete="new-password"
            required
            ref={rulesRef}
            value={values.passwordNew}
            onChange={set('passwordNew')}
            maxLength={255}
          />
          <PasswordChecklist password={values.passwordNew} id={RULES_ID} audience="staff" owner={session} />
        </Stack>
        <PasswordInput
          label="Confirmation du nouveau mot de passe"
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={CONFIRMATION_TOGGLE_PROPS}
          value={values.passwordNewConfirm}
          onChange={set('passwordNewConfirm')}
          maxLength={255}
          error={confirmationDiffers ? MESSAGES.newPasswordMismatch : undefined}
        />
        <Button type="submit" disabled={!canSubmit} loading={change.isPending} fullWidth>
          Enregistrer mon nouveau mot de passe
        </Button>
      </Stack>
    </form>
  );
}
