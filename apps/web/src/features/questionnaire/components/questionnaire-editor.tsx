import { Alert, Box, Button, Container, Grid, Group, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import {
  isQuestionVisible,
  progress,
  progressColour,
  requiredSupportingDocuments,
  resetQuestion,
  visibleFieldNames,
  type AnswerValue,
  type NotaryOffice,
  type QuestionnaireDefinition,
  type QuestionnaireDocType,
  type QuestionnaireItem,
} from '@notadoo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { IconDownload, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/layout/skip-link';
import { PageTitle } from '../../../components/page-title';
import { useAnswerMarks } from '../api/get-answer-marks';
import { projectQueryKey } from '../api/get-project';
import { useAutosave } from '../hooks/use-autosave';
import { useDownloadPdf } from '../hooks/use-download-pdf';
import { ConflictAlert } from './conflict-alert';
import { HelpPanels, hasOfficeContact } from './help-panels';
import { HelpTour } from './help-tour';
import { QuestionBlock } from './question-block';
import { QuestionnaireHeader } from './questionnaire-header';
import { SaveStatusIndicator } from './save-status';
import { StepList } from './step-list';
import { STEP_PARAM, stepIndexFromParam, stepParamOf } from '../lib/step-param';
import readOnlyClasses from './read-only-answers.module.css';

export const LEAVE_FAILED_TITLE = 'Vos réponses ne sont pas encore enregistrées';
export const LEAVE_FAILED_MESSAGE =
  "Elles restent sur cet écran, et dans ce navigateur jusqu'à la fermeture de l'onglet : elles seront renvoyées quand vous rouvrirez ce questionnaire.";

export interface QuestionnaireEditorProps {
  projectId: number;
  projectName: string;
  docType: QuestionnaireDocType;
  definition: QuestionnaireDefinition;
  item: QuestionnaireItem;
  office: NotaryOffice | null;
  userId: number;
  /** Why the viewer may only read (the domain's `documentReadOnlyReason`); null when they may change it. */
  readOnlyReason: string | null;
  /** Whose questionnaire this is, when it is not simply the viewer's (shared by a role, superseded, filled in for someone). */
  notice?: string;
  /** Typing pause before a save; tests shorten it. */
  debounceMs?: number;
}

/** Steps on the left, the current step's visible questions in the middle, help on the right (spec 001, section 2). */
export function QuestionnaireEditor({
  projectId,
  projectName,
  docType,
  definition,
  item,
  office,
  userId,
  readOnlyReason,
  notice,
  debounceMs,
}: QuestionnaireEditorProps) {
  const readOnly = readOnlyReason !== null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { state, controller } = useAutosave({ projectId, docType, definition, item, userId, enabled: !readOnly, debounceMs });
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const position = stepIndexFromParam(searchParams.get(STEP_PARAM), definition.steps.length);
  const marks = useAnswerMarks(item.id);
  const [leaving, setLeaving] = useState(false);
  const [leaveBlocked, setLeaveBlocked] = useState(false);
  const stepTitleRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const { answers, status } = state;
  // After a 401 the form shows the server's document and stops saving (spec section 8): editing would be lost.
  const inputsDisabled = readOnly || status === 'refused';
  const steps = definition.steps;
  const step = steps[position] ?? steps[0]!;
  const isLastStep = position === steps.length - 1;

  const visibleFields = useMemo(() => visibleFieldNames(definition, answers), [definition, answers]);
  const requiredDocuments = useMemo(
    () => new Set(requiredSupportingDocuments(definition, answers).map((d) => d.id)),
    [definition, answers],
  );
  const percent = progress(definition, answers);

  const { download, isPending: downloading } = useDownloadPdf(docType, item.id, () => (readOnly ? Promise.resolve() : controller.flush()));

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // Every step change saves, whether through the buttons or the browser's back and forward.
    controller.saveNow();
    // A new step reads from its title, for keyboard and screen-reader users alike.
    stepTitleRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, [position, controller]);

  function changeField(name: string, value: AnswerValue | undefined, options: { immediate: boolean }) {
    const next = { ...answers };
    if (value === undefined) delete next[name];
    else next[name] = value;
    controller.change(next, options);
  }

  function reset(questionId: string) {
    controller.change(resetQuestion(definition, answers, questionId), { immediate: true });
  }

  /** A new history entry per step, keeping the router state that carries the document (a reload needs it). */
  function goToStep(next: number) {
    if (next === position) {
      controller.saveNow();
      return;
    }
    setSearchParams({ [STEP_PARAM]: stepParamOf(next) }, { state: location.state as unknown });
  }

  function returnToProject() {
    // The project page shows the new progress.
    void queryClient.invalidateQueries({ queryKey: projectQueryKey(projectId) });
    void navigate(`/project/${projectId}/dashboard`);
  }

  /** Saves, then returns to the project; if the save fails the user chooses between staying and leaving. */
  async function leave() {
    if (!readOnly) {
      setLeaving(true);
      const saved = await controller.flush();
      setLeaving(false);
      if (!saved) {
        setLeaveBlocked(true);
        return;
      }
    }
    returnToProject();
  }

  function back() {
    if (position > 0) goToStep(position - 1);
    else void leave();
  }

  // Enter submits the step: 'Suivant', or on the last step save and return.
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLastStep) void leave();
    else goToStep(position + 1);
  }

  const saveStatus = readOnly ? undefined : <SaveStatusIndicator status={status} message={state.message} />;
  const closeLabel = readOnly ? 'Fermer le questionnaire' : 'Enregistrer et fermer le questionnaire';

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <PageTitle title={definition.title} />
      <SkipLink />
      <QuestionnaireHeader
        title={definition.title}
        subtitle={projectName}
        backLabel={position > 0 ? 'Étape précédente' : readOnly ? 'Revenir au projet' : 'Enregistrer et revenir au projet'}
        onBack={back}
        closeLabel={closeLabel}
        onClose={() => void leave()}
        busy={leaving}
        status={saveStatus}
      />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        <Container size="xl" py="lg">
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Stack gap="md">
                <Box>
                  <Group justify="space-between" mb={4}>
                    <Text size="sm">Progression</Text>
                    <Text size="sm" fw={600}>
                      {percent} %
                    </Text>
                  </Group>
                  <Progress value={percent} color={progressColour(percent)} aria-label="Progression du questionnaire" />
                </Box>
                <StepList steps={steps} current={position} onSelect={goToStep} />
              </Stack>
            </Grid.Col>

            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="md">
                {notice && (
                  <Alert role="note" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
                    {notice}
                  </Alert>
                )}
                {readOnly && (
                  <Alert role="note" color="gray" icon={<IconLock size={18} aria-hidden />} title="Questionnaire en lecture seule">
                    {readOnlyReason}
                  </Alert>
                )}
                {status === 'refused' && (
                  <Alert role="alert" color="red" icon={<IconLock size={18} aria-hidden />} title="Enregistrement impossible">
                    {state.message} Le questionnaire affiche la version enregistrée ; vos modifications ne sont plus enregistrées.
                  </Alert>
                )}
                {state.conflict && (
                  <ConflictAlert
                    definition={definition}
                    conflict={state.conflict}
                    mine={answers}
                    onTakeServer={() => controller.takeServerVersion()}
                    onReapplyMine={() => controller.reapplyMine()}
                  />
                )}
                <form
                  onSubmit={submit}
                  noValidate
                  aria-labelledby="questionnaire-step-title"
                  className={inputsDisabled ? readOnlyClasses.answers : undefined}
                >
                  <Stack gap="md">
                    <Text size="sm" c="dimmed">
                      Étape {position + 1} sur {steps.length}
                    </Text>
                    <Title order={2} id="questionnaire-step-title" ref={stepTitleRef} tabIndex={-1} style={{ outline: 'none' }}>
                      {step.title}
                    </Title>
                    {step.sections.map((section, sectionIndex) => {
                      const questions = section.questions.filter((question) => isQuestionVisible(definition, answers, question.id));
                      if (questions.length === 0) return null;
                      return (
                        <Stack key={section.title ?? sectionIndex} gap="md">
                          {section.title && (
                            <Title order={3} fz="lg" mt="sm">
                              {section.title}
                            </Title>
                          )}
                          {questions.map((question) => (
                            <QuestionBlock
                              key={question.id}
                              question={question}
                              answers={answers}
                              visibleFields={visibleFields}
                              requiredDocuments={requiredDocuments}
                              readOnly={inputsDisabled}
                              marks={marks}
                              onFieldChange={changeField}
                              onReset={reset}
                            />
                          ))}
                        </Stack>
                      );
                    })}
                    <Group justify="space-between" mt="md">
                      <Button
                        variant="default"
                        leftSection={<IconDownload size={18} aria-hidden />}
                        onClick={() => void download()}
                        loading={downloading}
                      >
                        Télécharger le PDF
                      </Button>
                      <Button type="submit" loading={leaving}>
                        {isLastStep ? (readOnly ? 'Revenir au projet' : 'Enregistrer et revenir au projet') : 'Suivant'}
                      </Button>
                    </Group>
                  </Stack>
                </form>
              </Stack>
            </Grid.Col>

            <Grid.Col span={{ base: 12, md: 3 }}>
              <HelpPanels purpose={definition.purpose} office={office} readOnlyReason={readOnlyReason} />
            </Grid.Col>
          </Grid>
        </Container>
      </Box>
      <HelpTour enabled={hasOfficeContact(office)} />
      <Modal opened={leaveBlocked} onClose={() => setLeaveBlocked(false)} title={LEAVE_FAILED_TITLE} centered>
        <Stack gap="md">
          {state.message && <Text size="sm">{state.message}</Text>}
          <Text size="sm">{LEAVE_FAILED_MESSAGE}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={returnToProject}>
              Quitter sans enregistrer
            </Button>
            <Button onClick={() => setLeaveBlocked(false)} data-autofocus>
              Rester sur le questionnaire
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Box>
  );
}
