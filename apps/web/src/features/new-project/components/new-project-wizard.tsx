import { Box, Center, Container, Loader, Stack, Text } from '@mantine/core';
import { PROJECT_SUBTYPE_LABELS, PROJECT_TYPE_LABELS, type ProjectSubtype, type ProjectType, type Viewer } from '@notadoo/domain';
import { useState } from 'react';
import { useSession } from '../../../api/get-session';
import { creationRefusal, refusalForEveryKind } from '../lib/creation-refusal';
import { SUBTYPE_STEP, TYPE_CHOICES } from '../lib/wizard-content';
import { ChoiceList } from './choice-list';
import { CreationRefused, ProjectDetailsForm } from './project-details-form';
import { WizardHeader } from './wizard-header';

const STEP_COUNT = 3;

type WizardState =
  | { step: 1; type: ProjectType | null; subtype: ProjectSubtype | null }
  | { step: 2; type: ProjectType; subtype: ProjectSubtype | null }
  | { step: 3; type: ProjectType; subtype: ProjectSubtype };

function titleOf(state: WizardState): string {
  if (state.step === 1) return 'Nouveau dossier';
  if (state.step === 2) return PROJECT_TYPE_LABELS[state.type];
  return `${PROJECT_TYPE_LABELS[state.type]} – ${PROJECT_SUBTYPE_LABELS[state.subtype]}`;
}

function StepContent({ state, viewer, onChange }: { state: WizardState; viewer: Viewer; onChange: (state: WizardState) => void }) {
  if (state.step === 1) {
    const refusal = refusalForEveryKind(viewer);
    if (refusal) return <CreationRefused message={refusal} />;
    return (
      <ChoiceList
        question="Quel type de dossier souhaitez-vous ouvrir ?"
        choices={TYPE_CHOICES}
        selected={state.type}
        // A different type makes the subtype chosen before meaningless.
        onChoose={(type) => onChange({ step: 2, type, subtype: type === state.type ? state.subtype : null })}
      />
    );
  }
  if (state.step === 2) {
    const { question, choices } = SUBTYPE_STEP[state.type];
    return (
      <ChoiceList
        question={question}
        choices={choices}
        selected={state.subtype}
        onChoose={(subtype) => onChange({ step: 3, type: state.type, subtype })}
      />
    );
  }
  const refusal = creationRefusal(viewer, state.type, state.subtype);
  if (refusal) return <CreationRefused message={refusal} />;
  return <ProjectDetailsForm viewer={viewer} type={state.type} subtype={state.subtype} />;
}

/** The three steps of a new project: type, subtype, then name and role (spec section 2). */
export function NewProjectWizard() {
  const { session } = useSession();
  const [state, setState] = useState<WizardState>({ step: 1, type: null, subtype: null });

  const back = () => {
    if (state.step === 2) setState({ step: 1, type: state.type, subtype: state.subtype });
    if (state.step === 3) setState({ step: 2, type: state.type, subtype: state.subtype });
  };

  return (
    <Box mih="100vh">
      <WizardHeader title={titleOf(state)} step={state.step} stepCount={STEP_COUNT} onBack={state.step > 1 ? back : undefined} />
      <Container size="md" py="xl">
        <Stack gap="lg">
          {state.step === 3 && (
            <Text>
              Donnez un nom à votre dossier et indiquez votre rôle : vous pourrez ensuite inviter les autres personnes concernées.
            </Text>
          )}
          {session ? (
            <StepContent state={state} viewer={session} onChange={setState} />
          ) : (
            <Center py="xl">
              <Loader role="status" aria-label="Chargement de votre compte" />
            </Center>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
