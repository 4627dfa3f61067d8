import type { Project, updateParticipantSchema } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';
import { useReplaceProject } from '../../../api/project-cache';

export type UpdateParticipantValues = z.output<typeof updateParticipantSchema>;

/** `PATCH /participant`: names, and the e-mail of a person without an account. */
export function updateParticipant(values: UpdateParticipantValues): Promise<Project> {
  return apiClient.patch<Project>('participant', values);
}

export function useUpdateParticipant() {
  const replaceProject = useReplaceProject();
  return useMutation({ mutationFn: updateParticipant, onSuccess: replaceProject });
}
