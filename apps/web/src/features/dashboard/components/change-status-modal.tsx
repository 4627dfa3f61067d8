import { MESSAGES } from '@notadoo/domain';
import { ProjectStatusModal } from '../../../components/project-status-modal';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangeProjectStatus } from '../api/change-project-status';

interface ChangeStatusModalProps {
  project: { id: number; name: string; status: number };
  opened: boolean;
  onClose: () => void;
}

/** Spec section 8: success or failure toast, and the modal closes either way. */
export function ChangeStatusModal({ project, opened, onClose }: ChangeStatusModalProps) {
  const changeStatus = useChangeProjectStatus();
  return (
    <ProjectStatusModal
      opened={opened}
      onClose={onClose}
      projectName={project.name}
      currentStatus={project.status}
      loading={changeStatus.isPending}
      onSubmit={(status) =>
        changeStatus.mutate(
          { id: project.id, status },
          {
            onSuccess: () => notifySuccess(MESSAGES.operationSucceeded),
            onError: () => notifyError(MESSAGES.operationFailed),
            onSettled: onClose,
          },
        )
      }
    />
  );
}
