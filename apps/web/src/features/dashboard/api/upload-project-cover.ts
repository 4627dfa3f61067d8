import { MESSAGES } from '@notadoo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS } from '../../../api/api-error';
import { endRequest, startRequest } from '../../../api/requests-in-flight';
import { config } from '../../../config/env';
import { getAuthToken } from '../../../lib/auth-token';
import { setCoverInList } from './set-cover-in-list';

export interface UploadCoverRequest {
  id: number;
  file: File;
  /** Percentage of the file sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
}

export interface CoverResponse {
  id: number;
  cover_image: string;
}

function messageOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: no message to show
  }
  return undefined;
}

/**
 * `POST /project/cover`, multipart with the fields `id` then `cover_image`.
 * XMLHttpRequest rather than the fetch-based api client because fetch reports
 * no upload progress; headers and errors follow the api client's rules.
 */
export function uploadProjectCover({ id, file, onProgress }: UploadCoverRequest): Promise<CoverResponse> {
  const form = new FormData();
  form.append('id', String(id));
  form.append('cover_image', file);
  return new Promise<CoverResponse>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${config.apiBase}/project/cover`);
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.setRequestHeader('Accept', 'application/json');
    const token = getAuthToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        resolve(JSON.parse(request.responseText) as CoverResponse);
        return;
      }
      reject(new ApiError(request.status, messageOf(request.responseText) ?? MESSAGES.operationFailed));
    };
    request.onerror = () => reject(new ApiError(NETWORK_ERROR_STATUS, NETWORK_ERROR_MESSAGE));
    request.onloadend = endRequest;
    startRequest();
    request.send(form);
  });
}

export function useUploadProjectCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProjectCover,
    onSuccess: ({ id, cover_image }) => setCoverInList(queryClient, id, cover_image),
  });
}
