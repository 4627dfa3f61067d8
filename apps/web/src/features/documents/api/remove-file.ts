import type { Project, removeFileSchema } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';
import { useReplaceProject } from '../../../api/project-cache';

export interface RemoveFileRequest {
  projectId: number;
  drawerId: number;
  /** The stored name, prefix included. */
  storedName: string;
}

/** `DELETE /project/{id}/removeFile`. */
export function removeFile({ projectId, drawerId, storedName }: RemoveFileRequest): Promise<Project> {
  return apiClient.delete<Project>(`project/${projectId}/removeFile`, { id: drawerId, file: storedName } satisfies z.output<
    typeof removeFileSchema
  >);
}

export function useRemoveFile() {
  const replaceProject = useReplaceProject();
  return useMutation({ mutationFn: removeFile, onSuccess: replaceProject });
}
