import type { CreateProjectPayload } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

/** `POST /project` answers 201 with the new project's id. */
export function createProject(payload: CreateProjectPayload): Promise<{ id: number }> {
  return apiClient.post<{ id: number }>('project', payload);
}

export function useCreateProject() {
  return useMutation({ mutationFn: createProject });
}
