import type { AnswerMark, AnswerMarkList } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

/** The cache entry of a questionnaire's marks; a save refreshes it (the office's save adds marks, the client's removes them). */
export const answerMarksQueryKey = (documentId: number) => ['answer-marks', documentId] as const;

/** `GET /document/{id}/answer-marks`: the answers the office changed last, by field. */
export function getAnswerMarks(documentId: number): Promise<AnswerMarkList> {
  return apiClient.get<AnswerMarkList>(`document/${documentId}/answer-marks`);
}

/** The marks by field name; none while loading or when they cannot be read (the form works without them). */
export function useAnswerMarks(documentId: number): ReadonlyMap<string, AnswerMark> {
  const query = useQuery({
    queryKey: answerMarksQueryKey(documentId),
    queryFn: () => getAnswerMarks(documentId),
    refetchOnMount: 'always',
  });
  return new Map((query.data ?? []).map((mark) => [mark.field, mark]));
}
