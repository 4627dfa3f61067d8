import type { Answers, Project, QuestionnaireDocType, QuestionnaireItem, SaveQuestionnairePayload } from '@notadoo/domain';
import { QUESTIONNAIRES } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { answerMarksQueryKey } from './get-answer-marks';
import { projectQueryKey } from './get-project';

export interface SaveDocumentInput {
  docType: QuestionnaireDocType;
  documentId: number;
  /** The version the answers were typed on: the server answers 409 if it holds a newer one. */
  version: number;
  /** The whole answer set, cleaned; a missing key is an unanswered field. */
  answers: Answers;
}

/** `PATCH /document`: answers the saved item, its version incremented. */
export function saveDocument({ docType, documentId, version, answers }: SaveDocumentInput): Promise<QuestionnaireItem> {
  return apiClient.patch<QuestionnaireItem>('document', {
    docType: QUESTIONNAIRES[docType].saveDocType,
    document: { ...answers, id: documentId, version },
  } satisfies SaveQuestionnairePayload);
}

/** The saved item replaces the project's cached copy, so the project page shows it without a reload. */
export function replaceCachedItem(project: Project, docType: QuestionnaireDocType, item: QuestionnaireItem): Project {
  return {
    ...project,
    documents: project.documents.map((document) =>
      document.id === item.id ? { ...document, [docType]: document[docType].map((old) => (old.id === item.id ? item : old)) } : document,
    ),
  };
}

export function useSaveDocument(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDocument,
    // Retries are the autosave's own (it keeps the answers typed meanwhile).
    retry: false,
    onSuccess: (item, { docType }) => {
      queryClient.setQueryData<Project>(projectQueryKey(projectId), (project) => project && replaceCachedItem(project, docType, item));
      void queryClient.invalidateQueries({ queryKey: answerMarksQueryKey(item.id) });
    },
  });
}
