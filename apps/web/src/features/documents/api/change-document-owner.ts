import type { documentOwnerSchema, Project } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';
import { useReplaceProject } from '../../../api/project-cache';

/** The body of the call, as the domain's schema reads it; a null `participantId` leaves the document unassigned. */
export type ChangeOwnerRequest = z.output<typeof documentOwnerSchema>;

/** `PATCH /document/owner` (admins; others get a 401 whose message is shown as written). */
export function changeDocumentOwner({ documentId, participantId }: ChangeOwnerRequest): Promise<Project> {
  return apiClient.patch<Project>('document/owner', { documentId, participantId });
}

export function useChangeDocumentOwner() {
  const replaceProject = useReplaceProject();
  return useMutation({ mutationFn: changeDocumentOwner, onSuccess: replaceProject });
}
