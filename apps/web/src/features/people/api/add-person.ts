import type { addPersonSchema, Project } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';
import { useReplaceProject } from '../../../api/project-cache';

export type AddPersonValues = z.output<typeof addPersonSchema>;

/** `POST /project/{id}/addperson`: with an e-mail, the person is invited. */
export function addPerson(projectId: number, values: AddPersonValues): Promise<Project> {
  return apiClient.post<Project>(`project/${projectId}/addperson`, values);
}

export function useAddPerson(projectId: number) {
  const replaceProject = useReplaceProject();
  return useMutation({ mutationFn: (values: AddPersonValues) => addPerson(projectId, values), onSuccess: replaceProject });
}
