import type { ProjectPieces, SigningDatePayload } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { useReplacePieces } from '../../../api/get-project-pieces';

export interface SetSigningDateRequest {
  projectId: number;
  /** JJ/MM/AAAA; empty clears it. */
  signingDate: string;
}

/** `PATCH /project/{id}/signing-date` (the office): the reports' warnings follow. */
export function setSigningDate({ projectId, signingDate }: SetSigningDateRequest): Promise<ProjectPieces> {
  return apiClient.patch<ProjectPieces>(`project/${projectId}/signing-date`, { signingDate } satisfies SigningDatePayload);
}

export function useSetSigningDate() {
  const onSuccess = useReplacePieces();
  return useMutation({ mutationFn: setSigningDate, onSuccess });
}
