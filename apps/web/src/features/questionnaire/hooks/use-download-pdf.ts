import type { QuestionnaireDocType } from '@notadoo/domain';
import { useState } from 'react';
import { readApiError } from '../../../api/api-error';
import { notifyError } from '../../../lib/notify';
import { useDownloadForm } from '../api/download-form';
import { pdfUrl, useGenerateFileTokens } from '../api/generate-file-token';

export const PDF_FAILED_MESSAGE = "Le PDF n'a pas pu être généré. Merci de réessayer dans un instant.";

/**
 * "Télécharger le PDF": generates the PDF (download_form), asks a download
 * token, and shows the PDF in a new tab. The tab is opened during the click,
 * before any request, since pop-up blockers refuse a window opened later.
 * `beforeDownload` saves the answers first, so the PDF shows them.
 */
export function useDownloadPdf(docType: QuestionnaireDocType, documentId: number, beforeDownload: () => Promise<unknown>) {
  const downloadForm = useDownloadForm();
  const generateTokens = useGenerateFileTokens();
  const [isPending, setPending] = useState(false);

  async function download() {
    const tab = window.open('', '_blank');
    if (tab) {
      // The PDF page must not reach back into this one.
      tab.opener = null;
      tab.document.title = 'Génération du PDF…';
    }
    setPending(true);
    try {
      await beforeDownload();
      await downloadForm.mutateAsync({ docType, documentId });
      const { tokens } = await generateTokens.mutateAsync([{ type: 'pdf', docId: documentId }]);
      const token = tokens.find((t) => t.docId === documentId) ?? tokens[0];
      if (!token) throw new Error('no download token');
      const url = pdfUrl(documentId, token.value);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      // Spec section 8 only logs it; someone waiting for a PDF is told it will not come.
      console.error(error);
      notifyError(readApiError(error, PDF_FAILED_MESSAGE).message);
    } finally {
      setPending(false);
    }
  }

  return { download, isPending };
}
