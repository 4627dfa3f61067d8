import type { Project, Session } from '@notadoo/domain';

interface TransferFilesSlotProps {
  project: Project;
  viewer: Session | undefined;
}

/**
 * Placeholder for the "Transférer les fichiers" button and its four-step modal
 * (spec section 2), which belong to a later issue. It will show when the status
 * is above 1, canTransferFiles(viewer, project) holds and the local bridge to
 * the drafting software answers; until then it renders nothing.
 */
export function TransferFilesSlot(_props: TransferFilesSlotProps) {
  return null;
}
