import type { OfficeMove } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

export const officeMovesQueryKey = (projectId: number) => ['project', projectId, 'office-moves'] as const;

/** `GET /project/{id}/office-moves`: for the project's office and admins. */
export function getOfficeMoves(projectId: number): Promise<OfficeMove[]> {
  return apiClient.get<OfficeMove[]>(`project/${projectId}/office-moves`);
}

export function useOfficeMoves(projectId: number, enabled: boolean) {
  return useQuery({ queryKey: officeMovesQueryKey(projectId), queryFn: () => getOfficeMoves(projectId), enabled });
}
