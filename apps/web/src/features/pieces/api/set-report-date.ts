import type { DiagnosticReportPayload, ProjectPieces } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { useReplacePieces } from '../../../api/get-project-pieces';

export interface SetReportDateRequest {
  versionId: number;
  report: DiagnosticReportPayload;
}

/** `PATCH /piece-version/{id}/report`: the date (and finding) of a diagnostic report; its validity follows. */
export function setReportDate({ versionId, report }: SetReportDateRequest): Promise<ProjectPieces> {
  return apiClient.patch<ProjectPieces>(`piece-version/${versionId}/report`, report);
}

export function useSetReportDate() {
  const onSuccess = useReplacePieces();
  return useMutation({ mutationFn: setReportDate, onSuccess });
}
