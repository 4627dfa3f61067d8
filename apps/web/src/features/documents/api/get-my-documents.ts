import type { ParticipantRole, ProjectDocument, ProjectStatus } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

/** One entry of `GET /documents/mine`: a document of one of the user's participations. */
export interface MyDocument {
  project: { id: number; name: string; status: ProjectStatus };
  participant: { id: number; first_name: string; last_name: string; role: ParticipantRole };
  document: ProjectDocument;
}

export const myDocumentsQueryKey = ['documents', 'mine'] as const;

export function getMyDocuments(): Promise<MyDocument[]> {
  return apiClient.get<MyDocument[]>('documents/mine');
}

export function useMyDocuments() {
  return useQuery({ queryKey: myDocumentsQueryKey, queryFn: getMyDocuments });
}
