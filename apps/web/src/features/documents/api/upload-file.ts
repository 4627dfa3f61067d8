import type { Project } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectPiecesQueryKey } from '../../../api/get-project-pieces';
import { uploadWithProgress } from '../../../api/upload-with-progress';
import { useReplaceProject } from '../../../api/project-cache';
import type { PieceChoice } from '../lib/piece-choice';

export interface UploadFileRequest {
  projectId: number;
  /** The drawer's id, which is its document's. */
  drawerId: number;
  file: File;
  /** Issue 22: the piece request the file answers, or "other" for an unasked piece; absent, the file is only stored. */
  pieceRequestId?: PieceChoice;
  /** Percentage of the file sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
}

/**
 * `POST /project/{id}/addfile`, multipart with `id` and `pieceRequestId` first
 * (the server checks the drawer and the piece before storing a byte) then `file`.
 */
export function uploadFile({ projectId, drawerId, file, pieceRequestId, onProgress }: UploadFileRequest): Promise<Project> {
  const form = new FormData();
  form.append('id', String(drawerId));
  if (pieceRequestId !== undefined) form.append('pieceRequestId', String(pieceRequestId));
  form.append('file', file);
  return uploadWithProgress<Project>(`project/${projectId}/addfile`, form, onProgress);
}

export function useUploadFile() {
  const queryClient = useQueryClient();
  const replaceProject = useReplaceProject();
  return useMutation({
    mutationFn: uploadFile,
    // The answer is the project (counts and progress included); the pieces are read again when a piece was sent.
    onSuccess: (project, { pieceRequestId }) => {
      replaceProject(project);
      if (pieceRequestId !== undefined) return queryClient.invalidateQueries({ queryKey: projectPiecesQueryKey(project.id) });
    },
  });
}
