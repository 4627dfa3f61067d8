import type { ProjectCover } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../api/upload-with-progress';
import { setCoverInList } from './set-cover-in-list';

export interface UploadCoverRequest {
  id: number;
  file: File;
  /** Percentage of the file sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
}

/** What the call answers (the domain's schema of the answer). */
export type CoverResponse = ProjectCover;

/** `POST /project/cover`, multipart with the fields `id` then `cover_image`. */
export function uploadProjectCover({ id, file, onProgress }: UploadCoverRequest): Promise<CoverResponse> {
  const form = new FormData();
  form.append('id', String(id));
  form.append('cover_image', file);
  return uploadWithProgress<CoverResponse>('project/cover', form, onProgress);
}

export function useUploadProjectCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProjectCover,
    onSuccess: ({ id, cover_image }) => setCoverInList(queryClient, id, cover_image),
  });
}
