import {
  displayFileName,
  isTransferableDocument,
  QUESTIONNAIRE_DOC_TYPES,
  QUESTIONNAIRES,
  type DownloadFormAnswer,
  type downloadFormParamsSchema,
  type FileTokenRequest,
  type FileTokens,
  type ProjectDocument,
  type QuestionnaireDocType,
  type TransferFileEntry,
} from '@notadoo/domain';
import type { z } from 'zod';
import { apiClient } from '../../../api/api-client';

function questionnaireTypeOf(document: ProjectDocument): QuestionnaireDocType | null {
  return QUESTIONNAIRE_DOC_TYPES.find((docType) => (document[docType]?.length ?? 0) > 0) ?? null;
}

/**
 * Spec section 4: on opening, one download_form per questionnaire document
 * generates its PDF (one for a role's shared questionnaire); the uploaded
 * files are listed as they are. Empty questionnaires and superseded copies
 * are not sent (`isTransferableDocument`). A PDF that cannot be generated is
 * left out and only logged (spec section 8).
 */
export async function prepareTransferFiles(documents: readonly ProjectDocument[]): Promise<TransferFileEntry[]> {
  const prepared = await Promise.all(
    documents.filter(isTransferableDocument).map(async (document): Promise<TransferFileEntry[]> => {
      const docType = questionnaireTypeOf(document);
      if (docType) {
        try {
          const params: z.output<typeof downloadFormParamsSchema> = { type: QUESTIONNAIRES[docType].downloadForm, documentId: document.id };
          const { filename, name } = await apiClient.get<DownloadFormAnswer>(`download_form/${params.type}/${params.documentId}`);
          return [{ type: 'pdf', docId: document.id, filename: name, file: filename }];
        } catch (error) {
          console.error(`Génération du PDF du document ${document.id} impossible`, error);
          return [];
        }
      }
      return (document.document_files[0]?.files ?? []).map((stored, position) => ({
        type: 'file',
        docId: document.id,
        position,
        filename: displayFileName(stored),
        file: stored,
      }));
    }),
  );
  return prepared.flat();
}

/**
 * One short-lived token per file (generate_file_token), turned into the
 * absolute address the bridge downloads from, without any bearer header.
 */
export async function requestDownloadAddresses(apiUrl: string, files: readonly TransferFileEntry[]): Promise<string[]> {
  if (files.length === 0) return [];
  const { tokens } = await apiClient.post<FileTokens>(
    'generate_file_token',
    files.map((f) => ({ type: f.type, docId: f.docId }) satisfies FileTokenRequest),
  );
  return files.map((file, i) => {
    const token = tokens[i];
    if (!token || token.docId !== file.docId) throw new Error('Jeton de téléchargement manquant.');
    const value = encodeURIComponent(token.value);
    return file.type === 'pdf'
      ? `${apiUrl}/get_pdf/${file.docId}/${value}`
      : `${apiUrl}/get_file/${file.docId}/${file.position ?? 0}/${value}`;
  });
}
