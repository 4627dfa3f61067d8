import type { FileTokenRequest, FileTokens } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { config } from '../../../config/env';

/** `POST generate_file_token`: short-lived tokens that stand for the user in a download link opened in a new tab. */
export function generateFileTokens(requests: FileTokenRequest[]): Promise<FileTokens> {
  return apiClient.post<FileTokens>('generate_file_token', requests);
}

export function useGenerateFileTokens() {
  return useMutation({ mutationFn: generateFileTokens });
}

/** Where the generated PDF of a document is read with its token. */
export function pdfUrl(docId: number, token: string): string {
  return `${config.apiBase}/get_pdf/${docId}/${encodeURIComponent(token)}`;
}
