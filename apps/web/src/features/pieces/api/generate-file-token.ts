import type { FileTokens } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { config } from '../../../config/env';

/** `POST generate_file_token` for one drawer: a short-lived token (5 minutes) standing for the user in a file's address. */
export function generateFileToken(docId: number): Promise<FileTokens> {
  return apiClient.post<FileTokens>('generate_file_token', [{ type: 'file', docId }]);
}

/** Where an uploaded file is read with its token: `get_file/{docId}/{index}/{token}`. */
export function fileUrl(docId: number, index: number, token: string): string {
  return `${config.apiBase}/get_file/${docId}/${index}/${encodeURIComponent(token)}`;
}

/**
 * The address of a drawer's file for an inline preview. The token is asked
 * again after 4 minutes, before it expires; nothing is asked for a file not shown.
 */
export function useFilePreviewUrl(docId: number | null, index: number) {
  return useQuery({
    queryKey: ['file-token', docId],
    queryFn: async () => {
      const token = (await generateFileToken(docId!)).tokens.find((t) => t.docId === docId)?.value;
      if (!token) throw new Error('Aucun jeton de téléchargement reçu.');
      return token;
    },
    enabled: docId !== null && index >= 0,
    staleTime: 4 * 60_000,
    select: (token) => fileUrl(docId!, index, token),
  });
}
