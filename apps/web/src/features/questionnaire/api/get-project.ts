import type { Project, QuestionnaireDocType, QuestionnaireItem } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { projectQueryKey } from '../../../api/project-cache';

export { projectQueryKey };

export function getProject(projectId: number): Promise<Project> {
  return apiClient.get<Project>(`project/${projectId}`);
}

/**
 * The project, always re-read when the questionnaire opens: the form starts
 * from the document's current version, not from a copy cached earlier.
 */
export function useProject(projectId: number) {
  return useQuery({
    queryKey: projectQueryKey(projectId),
    queryFn: () => getProject(projectId),
    refetchOnMount: 'always',
  });
}

/** The questionnaire item of document `documentId` in the project, if it is there under `docType`. */
export function findQuestionnaireItem(project: Project, docType: QuestionnaireDocType, documentId: number): QuestionnaireItem | undefined {
  return project.documents.find((document) => document.id === documentId)?.[docType]?.find((item) => item.id === documentId);
}
