import { useCallback } from 'react';
import { fileUrl, generateFileToken } from '../../../api/file-tokens';

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
