import type { Project, removeParticipantSchema } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';
import { useReplaceProject } from '../../../api/project-cache';

/** `DELETE /project/{id}/removeparticipant`: the person's documents stay, unassigned. */
export function removeParticipant(projectId: number, participantId: number): Promise<Project> {
  return apiClient.delete<Project>(`project/${projectId}/removeparticipant`, { participantId } satisfies z.output<
    typeof removeParticipantSchema
  >);
}

export function useRemoveParticipant(projectId: number) {
  const replaceProject = useReplaceProject();
  return useMutation({ mutationFn: (participantId: number) => removeParticipant(projectId, participantId), onSuccess: replaceProject });
}
