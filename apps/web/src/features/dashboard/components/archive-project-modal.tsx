import { MESSAGES } from '@notadoo/domain';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useArchiveProject } from '../api/archive-project';
import { useRestoreProject } from '../api/restore-project';

/** Spec section 8, archive failure. */
export const ARCHIVE_FAILED_MESSAGE = "Une erreur est survenue lors de l'archivage de ce dossier.";
export const RESTORE_FAILED_MESSAGE = 'Une erreur est survenue lors de la restauration de ce dossier.';

interface ArchiveProjectModalProps {
  project: { id: number; name: string };
  opened: boolean;
  onClose: () => void;
}

export function ArchiveProjectModal({ project, opened, onClose }: ArchiveProjectModalProps) {
  const archive = useArchiveProject();
  const confirm = () =>
    archive.mutate(project.id, {
      onSuccess: () => notifySuccess(MESSAGES.operationSucceeded),
      onError: () => notifyError(ARCHIVE_FAILED_MESSAGE),
      onSettled: onClose,
    });
  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      onConfirm={confirm}
      title="Archiver ce dossier"
      confirmLabel="Archiver"
      // red.7, the filled shade, is 3.8:1 under white text; red.9 is 5.4:1 (WCAG AA).
      confirmColor="red.9"
      loading={archive.isPending}
    >
      {`Le dossier « ${project.name} » ne sera plus affiché dans les dossiers de ses participants, qui en seront informés par email. ` +
        "Il restera visible avec le filtre « Archivés ». Voulez-vous vraiment l'archiver ?"}
    </ConfirmModal>
  );
}

export function RestoreProjectModal({ project, opened, onClose }: ArchiveProjectModalProps) {
  const restore = useRestoreProject();
  const confirm = () =>
    restore.mutate(project.id, {
      onSuccess: () => notifySuccess(MESSAGES.operationSucceeded),
      onError: () => notifyError(RESTORE_FAILED_MESSAGE),
      onSettled: onClose,
    });
  return (
    <ConfirmModal opened={opened} onClose={onClose} onConfirm={confirm} title="Restaurer ce dossier" confirmLabel="Restaurer" loading={restore.isPending}>
      {`Le dossier « ${project.name} » sera de nouveau affiché dans les dossiers de ses participants, qui en seront informés par email. Voulez-vous le restaurer ?`}
    </ConfirmModal>
  );
}
