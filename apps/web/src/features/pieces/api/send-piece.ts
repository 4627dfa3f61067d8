import { isFileTypeCode, type Project } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addFileDrawer } from '../../../api/add-file-drawer';
import { projectPiecesQueryKey } from '../../../api/get-project-pieces';
import { useReplaceProject } from '../../../api/project-cache';
import { uploadWithProgress } from '../../../api/upload-with-progress';
import { findPieceDrawer } from '../lib/piece-drawer';

export interface SendPieceRequest {
  project: Project;
  requestId: number;
  /** Whose piece it is: the file goes into one of their drawers. */
  participantId: number;
  fileType: string;
  file: File;
  /** Percentage of the file sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
}

/**
 * `POST /project/{id}/addfile`, multipart `id` (the drawer), `pieceRequestId`,
 * then `file`: the file lands in the owner's drawer of that type and becomes
 * the piece's new version (reçue). When the owner has no such drawer yet, one
 * is added first (`POST /participant/adddocument`), as "Ajouter un document" does.
 */
export async function sendPiece({ project, requestId, participantId, fileType, file, onProgress }: SendPieceRequest): Promise<Project> {
  let drawerId = findPieceDrawer(project, participantId, fileType);
  if (drawerId === null) {
    if (!isFileTypeCode(fileType)) throw new Error(`Type de fichier inconnu : ${fileType}`);
    const withDrawer = await addFileDrawer({ projectId: project.id, participantId, fileType });
    drawerId = findPieceDrawer(withDrawer, participantId, fileType);
    if (drawerId === null) throw new Error('Le tiroir ajouté est introuvable.');
  }
  const form = new FormData();
  form.append('id', String(drawerId));
  form.append('pieceRequestId', String(requestId));
  form.append('file', file);
  return uploadWithProgress<Project>(`project/${project.id}/addfile`, form, onProgress);
}

export function useSendPiece() {
  const queryClient = useQueryClient();
  const replaceProject = useReplaceProject();
  return useMutation({
    mutationFn: sendPiece,
    onSuccess: (project) => {
      replaceProject(project);
      return queryClient.invalidateQueries({ queryKey: projectPiecesQueryKey(project.id) });
    },
  });
}
