import type { Project } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../api/upload-with-progress';
import { useReplaceProject } from '../../../api/project-cache';

export interface UploadFileRequest {
  projectId: number;
  /** The drawer's id, which is its document's. */
  drawerId: number;
  file: File;
  /** Percentage of the file sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
}

/**
 * `POST /project/{id}/addfile`, multipart with `id` first (the server checks
 * the drawer before storing a byte) then `file`.
 */
export function uploadFile({ projectId, drawerId, file, onProgress }: UploadFileRequest): Promise<Project> {
  const form = new FormData();
  form.append('id', String(drawerId));
  form.append('file', file);
  return uploadWithProgress<Project>(`project/${projectId}/addfile`, form, onProgress);
}

export function useUploadFile() {
  const replaceProject = useReplaceProject();
  return useMutation({ mutationFn: uploadFile, onSuccess: replaceProject });
}
