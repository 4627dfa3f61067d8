import { Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import {
  canSendPiece,
  canViewPiecesOf,
  fileTypeTitle,
  MESSAGES,
  type FileDrawer,
  type Participant,
  type Project,
  type Viewer,
} from '@notadoo/domain';
import { useState } from 'react';
import { useProjectPieces } from '../../../api/get-project-pieces';
import { ProjectFilePicker } from '../../../components/project-file-picker';
import { notifySuccess } from '../../../lib/notify';
import { useUploadFile } from '../api/upload-file';
import { reportFailure } from '../../../lib/report-failure';
import { useProjectFile } from '../../../lib/use-project-file';
import { defaultPieceChoice, OTHER_PIECE, piecesForDrawer, type PieceChoice } from '../lib/piece-choice';
import { UploadProgress } from '../../../components/upload-progress';

export const PIECE_CHOICE_LABEL = 'Pièce concernée';
export const OTHER_PIECE_LABEL = 'Autre document';

const noop = () => {};

interface UploadFileModalProps {
  project: Project;
  drawer: FileDrawer;
  /** The drawer's owner; null for an unassigned drawer, which files no piece. */
  owner: Participant | null;
  viewer: Viewer;
  onClose: () => void;
}

/**
 * Sends one file into a drawer with a progress bar. While it is sending the
 * modal cannot be closed (spec section 4): no close button, no Escape, no
 * click outside, Annuler disabled. When the owner's pieces can be read
 * (issue 22), the file also answers one of them ("Pièce concernée"): the
 * only open request taking this file type, else "Autre document".
 */
export function UploadFileModal({ project, drawer, owner, viewer, onClose }: UploadFileModalProps) {
  const upload = useUploadFile();
  // No office yet, an unassigned drawer, or pieces the viewer may not see or send: the upload stays a plain one.
  const offersPieces =
    project.notary_office !== null && owner !== null && canViewPiecesOf(viewer, project, owner) && canSendPiece(viewer, project, owner);
  const pieces = useProjectPieces(project.id, { enabled: offersPieces });
  // 409: the piece was accepted meanwhile.
  const { file, error, choose, showFailure } = useProjectFile([409]);
  const [progress, setProgress] = useState(0);
  const [picked, setPicked] = useState<PieceChoice | null>(null);
  const uploading = upload.isPending;
  const loadingPieces = offersPieces && pieces.isPending;

  // A failed read of the pieces leaves the plain upload.
  const matching = offersPieces && owner && pieces.data ? piecesForDrawer(pieces.data.requests, owner.id, drawer.doc_type) : null;
  const choices: PieceChoice[] | null = matching && [...matching.map((r) => r.id), OTHER_PIECE];
  const choice = matching && (picked !== null && choices?.includes(picked) ? picked : defaultPieceChoice(matching));

  const send = () => {
    if (!file || loadingPieces) return;
    setProgress(0);
    upload.mutate(
      { projectId: project.id, drawerId: drawer.id, file, pieceRequestId: choice ?? undefined, onProgress: setProgress },
      {
        onSuccess: () => {
          notifySuccess(MESSAGES.operationSucceeded);
          onClose();
        },
        // The dialog says what the server refused; a failure it cannot explain is also the spec's toast.
        onError: (failure) => {
          if (!showFailure(failure)) reportFailure(failure);
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={uploading ? noop : onClose}
      closeOnEscape={!uploading}
      closeOnClickOutside={!uploading}
      withCloseButton={!uploading}
      title="Ajouter un fichier"
    >
      <Stack gap="md">
        <Text>{fileTypeTitle(drawer.doc_type)}</Text>
        {loadingPieces && <Loader size="sm" role="status" aria-label="Chargement des pièces" />}
        {matching && choice !== null && (
          <Radio.Group
            label={PIECE_CHOICE_LABEL}
            value={String(choice)}
            onChange={(value) => setPicked(value === OTHER_PIECE ? OTHER_PIECE : Number(value))}
          >
            <Stack gap="xs" mt="xs">
              {matching.map((request) => (
                <Radio
                  key={request.id}
                  value={String(request.id)}
                  label={request.label}
                  description={request.state === 'to_correct' ? request.stateLabel : undefined}
                  disabled={uploading}
                />
              ))}
              <Radio value={OTHER_PIECE} label={OTHER_PIECE_LABEL} disabled={uploading} />
            </Stack>
          </Radio.Group>
        )}
        <ProjectFilePicker disabled={uploading} file={file} onChange={choose} error={error} />
        {uploading && <UploadProgress value={progress} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={uploading}>
            Annuler
          </Button>
          <Button onClick={send} loading={uploading} disabled={!file || loadingPieces}>
            Envoyer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
