import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES, PASSWORD_FORM_ACTIONS } from '@notadoo/domain';
import { useForm, useWatch } from 'react-hook-form';
import { readApiError } from '../../../api/api-error';
import { config } from '../../../config/env';
import { notifyError } from '../../../lib/notify';
import { useSignup, type SignupRequest } from '../api/signup';
import { useMergedRef } from '@mantine/hooks';
import { PasswordChecklist } from '../../../components/password-checklist';
import { useDescribedBy } from '../../../components/use-described-by';
import { usePasswordEvaluation } from '../../../lib/use-password-evaluation';
import { signupFormSchema, type SignupFormValues } from './signup-form-schema';
import { useInvitation } from './use-invitation';
import { CONFIRMATION_TOGGLE_PROPS } from '../../../components/password-toggle-labels';

const PASSWORD_RULES_ID = 'signup-password-rules';

/** Spec section 8, plus the statuses a user must understand to fix their input. */
function reportSignupError(error: unknown) {
  const { status, message } = readApiError(error);
  if (status === 403) notifyError(MESSAGES.emailTaken);
  else if (status === 401) notifyError(MESSAGES.signupRefused);
  else if (status === 400 || status === 429 || status === 0) notifyError(message);
  else console.error('Échec de la création du compte', error);
}

const defaultValues: SignupFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  passwordConfirm: '',
  terms: false,
  intermediary: false,
};

/** `onSuccess` gets where to go next: the inviting project when the form came from an invitation. */
export function SignupForm({ onSuccess }: { onSuccess: (landing: string) => void }) {
  const signup = useSignup();
  const { invitation, email, firstName, lastName, landing } = useInvitation();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<SignupFormValues, unknown, SignupRequest>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { ...defaultValues, email, firstName, lastName },
  });
  const password = useWatch({ control, name: 'password' });
  const passwordField = register('password');
  const passwordRef = useMergedRef(passwordField.ref, useDescribedBy<HTMLInputElement>(PASSWORD_RULES_ID));
  const passwordConfirm = useWatch({ control, name: 'passwordConfirm' });
  const [firstNameTyped, lastNameTyped, emailTyped] = useWatch({ control, name: ['firstName', 'lastName', 'email'] });
  const owner = { firstName: firstNameTyped, lastName: lastNameTyped, email: emailTyped };
  const confirmationDiffers = passwordConfirm !== '' && passwordConfirm !== password;
  // Spec section 2: the submit stays disabled until the password rules (issue 27's included) and its confirmation hold.
  const canSubmit = usePasswordEvaluation(password, 'client', owner).refusal === null && password === passwordConfirm;

  const onSubmit = handleSubmit((request) =>
    signup.mutate({ ...request, invitation }, { onSuccess: () => onSuccess(landing), onError: reportSignupError }),
  );

  return (
    <form method="post" action={PASSWORD_FORM_ACTIONS.signup} onSubmit={onSubmit} noValidate aria-label="Création de compte">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Tous les champs sont obligatoires.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="Prénom"
            autoComplete="given-name"
            required
            maxLength={255}
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextInput
            label="Nom"
            autoComplete="family-name"
            required
            maxLength={255}
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label="Adresse email"
          type="email"
          autoComplete="email"
          required
          maxLength={255}
          error={errors.email?.message}
          {...register('email')}
        />
        <Stack gap={4}>
          <PasswordInput
            label="Mot de passe"
            autoComplete="new-password"
            required
            error={errors.password?.message}
            {...passwordField}
            ref={passwordRef}
          />
          <PasswordChecklist password={password} id={PASSWORD_RULES_ID} owner={owner} />
        </Stack>
        <PasswordInput
          label="Confirmation du mot de passe"
          autoComplete="new-password"
          required
          error={confirmationDiffers ? MESSAGES.signupPasswordMismatch : errors.passwordConfirm?.message}
          visibilityToggleButtonProps={CONFIRMATION_TOGGLE_PROPS}
          {...register('passwordConfirm')}
        />
        <Checkbox
          label="J'accepte les conditions d'utilisation"
          description={
            <Anchor href={config.termsUrl} target="_blank" rel="noopener" size="xs">
              Lire les conditions d'utilisation (PDF)
            </Anchor>
          }
          required
          error={errors.terms?.message}
          {...register('terms')}
        />
        <Checkbox
          label="Je suis intermédiaire immobilier ou notaire et je demande les droits correspondants"
          {...register('intermediary')}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!canSubmit} loading={signup.isPending} fullWidth>
            Créer mon compte
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
