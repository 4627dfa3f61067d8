import type { Project, removeDocumentSchema } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';
import { useReplaceProject } from '../../../api/project-cache';

/** The file in the path and the call's body, as the domain's schema reads it. */
export type RemoveDocumentRequest = { projectId: number } & z.output<typeof removeDocumentSchema>;

/** `DELETE /project/{id}/removedocument`: the document and its files. */
export function removeDocument({ projectId, documentId }: RemoveDocumentRequest): Promise<Project> {
  return apiClient.delete<Project>(`project/${projectId}/removedocument`, { documentId } satisfies z.output<typeof removeDocumentSchema>);
}

export function useRemoveDocument() {
  const replaceProject = useReplaceProject();
  return useMutation({ mutationFn: removeDocument, onSuccess: replaceProject });
}
