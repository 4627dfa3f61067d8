import type { Project } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { useReplaceProject } from '../../../api/project-cache';

export interface ChangeOwnerRequest {
  documentId: number;
  /** Null leaves the document unassigned. */
  participantId: number | null;
}

/** `PATCH /document/owner` (admins; others get a 401 whose message is shown as written). */
export function changeDocumentOwner({ documentId, participantId }: ChangeOwnerRequest): Promise<Project> {
  return apiClient.patch<Project>('document/owner', { documentId, participantId });
}

export function useChangeDocumentOwner() {
  const replaceProject = useReplaceProject();
  return useMutation({ mutationFn: changeDocumentOwner, onSuccess: replaceProject });
}
