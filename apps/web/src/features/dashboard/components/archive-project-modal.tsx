import { MESSAGES } from '@notadoo/domain';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSetProjectArchived } from '../api/archive-project';

/** Spec section 8, archive failure. */
export const ARCHIVE_FAILED_MESSAGE = "Une erreur est survenue lors de l'archivage de ce dossier.";
export const RESTORE_FAILED_MESSAGE = 'Une erreur est survenue lors de la restauration de ce dossier.';

/** What the dialog says for each way: archiving hides the file from its people, restoring brings it back. */
const WORDING = {
  archive: {
    title: 'Archiver ce dossier',
    confirmLabel: 'Archiver',
    // red.7, the filled shade, is 3.8:1 under white text; red.9 is 5.4:1 (WCAG AA).
    confirmColor: 'red.9',
    question: (name: string) =>
      `Le dossier « ${name} » ne sera plus affiché dans les dossiers de ses participants, qui en seront informés par email. ` +
      "Il restera visible avec le filtre « Archivés ». Voulez-vous vraiment l'archiver ?",
    failed: ARCHIVE_FAILED_MESSAGE,
  },
  restore: {
    title: 'Restaurer ce dossier',
    confirmLabel: 'Restaurer',
    confirmColor: undefined,
    question: (name: string) =>
      `Le dossier « ${name} » sera de nouveau affiché dans les dossiers de ses participants, qui en seront informés par email. Voulez-vous le restaurer ?`,
    failed: RESTORE_FAILED_MESSAGE,
  },
} as const;

interface ArchiveProjectModalProps {
  project: { id: number; name: string; is_archived: boolean };
  opened: boolean;
  onClose: () => void;
}

/** Archives a file after a confirmation, or restores it when it is archived already. */
export function ArchiveProjectModal({ project, opened, onClose }: ArchiveProjectModalProps) {
  const setArchived = useSetProjectArchived();
  const wording = WORDING[project.is_archived ? 'restore' : 'archive'];
  const confirm = () =>
    setArchived.mutate(
      { id: project.id, archived: !project.is_archived },
      {
        onSuccess: () => notifySuccess(MESSAGES.operationSucceeded),
        onError: () => notifyError(wording.failed),
        onSettled: onClose,
      },
    );
  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      onConfirm={confirm}
      title={wording.title}
      confirmLabel={wording.confirmLabel}
      confirmColor={wording.confirmColor}
      loading={setArchived.isPending}
    >
      {wording.question(project.name)}
    </ConfirmModal>
  );
}
