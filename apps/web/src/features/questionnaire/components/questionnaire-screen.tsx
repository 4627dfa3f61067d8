import { Alert, Box, Button, Center, Container, Group, Loader, Stack } from '@mantine/core';
import {
  canFillOnBehalfOf,
  canViewProjectDocument,
  documentReadOnlyReason,
  fillingOnBehalfText,
  getDefinition,
  SHARED_QUESTIONNAIRE_NOTICES,
  type Project,
  type ProjectDocument,
  type QuestionnaireDocType,
  type Viewer,
} from '@notadoo/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { readApiError } from '../../../api/api-error';
import { useSession } from '../../../api/get-session';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/layout/skip-link';
import { PageTitle } from '../../../components/page-title';
import { findQuestionnaireItem, useProject } from '../api/get-project';
import type { QuestionnaireNavigationState } from '../navigation-state';
import { QuestionnaireEditor } from './questionnaire-editor';
import { QuestionnaireHeader } from './questionnaire-header';

export interface QuestionnaireScreenProps {
  projectId: number;
  /** The questionnaire of the route. */
  docType: QuestionnaireDocType;
  /** The router state the opening screen passed (at least the document). */
  navigation: Pick<QuestionnaireNavigationState, 'document'> & Partial<QuestionnaireNavigationState>;
  debounceMs?: number;
}

/** Header and a message, while nothing can be edited yet (loading, error, no access). */
function ScreenShell({ title, projectId, children }: { title: string; projectId: number; children: ReactNode }) {
  const navigate = useNavigate();
  const backToProject = () => void navigate(`/project/${projectId}/dashboard`);
  return (
    <Box mih="100vh">
      <PageTitle title={title} />
      <SkipLink />
      <QuestionnaireHeader
        title={title}
        backLabel="Revenir au projet"
        onBack={backToProject}
        closeLabel="Fermer le questionnaire"
        onClose={backToProject}
      />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <Container size="md" py="xl">
          {children}
        </Container>
      </Box>
    </Box>
  );
}

function Problem({ projectId, children, onRetry }: { projectId: number; children: ReactNode; onRetry?: () => void }) {
  return (
    <Stack gap="md">
      <Alert role="alert" color="red" icon={<IconAlertCircle size={18} aria-hidden />}>
        {children}
      </Alert>
      <Group>
        {onRetry && <Button onClick={onRetry}>Réessayer</Button>}
        <Button component={Link} to={`/project/${projectId}/dashboard`} variant="default">
          Revenir au projet
        </Button>
      </Group>
    </Stack>
  );
}

/** Whose questionnaire it is, when that is not plainly the viewer's own (a superseded copy says so as its read-only reason). */
function noticeFor(viewer: Viewer, project: Project, document: ProjectDocument): string | undefined {
  if (document.shared_role) return SHARED_QUESTIONNAIRE_NOTICES[document.shared_role];
  const owner = project.participants.find((participant) => participant.id === document.participant?.id);
  if (owner && owner.user?.id !== viewer.id && canFillOnBehalfOf(viewer, project, owner))
    return fillingOnBehalfText(`${owner.first_name} ${owner.last_name}`.trim());
  return undefined;
}

/**
 * One screen for every questionnaire: reads the project for the current
 * document, its owner and office, decides from the domain's permissions
 * whether the form is editable, then hands over to the editor.
 */
export function QuestionnaireScreen({ projectId, docType, navigation, debounceMs }: QuestionnaireScreenProps) {
  const definition = getDefinition(docType);
  const { session, isLoading: sessionLoading } = useSession();
  const project = useProject(projectId);
  const title = definition.title;

  // The form starts from the document as the server holds it now, not from an older copy.
  const waiting = sessionLoading || !session || project.isPending || (project.isFetching && !project.isFetchedAfterMount);
  if (project.isError && !project.data) {
    return (
      <ScreenShell title={title} projectId={projectId}>
        <Problem projectId={projectId} onRetry={() => void project.refetch()}>
          {readApiError(project.error).message}
        </Problem>
      </ScreenShell>
    );
  }
  if (waiting || !project.data || !session) {
    return (
      <ScreenShell title={title} projectId={projectId}>
        <Center py="xl">
          <Loader role="status" aria-label="Chargement du questionnaire" />
        </Center>
      </ScreenShell>
    );
  }

  const data = project.data;
  const documentId = navigation.document.id;
  const item = findQuestionnaireItem(data, docType, documentId);
  if (!item) {
    return (
      <ScreenShell title={title} projectId={projectId}>
        <Problem projectId={projectId}>Ce questionnaire ne fait plus partie de ce dossier.</Problem>
      </ScreenShell>
    );
  }

  const document = data.documents.find((candidate) => candidate.id === documentId);
  if (!document || !canViewProjectDocument(session, data, document)) {
    return (
      <ScreenShell title={title} projectId={projectId}>
        <Problem projectId={projectId}>Vous n'avez pas accès à ce questionnaire.</Problem>
      </ScreenShell>
    );
  }

  return (
    <QuestionnaireEditor
      key={item.id}
      projectId={projectId}
      projectName={data.name}
      docType={docType}
      definition={definition}
      item={item}
      office={data.notary_office ?? navigation.office ?? null}
      userId={session.id}
      readOnlyReason={documentReadOnlyReason(session, data, document)}
      notice={noticeFor(session, data, document)}
      debounceMs={debounceMs}
    />
  );
}
