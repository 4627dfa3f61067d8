import type { CreatedProject, CreateProjectPayload } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

/** `POST /project` answers 201 with the new project's id. */
export function createProject(payload: CreateProjectPayload): Promise<CreatedProject> {
  return apiClient.post<CreatedProject>('project', payload);
}

export function useCreateProject() {
  return useMutation({ mutationFn: createProject });
}
