import type { Project, ProjectOfficePatchPayload, projectOfficePatchSchema } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';

export interface ChooseProjectOfficeRequest {
  projectId: number;
  /** The body's `office`, as the domain's schema reads it. */
  officeId: z.output<typeof projectOfficePatchSchema>['office'];
}

/** `PATCH /project/{id}` answers the whole project with its new office. */
export function chooseProjectOffice({ projectId, officeId }: ChooseProjectOfficeRequest): Promise<Project> {
  return apiClient.patch<Project>(`project/${projectId}`, { office: officeId } satisfies ProjectOfficePatchPayload);
}

export function useChooseProjectOffice() {
  return useMutation({ mutationFn: chooseProjectOffice });
}
