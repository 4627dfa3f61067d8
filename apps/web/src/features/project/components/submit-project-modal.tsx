import { ConfirmModal } from '../../../components/confirm-modal';

interface SubmitProjectModalProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  loading: boolean;
}

/** "Transmettre au Notaire": the last step of the client's part (spec section 2). */
export function SubmitProjectModal({ opened, onClose, onConfirm, loading }: SubmitProjectModalProps) {
  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      onConfirm={onConfirm}
      title="Transmettre au Notaire"
      confirmLabel="Transmettre"
      loading={loading}
    >
      Vous avez complété votre dossier autant que possible : merci ! En le transmettant, vous permettez à votre notaire
      d'en commencer la relecture ; il reviendra vers vous si des informations ou des documents complémentaires sont
      nécessaires.
    </ConfirmModal>
  );
}
