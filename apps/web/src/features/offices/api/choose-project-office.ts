import type { Project, ProjectOfficePatchPayload } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

export interface ChooseProjectOfficeRequest {
  projectId: number;
  officeId: number;
}

/** `PATCH /project/{id}` answers the whole project with its new office. */
export function chooseProjectOffice({ projectId, officeId }: ChooseProjectOfficeRequest): Promise<Project> {
  return apiClient.patch<Project>(`project/${projectId}`, { office: officeId } satisfies ProjectOfficePatchPayload);
}

export function useChooseProjectOffice() {
  return useMutation({ mutationFn: chooseProjectOffice });
}
