import type { FileTokens } from '@notadoo/domain';
import { useCallback } from 'react';
import { apiClient } from '../../../api/api-client';
import { config } from '../../../config/env';

/** `POST generate_file_token`: a short-lived token standing for the user in a link opened in a new tab. */
export function generateFileToken(docId: number): Promise<FileTokens> {
  return apiClient.post<FileTokens>('generate_file_token', [{ type: 'file', docId }]);
}

/** Where an uploaded file is read with its token: `get_file/{docId}/{index}/{token}`. */
export function fileUrl(docId: number, index: number, token: string): string {
  return `${config.apiBase}/get_file/${docId}/${index}/${encodeURIComponent(token)}`;
}

/**
 * Opens the `index`-th file of a drawer in a new tab. The tab is opened
 * blank during the click, so pop-up blockers allow it, and pointed at the file
 * once the token is there. Failures are only logged (spec section 8).
 */
export function useOpenFile(): (drawerId: number, index: number) => void {
  return useCallback((drawerId: number, index: number) => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    generateFileToken(drawerId)
      .then(({ tokens }) => {
        const token = tokens.find((t) => t.docId === drawerId)?.value;
        if (!token) throw new Error('Aucun jeton de téléchargement reçu.');
        const url = fileUrl(drawerId, index, token);
        if (tab) tab.location.href = url;
        else window.open(url, '_blank', 'noopener');
      })
      .catch((error: unknown) => {
        tab?.close();
        console.error('Échec du téléchargement du fichier', error);
      });
  }, []);
}
