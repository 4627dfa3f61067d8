import { QUESTIONNAIRES, type QuestionnaireDocType } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

export interface DownloadFormInput {
  docType: QuestionnaireDocType;
  documentId: number;
}

/** `GET download_form/{type}/{documentId}`: generates the questionnaire's PDF from its saved answers. */
export function downloadForm({ docType, documentId }: DownloadFormInput): Promise<{ filename: string }> {
  return apiClient.get<{ filename: string }>(`download_form/${QUESTIONNAIRES[docType].downloadForm}/${documentId}`);
}

export function useDownloadForm() {
  return useMutation({ mutationFn: downloadForm });
}
