import { Alert, Button, Center, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { canChangeOffice, canChangeStatus, MESSAGES, type NotaryOffice, type Project, type Viewer } from '@notadoo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { readApiError } from '../../../api/api-error';
import { ConfirmModal } from '../../../components/confirm-modal';
import { RestrictedHtml } from '../../../components/restricted-html';
import { formatDateTime } from '../../../lib/format-date';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChooseProjectOffice } from '../api/choose-project-office';
import { useNotaryOffices } from '../api/get-notary-offices';
import { officeMovesQueryKey, useOfficeMoves } from '../api/get-office-moves';
import { OfficeCard } from './office-card';

const CHOSEN_LABEL = 'Office choisi';

interface OfficePickerProps {
  project: Project;
  /** The signed-in user; undefined while the session loads (nothing is offered meanwhile). */
  viewer: Viewer | undefined;
  /** The project as the server answers it after the choice; `firstChoice` when it had no office before. */
  onOfficeChosen: (project: Project, firstChoice: boolean) => void;
}

/** Tab 0 of the project page: choose the notary office, or see the chosen one when the user may not change it. */
export function OfficePicker({ project, viewer, onOfficeChosen }: OfficePickerProps) {
  const canChoose = viewer !== undefined && canChangeOffice(viewer, project);
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {canChoose ? 'Choisissez votre office notarial' : "L'office notarial de votre dossier"}
      </Title>
      {canChoose ? <OfficeChoice project={project} onOfficeChosen={onOfficeChosen} /> : <ChosenOffice office={project.notary_office} />}
      {viewer !== undefined && canChangeStatus(viewer, project) && <OfficeMoves projectId={project.id} />}
    </Stack>
  );
}

function ChosenOffice({ office }: { office: NotaryOffice | null }) {
  if (!office) return <Text>Aucun office notarial n'a encore été choisi pour ce dossier.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      <OfficeCard office={office} highlight={CHOSEN_LABEL} />
    </SimpleGrid>
  );
}

/** Who moved the file between offices, from where to where and when: for the office and admins. */
function OfficeMoves({ projectId }: { projectId: number }) {
  const moves = useOfficeMoves(projectId, true);
  if (!moves.data || moves.data.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="office-moves-title">
      <Title order={3} size="h4" id="office-moves-title">
        {OFFICE_MOVES_TITLE}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Par</Table.Th>
              <Table.Th>De l'office de</Table.Th>
              <Table.Th>Vers l'office de</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {moves.data.map((move) => (
              <Table.Tr key={`${move.moved_at}-${move.to.id}`}>
                <Table.Td>{formatDateTime(move.moved_at)}</Table.Td>
                <Table.Td>{move.moved_by ? `${move.moved_by.firstName} ${move.moved_by.lastName}` : 'Compte supprimé'}</Table.Td>
                <Table.Td>{move.from.city}</Table.Td>
                <Table.Td>{move.to.city}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export const OFFICE_MOVES_TITLE = "Changements d'office";

function OfficeChoice({ project, onOfficeChosen }: Pick<OfficePickerProps, 'project' | 'onOfficeChosen'>) {
  const offices = useNotaryOffices();
  const choose = useChooseProjectOffice();
  const queryClient = useQueryClient();
  const chosenId = project.notary_office?.id ?? null;
  // Every choice is confirmed, naming the office: a client's first choice cannot be undone by them, and a move takes the file from an office.
  const [pending, setPending] = useState<NotaryOffice | null>(null);

  const chooseOffice = (office: NotaryOffice) =>
    choose.mutate(
      { projectId: project.id, officeId: office.id },
      {
        onSuccess: (updated) => {
          notifySuccess(MESSAGES.operationSucceeded);
          void queryClient.invalidateQueries({ queryKey: officeMovesQueryKey(project.id) });
          onOfficeChosen(updated, chosenId === null);
        },
        onError: (error) => notifyError(readApiError(error).message),
        onSettled: () => setPending(null),
      },
    );

  if (offices.isPending) {
    return (
      <Center py="lg">
        <Loader role="status" aria-label="Chargement des offices notariaux" />
      </Center>
    );
  }
  if (offices.isError) {
    return (
      <Alert color="red" title="La liste des offices notariaux n'a pas pu être chargée.">
        <Button variant="light" color="red" size="xs" onClick={() => void offices.refetch()}>
          Réessayer
        </Button>
      </Alert>
    );
  }
  return (
    <>
      <Text>
        Choisissez l'étude du réseau qui traitera votre dossier. Seule l'étude choisie pourra consulter les informations que vous y
        renseignez.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {offices.data.map((office) => (
          <OfficeCard
            key={office.id}
            office={office}
            highlight={office.id === chosenId ? CHOSEN_LABEL : undefined}
            action={
              office.id === chosenId ? null : (
                <Button
                  onClick={() => setPending(office)}
                  loading={choose.isPending && choose.variables?.officeId === office.id}
                  disabled={choose.isPending}
                  aria-label={`Choisir cet office : ${office.city}`}
                >
                  Choisir cet office
                </Button>
              )
            }
          />
        ))}
      </SimpleGrid>
      {pending && (
        <ConfirmModal
          opened
          onClose={() => setPending(null)}
          title={project.notary_office ? "Changer d'office notarial" : 'Confier le dossier à cet office'}
          confirmLabel={project.notary_office ? `Confier le dossier à ${pending.city}` : `Confier le dossier à l'office de ${pending.city}`}
          loading={choose.isPending}
          onConfirm={() => chooseOffice(pending)}
        >
          <OfficeChoiceSummary project={project} office={pending} />
        </ConfirmModal>
      )}
    </>
  );
}

/** What the confirmation says: the office chosen with its address, and what the choice means. */
function OfficeChoiceSummary({ project, office }: { project: Project; office: NotaryOffice }) {
  const current = project.notary_office;
  return (
    <Stack gap="xs">
      <Text>
        {current
          ? `Le dossier « ${project.name} » passera de l'office de ${current.city} à l'office de ${office.city} :`
          : `Vous confiez le dossier « ${project.name} » à l'office notarial de ${office.city} (${office.postal_code}) :`}
      </Text>
      <Text component="div" fw={600}>
        <RestrictedHtml html={office.address} />
      </Text>
      <Text>
        {current
          ? `L'office de ${current.city} n'y aura plus accès et l'office de ${office.city} pourra consulter les informations du client. ` +
            'Les deux offices et les personnes du dossier en seront informés par email. Ce changement sera enregistré.'
          : `Seul cet office pourra consulter les informations que vous renseignez. Ce choix est définitif : ensuite, seul l'office ou un administrateur pourra confier le dossier à un autre office.`}
      </Text>
    </Stack>
  );
}
