import type { FileTypeCode, Project } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { useReplaceProject } from './project-cache';

export interface AddFileDrawerRequest {
  projectId: number;
  /** Null for an unassigned document. */
  participantId: number | null;
  fileType: FileTypeCode;
}

/** `POST /participant/adddocument`: an empty drawer of one file type; participantId '' means unassigned. */
export function addFileDrawer({ projectId, participantId, fileType }: AddFileDrawerRequest): Promise<Project> {
  return apiClient.post<Project>('participant/adddocument', {
    projectId,
    docType: 'document_files',
    docFileType: fileType,
    participantId: participantId ?? '',
  });
}

export function useAddFileDrawer() {
  const replaceProject = useReplaceProject();
  return useMutation({ mutationFn: addFileDrawer, onSuccess: replaceProject });
}
