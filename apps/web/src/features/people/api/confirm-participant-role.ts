import type { Project } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { useReplaceProject } from '../../../api/project-cache';

/** `PATCH /participant/{id}/confirmrole`: the person then shares their role's documents. */
export function confirmParticipantRole(participantId: number): Promise<Project> {
  return apiClient.patch<Project>(`participant/${participantId}/confirmrole`, {});
}

export function useConfirmParticipantRole() {
  const replaceProject = useReplaceProject();
  return useMutation({ mutationFn: confirmParticipantRole, onSuccess: replaceProject });
}
