import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { isStaffAccount, MESSAGES, type Session, PASSWORD_FORM_ACTIONS } from '@notadoo/domain';
import { useState, type FormEvent } from 'react';
import { PasswordChecklist } from '../../../components/password-checklist';
import { usePasswordEvaluation } from '../../../lib/use-password-evaluation';
import { readApiError } from '../../../api/api-error';
import { notifyError, notifySuccess, SHORT_TOAST_DURATION_MS } from '../../../lib/notify';
import { useUpdateProfile } from '../api/profile';
import { CONFIRMATION_TOGGLE_PROPS } from '../../../components/password-toggle-labels';
import { useDescribedBy } from '../../../components/use-described-by';

const EMPTY = { password: '', passwordNew: '', passwordNewConfirm: '' };
const RULES_ID = 'profile-password-rules';

/** Current, new and confirmation, with the rules and messages of spec sections 5 and 8. */
export function PasswordForm({ session }: { session: Session }) {
  const update = useUpdateProfile();
  const rulesRef = useDescribedBy<HTMLInputElement>(RULES_ID);
  const [values, setValues] = useState(EMPTY);
  // An office member's or admin's password opens others' files: it meets the CNIL's 80 bits (passkeys, when built, will say otherwise).
  const audience = isStaffAccount(session) ? 'staff' : 'client';
  const evaluation = usePasswordEvaluation(values.passwordNew, audience, session);
  const set = (field: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: event.currentTarget.value });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const anyFilled = values.password !== '' || values.passwordNew !== '' || values.passwordNewConfirm !== '';
    if (anyFilled && values.passwordNew !== values.passwordNewConfirm) {
      notifyError(MESSAGES.newPasswordMismatch, SHORT_TOAST_DURATION_MS);
      return;
    }
    if (!values.passwordNew) return;
    if (evaluation.message) {
      notifyError(evaluation.message);
      return;
    }
    if (!values.password) {
      notifyError(MESSAGES.currentPasswordRequired, SHORT_TOAST_DURATION_MS);
      return;
    }
    update.mutate(
      { id: session.id, ...values },
      {
        onSuccess: () => {
          notifySuccess(MESSAGES.profileUpdated, SHORT_TOAST_DURATION_MS);
          setValues(EMPTY);
        },
        onError: (error) => {
          const { status, message } = readApiError(error, MESSAGES.profileUpdateFailed);
          notifyError(status === 400 || status === 429 ? message : MESSAGES.profileUpdateFailed, SHORT_TOAST_DURATION_MS);
        },
      },
    );
  };

  return (
    <form method="post" action={PASSWORD_FORM_ACTIONS.profile} onSubmit={onSubmit} aria-label="Changer mon mot de passe">
      <Stack gap="md">
        <PasswordInput
          label="Mot de passe actuel"
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          maxLength={255}
        />
        <Stack gap={4}>
          <PasswordInput
            label="Nouveau mot de passe"
            autoComplete="new-password"
            ref={rulesRef}
            value={values.passwordNew}
            onChange={set('passwordNew')}
            maxLength={255}
          />
          <PasswordChecklist password={values.passwordNew} id={RULES_ID} audience={audience} owner={session} />
        </Stack>
        <PasswordInput
          label="Confirmation du nouveau mot de passe"
          visibilityToggleButtonProps={CONFIRMATION_TOGGLE_PROPS}
          autoComplete="new-password"
          value={values.passwordNewConfirm}
          onChange={set('passwordNewConfirm')}
          maxLength={255}
          error={
            values.passwordNewConfirm !== '' && values.passwordNewConfirm !== values.passwordNew ? MESSAGES.newPasswordMismatch : undefined
          }
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Changer mon mot de passe
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
