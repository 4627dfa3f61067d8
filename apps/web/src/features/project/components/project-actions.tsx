import { Button, Group } from '@mantine/core';
import { canChangeStatus, canSubmitToNotary, MESSAGES, SUBMITTED_STATUS, type Project, type Session } from '@notadoo/domain';
import { IconEye, IconProgressCheck, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { ProjectStatusModal } from '../../../components/project-status-modal';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSetProjectStatus } from '../api/set-project-status';
import { PROJECT_TABS, type ProjectSlot, type ProjectTabValue } from '../lib/project-panels';
import { TOUR_TARGETS } from './project-tours';
import { SubmitProjectModal } from './submit-project-modal';

interface ProjectActionsProps {
  project: Project;
  viewer: Session | undefined;
  tab: ProjectTabValue;
  /** "Transférer les fichiers", composed by the route (another feature). */
  transferAction?: ProjectSlot;
}

/**
 * Whether "Transmettre au Notaire" (and its tour) shows: below status 3, on tabs 1 and 2, for whom the
 * server would accept it; not to the chosen office's notaries nor admins, who set the status themselves
 * ("Changer le statut") and have no notary to send their own file to.
 */
export function isSubmitOffered(project: Project, viewer: Session | undefined, tab: ProjectTabValue): boolean {
  return viewer !== undefined && tab !== PROJECT_TABS.tools && canSubmitToNotary(viewer, project) && !canChangeStatus(viewer, project);
}

/** The buttons under the tabs, on every tab but the office one (spec section 2). */
export function ProjectActions({ project, viewer, tab, transferAction }: ProjectActionsProps) {
  const [modal, setModal] = useState<'submit' | 'status' | null>(null);
  const setStatus = useSetProjectStatus();
  const close = () => setModal(null);

  // Success or failure is toasted and the modal closes either way (spec section 8).
  const sendStatus = (status: number) =>
    setStatus.mutate(
      { id: project.id, status },
      {
        onSuccess: () => notifySuccess(MESSAGES.operationSucceeded),
        onError: () => notifyError(MESSAGES.operationFailed),
        onSettled: close,
      },
    );

  const mayChangeStatus = viewer !== undefined && canChangeStatus(viewer, project);
  return (
    <Group gap="sm" justify="flex-end" wrap="wrap">
      {isSubmitOffered(project, viewer, tab) && (
        <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => setModal('submit')} data-tour={TOUR_TARGETS.transmitButton}>
          Transmettre au Notaire
        </Button>
      )}
      {project.status === SUBMITTED_STATUS && (
        <Button leftSection={<IconEye size={16} aria-hidden />} disabled>
          Dossier en cours de relecture
        </Button>
      )}
      {mayChangeStatus && (
        <Button variant="light" leftSection={<IconProgressCheck size={16} aria-hidden />} onClick={() => setModal('status')}>
          Changer le statut
        </Button>
      )}
      {transferAction?.({ project, viewer })}
      <SubmitProjectModal
        opened={modal === 'submit'}
        onClose={close}
        onConfirm={() => sendStatus(SUBMITTED_STATUS)}
        loading={setStatus.isPending}
        project={project}
        viewer={viewer}
      />
      <ProjectStatusModal
        opened={modal === 'status'}
        onClose={close}
        projectName={project.name}
        currentStatus={project.status}
        onSubmit={sendStatus}
        loading={setStatus.isPending}
      />
    </Group>
  );
}
