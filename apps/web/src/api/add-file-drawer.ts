import type { addDocumentSchema, FileTypeCode, Project } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from './api-client';
import { useReplaceProject } from './project-cache';

/** The call's body as the domain's schema reads it (a null `participantId`: unassigned), the file type one of the catalogue. */
export type AddFileDrawerRequest = Pick<z.output<typeof addDocumentSchema>, 'projectId' | 'participantId'> & { fileType: FileTypeCode };

/** `POST /participant/adddocument`: an empty drawer of one file type; participantId '' means unassigned. */
export function addFileDrawer({ projectId, participantId, fileType }: AddFileDrawerRequest): Promise<Project> {
  return apiClient.post<Project>('participant/adddocument', {
    projectId,
    docType: 'document_files',
    docFileType: fileType,
    participantId: participantId ?? '',
  } satisfies z.input<typeof addDocumentSchema>);
}

export function useAddFileDrawer() {
  const replaceProject = useReplaceProject();
  return useMutation({ mutationFn: addFileDrawer, onSuccess: replaceProject });
}
