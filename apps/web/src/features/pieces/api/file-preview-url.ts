import { useQuery } from '@tanstack/react-query';
import { fileUrl, generateFileToken } from '../../../api/file-tokens';

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
