import type { Project, removeFileSchema } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';
import { useReplaceProject } from '../../../api/project-cache';

type RemoveFileBody = z.output<typeof removeFileSchema>;

export interface RemoveFileRequest {
  projectId: number;
  /** The body's `id`: the drawer. */
  drawerId: RemoveFileBody['id'];
  /** The body's `file`: the stored name, prefix included. */
  storedName: RemoveFileBody['file'];
}

/** `DELETE /project/{id}/removeFile`. */
export function removeFile({ projectId, drawerId, storedName }: RemoveFileRequest): Promise<Project> {
  return apiClient.delete<Project>(`project/${projectId}/removeFile`, { id: drawerId, file: storedName } satisfies RemoveFileBody);
}

export function useRemoveFile() {
  const replaceProject = useReplaceProject();
  return useMutation({ mutationFn: removeFile, onSuccess: replaceProject });
}
