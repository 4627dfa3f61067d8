import type { FileTypeCode, Project } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { useReplaceProject } from '../../../api/project-cache';

export interface AddFileDrawerRequest {
  projectId: number;
  participantId: number;
  fileType: FileTypeCode;
}

/** `POST /participant/adddocument`: a drawer of one file type for a person. */
export function addFileDrawer({ projectId, participantId, fileType }: AddFileDrawerRequest): Promise<Project> {
  return apiClient.post<Project>('participant/adddocument', { projectId, docType: 'document_files', docFileType: fileType, participantId });
}

export function useAddFileDrawer() {
  const replaceProject = useReplaceProject();
  return useMutation({ mutationFn: addFileDrawer, onSuccess: replaceProject });
}
