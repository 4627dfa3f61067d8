import type { FileTokenRequest, FileTokens } from '@notadoo/domain';
import { config } from '../config/env';
import { apiClient } from './api-client';

/**
 * A drawer's uploaded files are read through a short-lived token: the
 * documents open them in a new tab, the pieces preview them inline.
 */

/** `POST generate_file_token` for one drawer: a token (5 minutes) standing for the user in a file's address. */
export function generateFileToken(docId: number): Promise<FileTokens> {
  return apiClient.post<FileTokens>('generate_file_token', [{ type: 'file', docId }] satisfies FileTokenRequest[]);
}

/** Where an uploaded file is read with its token: `get_file/{docId}/{index}/{token}`. */
export function fileUrl(docId: number, index: number, token: string): string {
  return `${config.apiBase}/get_file/${docId}/${index}/${encodeURIComponent(token)}`;
}
