import { z } from 'zod';

/** The answers of the download calls (`generate_file_token`, `download_form`), for the OpenAPI document, the API tests' check and the web. */

/** `POST generate_file_token`: one token (5 minutes) per document asked. */
export const fileTokensSchema = z.object({
  tokens: z.array(
    z.object({ docId: z.number().int(), value: z.string().describe('Jeton à mettre dans l’adresse de get_pdf ou get_file') }),
  ),
});
export type FileTokens = z.infer<typeof fileTokensSchema>;

/** `GET download_form/{type}/{documentId}`: the questionnaire's PDF, generated or reused. */
export const downloadFormAnswerSchema = z.object({
  filename: z.string().describe('Nom du PDF enregistré (documents.file)'),
  name: z.string().describe('Nom lisible du PDF, celui du téléchargement'),
});
export type DownloadFormAnswer = z.infer<typeof downloadFormAnswerSchema>;
