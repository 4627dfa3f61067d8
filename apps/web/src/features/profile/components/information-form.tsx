import { Button, Group, Modal, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES, PASSWORD_FORM_ACTIONS, type Session } from '@notadoo/domain';
import { useState, type FormEvent } from 'react';
import { readApiError } from '../../../api/api-error';
import { notifyError, notifySuccess, SHORT_TOAST_DURATION_MS } from '../../../lib/notify';
import { useUpdateProfile } from '../api/profile';
import { EmailChangeSignOut } from './email-change-sign-out';
import { PendingEmailNotice } from './pending-email-notice';

function reportProfileError(error: unknown) {
  const { status, code, message } = readApiError(error, MESSAGES.profileUpdateFailed);
  if (code === 'CURRENT_PASSWORD_REQUIRED') notifyError(message, SHORT_TOAST_DURATION_MS);
  else if (status === 400 || status === 409 || status === 429) notifyError(message);
  else notifyError(MESSAGES.profileUpdateFailed);
}

/**
 * First name, last name, e-mail and office. A new e-mail asks for the current
 * password (sent as `password`); the server keeps it pending until the link
 * mailed to it is used, and the user is signed out after 3 s. A change still
 * pending shows above the form.
 */
export function InformationForm({ session }: { session: Session }) {
  const update = useUpdateProfile();
  const [values, setValues] = useState({ firstName: session.firstName, lastName: session.lastName, email: session.email });
  const [askPassword, setAskPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [signingOutFor, setSigningOutFor] = useState<string | null>(null);

  const emailChanged = values.email.trim().toLowerCase() !== session.email;
  const save = (currentPassword?: string) =>
    update.mutate(
      {
        id: session.id,
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        notaryOffice: session.notary_office?.id ?? null,
        oldOffice: session.notary_office?.id ?? null,
        ...(currentPassword ? { password: currentPassword } : {}),
      },
      {
        onSuccess: (user) => {
          notifySuccess(MESSAGES.profileUpdated, SHORT_TOAST_DURATION_MS);
          setAskPassword(false);
          setPassword('');
          // The answer keeps the current address and holds the new one as pending (also when it was not free: nothing tells).
          if (currentPassword && user.pendingEmail) setSigningOutFor(user.pendingEmail);
        },
        onError: reportProfileError,
      },
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (emailChanged) setAskPassword(true);
    else save();
  };

  if (signingOutFor) return <EmailChangeSignOut newEmail={signingOutFor} currentEmail={session.email} />;

  const pendingEmail = session.pendingEmail;
  // The dialog's form beside the page's, not inside it: nested forms are invalid even through a portal.
  return (
    <>
      <form onSubmit={onSubmit} aria-label="Mes informations">
        <Stack gap="md">
          {pendingEmail && <PendingEmailNotice session={{ ...session, pendingEmail }} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Prénom"
              required
              maxLength={255}
              value={values.firstName}
              onChange={(e) => setValues({ ...values, firstName: e.currentTarget.value })}
            />
            <TextInput
              label="Nom"
              required
              maxLength={255}
              value={values.lastName}
              onChange={(e) => setValues({ ...values, lastName: e.currentTarget.value })}
            />
          </SimpleGrid>
          <TextInput
            label="Adresse email"
            type="email"
            required
            maxLength={255}
            value={values.email}
            description={
              emailChanged ? 'Votre mot de passe actuel vous sera demandé, puis vous devrez confirmer la nouvelle adresse.' : undefined
            }
            onChange={(e) => setValues({ ...values, email: e.currentTarget.value })}
          />
          <TextInput
            label="Office notarial"
            value={session.notary_office ? `Office de ${session.notary_office.city}` : 'Aucun office rattaché'}
            readOnly
            description="Le rattachement à un office est fait par un administrateur du réseau."
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending && !askPassword}>
              Enregistrer mes informations
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal opened={askPassword} onClose={() => setAskPassword(false)} title="Confirmez votre mot de passe">
        <form
          method="post"
          action={PASSWORD_FORM_ACTIONS.profile}
          onSubmit={(event) => {
            event.preventDefault();
            if (!password) notifyError(MESSAGES.currentPasswordRequired, SHORT_TOAST_DURATION_MS);
            else save(password);
          }}
          aria-label="Vérification de votre identité"
        >
          <Stack gap="md">
            <Text size="sm">Pour changer votre adresse email, saisissez votre mot de passe actuel.</Text>
            <PasswordInput
              label="Mot de passe actuel"
              autoComplete="current-password"
              required
              data-autofocus
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAskPassword(false)}>
                Annuler
              </Button>
              <Button type="submit" loading={update.isPending}>
                Confirmer
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
