import { QUESTIONNAIRES, type DownloadFormAnswer, type downloadFormParamsSchema, type QuestionnaireDocType } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';

export interface DownloadFormInput {
  docType: QuestionnaireDocType;
  documentId: number;
}

/** `GET download_form/{type}/{documentId}`: generates the questionnaire's PDF from its saved answers. */
export function downloadForm({ docType, documentId }: DownloadFormInput): Promise<DownloadFormAnswer> {
  const params: z.output<typeof downloadFormParamsSchema> = { type: QUESTIONNAIRES[docType].downloadForm, documentId };
  return apiClient.get<DownloadFormAnswer>(`download_form/${params.type}/${params.documentId}`);
}

export function useDownloadForm() {
  return useMutation({ mutationFn: downloadForm });
}
