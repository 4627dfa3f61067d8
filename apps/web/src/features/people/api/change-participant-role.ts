import type { changeRoleSchema, Project } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';
import { useReplaceProject } from '../../../api/project-cache';

/** The person in the path and the call's body, as the domain's schema reads it. */
export type ChangeRoleRequest = { participantId: number } & z.output<typeof changeRoleSchema>;

/** `PATCH /participant/{id}/changerole`: a 400 carries the spec's "Impossible de déplacer…" message. */
export function changeParticipantRole({ participantId, role }: ChangeRoleRequest): Promise<Project> {
  return apiClient.patch<Project>(`participant/${participantId}/changerole`, { role } satisfies z.output<typeof changeRoleSchema>);
}

export function useChangeParticipantRole() {
  const replaceProject = useReplaceProject();
  return useMutation({ mutationFn: changeParticipantRole, onSuccess: replaceProject });
}
