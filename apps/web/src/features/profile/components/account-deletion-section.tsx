import { Alert, Button, Checkbox, Group, List, Loader, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { KEPT_FILES_REASON, PERSONAL_DATA_MESSAGES, statusLabel, type AccountDeletionPlan, type Session } from '@notadoo/domain';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { readApiError } from '../../../api/api-error';
import { RestrictedHtml } from '../../../components/restricted-html';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteAccount, useDeletionPlan } from '../api/personal-data';

type KeptFile = AccountDeletionPlan['keptFiles'][number];

function OfficeContact({ office }: { office: KeptFile['office'] }) {
  if (!office) return <Text size="sm">Aucun office n’est encore choisi pour ce dossier.</Text>;
  return (
    <Text size="sm" component="div">
      Office notarial de {office.city} — <RestrictedHtml html={office.address} /> {office.postalCode} {office.city}
      {office.phone && <> — Tél. {office.phone}</>}
      {office.email && <> — {office.email}</>}
    </Text>
  );
}

/** What the deletion does, named file by file: the drafts deleted, the drafts left, the files the offices keep and why. */
function DeletionPlan({ plan }: { plan: AccountDeletionPlan }) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Supprimés avec votre compte
      </Title>
      {plan.deletedFiles.length === 0 ? (
        <Text size="sm">Aucun brouillon de dossier.</Text>
      ) : (
        <List size="sm" aria-label="Dossiers supprimés">
          {plan.deletedFiles.map((file) => (
            <List.Item key={file.id}>
              « {file.name} » ({statusLabel(file.status)}), avec ses questionnaires et ses pièces
              {file.otherPeople > 0 &&
                ` — ${file.otherPeople === 1 ? 'une autre personne y participe' : `${file.otherPeople} autres personnes y participent`} et le perdra aussi`}
            </List.Item>
          ))}
        </List>
      )}
      {plan.leftFiles.length > 0 && (
        <>
          <Title order={3} size="h5">
            Dossiers que vous quitterez
          </Title>
          <Text size="sm">Ils restent à ceux qui les ont créés ; vos documents personnels y sont supprimés.</Text>
          <List size="sm" aria-label="Dossiers quittés">
            {plan.leftFiles.map((file) => (
              <List.Item key={file.id}>« {file.name} »</List.Item>
            ))}
          </List>
        </>
      )}
      {plan.keptFiles.length > 0 && (
        <>
          <Title order={3} size="h5">
            Conservés par leur office notarial
          </Title>
          <Text size="sm">{KEPT_FILES_REASON}</Text>
          <List size="sm" aria-label="Dossiers conservés">
            {plan.keptFiles.map((file) => (
              <List.Item key={file.id}>
                « {file.name} » ({statusLabel(file.status)})
                <OfficeContact office={file.office} />
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}

/** Deleting one's account (GDPR art. 17), after the password and an explicit confirmation. */
export function AccountDeletionSection({ session }: { session: Session }) {
  const [opened, setOpened] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const plan = useDeletionPlan(opened);
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const isAdmin = session.roles.includes('ROLE_ADMIN');

  const close = () => {
    if (remove.isPending) return;
    setOpened(false);
    setPassword('');
    setConfirmed(false);
    remove.reset();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || !password) return;
    remove.mutate(
      { password, confirm: true },
      {
        onSuccess: ({ message }) => {
          // The session is already void on the server: /logout forgets it here too (as after an e-mail change).
          notifySuccess(message);
          void navigate('/logout', { replace: true });
        },
      },
    );
  };

  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">
        La suppression de votre compte efface vos brouillons de dossiers (jamais transmis à un office) et vos informations personnelles. Les
        dossiers déjà transmis à un office notarial restent conservés par cet office, comme la loi l’y oblige.
      </Text>
      {isAdmin ? (
        <Text size="sm">{PERSONAL_DATA_MESSAGES.adminCannotDelete}</Text>
      ) : (
        <Button color="red.9" variant="outline" onClick={() => setOpened(true)}>
          Supprimer mon compte
        </Button>
      )}
      <Modal opened={opened} onClose={close} title="Supprimer mon compte" size="lg">
        <form onSubmit={onSubmit} aria-label="Confirmer la suppression de mon compte">
          <Stack gap="md">
            {plan.isPending && <Loader size="sm" aria-label="Chargement de vos dossiers" />}
            {plan.isError && (
              <Alert color="red" role="alert">
                {readApiError(plan.error).message}
              </Alert>
            )}
            {plan.data && <DeletionPlan plan={plan.data} />}
            <PasswordInput
              label="Mot de passe"
              description="Pour confirmer qu’il s’agit bien de vous."
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              maxLength={255}
              required
            />
            <Checkbox
              label="Je comprends que cette suppression est définitive."
              checked={confirmed}
              onChange={(event) => setConfirmed(event.currentTarget.checked)}
            />
            {remove.isError && (
              <Alert color="red" role="alert">
                {readApiError(remove.error).message}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={remove.isPending}>
                Annuler
              </Button>
              <Button type="submit" color="red.9" loading={remove.isPending} disabled={!confirmed || !password || !plan.data}>
                Supprimer définitivement mon compte
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
