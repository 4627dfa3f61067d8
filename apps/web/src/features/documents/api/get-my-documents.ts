import type { MyDocument } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

export const myDocumentsQueryKey = ['documents', 'mine'] as const;

/** `GET /documents/mine`: the documents of the user's own participations (the domain's `myDocumentSchema`). */
export function getMyDocuments(): Promise<MyDocument[]> {
  return apiClient.get<MyDocument[]>('documents/mine');
}

export function useMyDocuments() {
  return useQuery({ queryKey: myDocumentsQueryKey, queryFn: getMyDocuments });
}
