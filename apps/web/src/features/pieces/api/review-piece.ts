import type { PieceReviewPayload, ProjectPieces } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { usePiecesChanged } from './use-pieces-changed';

export interface ReviewPieceRequest {
  requestId: number;
  review: PieceReviewPayload;
}

/** `POST /piece/{id}/review`: the office accepts, sends back, refuses or waives one piece. */
export function reviewPiece({ requestId, review }: ReviewPieceRequest): Promise<ProjectPieces> {
  return apiClient.post<ProjectPieces>(`piece/${requestId}/review`, review);
}

export function useReviewPiece() {
  const onSuccess = usePiecesChanged();
  return useMutation({ mutationFn: reviewPiece, onSuccess });
}
