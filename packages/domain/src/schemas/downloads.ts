import { z } from 'zod';
import { documentIdSchema } from './common';

/** The body of `POST generate_file_token`: the server's route validates with it, the web types its requests with it. */

const MAX_FILES_PER_REQUEST = 200;

/** One document asked: its generated PDF (`pdf`) or a drawer of uploaded files (`file`). */
export const fileRequestSchema = z.object({
  type: z.enum(['pdf', 'file'], { error: 'Le type de fichier doit être « pdf » ou « file ».' }),
  docId: documentIdSchema,
});
export type FileTokenRequest = z.output<typeof fileRequestSchema>;

const fileRequestsSchema = z.array(fileRequestSchema).max(MAX_FILES_PER_REQUEST);

/** The spec's list, or `{ files: [...] }`. Other fields of an entry (filename, position) are ignored. */
export const generateFileTokensSchema = z.union([fileRequestsSchema, z.object({ files: fileRequestsSchema })], {
  error: 'Merci d’envoyer la liste des fichiers : [{ type: « pdf » ou « file », docId }], 200 au plus.',
});
