import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@notadoo/domain';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { readApiError } from '../../../api/api-error';
import { useSession } from '../../../api/get-session';
import { PageTitle } from '../../../components/page-title';
import { notifyError } from '../../../lib/notify';
import { useProject } from '../api/get-project';
import { ProjectView, type ProjectPanels } from './project-view';

interface ProjectPageProps extends ProjectPanels {
  projectId: number;
}

/**
 * Spec sections 6 and 8: a refused project toasts the access message and goes
 * to the dashboard; any other load failure is only logged.
 */
function useLeaveOnAccessDenied(error: unknown) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!error) return;
    if (readApiError(error).status === 403) {
      notifyError(MESSAGES.projectAccessDenied);
      void navigate('/dashboard', { replace: true });
      return;
    }
    console.error(error);
  }, [error, navigate]);
}

/** The project page (/project/{id}/dashboard). The panels of the tabs are given by the route. */
export function ProjectPage({ projectId, ...panels }: ProjectPageProps) {
  const { session } = useSession();
  const project = useProject(projectId);
  useLeaveOnAccessDenied(project.error);

  if (project.data) {
    return (
      <>
        <PageTitle title={project.data.name} />
        <ProjectView key={project.data.id} project={project.data} viewer={session} {...panels} />
      </>
    );
  }
  // While loading, and when the project could not be read, the page keeps a title naming the file.
  const title = `Dossier n° ${projectId}`;
  return (
    <Stack gap="md">
      <PageTitle title={title} />
      <Title order={1}>{title}</Title>
      {project.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Chargement du dossier" />
        </Center>
      ) : (
        <>
          <Text>Ce dossier n'a pas pu être affiché.</Text>
          <Anchor component={Link} to="/dashboard">
            Revenir à mes dossiers
          </Anchor>
        </>
      )}
    </Stack>
  );
}
