import { Alert, Button, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { canChangeOffice, MESSAGES, type NotaryOffice, type Project, type Viewer } from '@notadoo/domain';
import { readApiError } from '../../../api/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChooseProjectOffice } from '../api/choose-project-office';
import { useNotaryOffices } from '../api/get-notary-offices';
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
      {canChoose ? (
        <OfficeChoice project={project} onOfficeChosen={onOfficeChosen} />
      ) : (
        <ChosenOffice office={project.notary_office} />
      )}
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

function OfficeChoice({ project, onOfficeChosen }: Pick<OfficePickerProps, 'project' | 'onOfficeChosen'>) {
  const offices = useNotaryOffices();
  const choose = useChooseProjectOffice();
  const chosenId = project.notary_office?.id ?? null;

  const chooseOffice = (office: NotaryOffice) =>
    choose.mutate(
      { projectId: project.id, officeId: office.id },
      {
        onSuccess: (updated) => {
          notifySuccess(MESSAGES.operationSucceeded);
          onOfficeChosen(updated, chosenId === null);
        },
        onError: (error) => notifyError(readApiError(error).message),
      },
    );

  if (offices.isPending) {
    return (
      <Center py="lg">
        <Loader aria-label="Chargement des offices notariaux" />
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
        Choisissez l'étude du réseau qui traitera votre dossier. Seule l'étude choisie pourra consulter les informations
        que vous y renseignez.
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
                  onClick={() => chooseOffice(office)}
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
    </>
  );
}
