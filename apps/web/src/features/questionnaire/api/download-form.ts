import { QUESTIONNAIRES, type DownloadFormAnswer, type QuestionnaireDocType } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

export interface DownloadFormInput {
  docType: QuestionnaireDocType;
  documentId: number;
}

/** `GET download_form/{type}/{documentId}`: generates the questionnaire's PDF from its saved answers. */
export function downloadForm({ docType, documentId }: DownloadFormInput): Promise<DownloadFormAnswer> {
  return apiClient.get<DownloadFormAnswer>(`download_form/${QUESTIONNAIRES[docType].downloadForm}/${documentId}`);
}

export function useDownloadForm() {
  return useMutation({ mutationFn: downloadForm });
}
