import { MESSAGES, type Project } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS } from '../../../api/api-error';
import { endRequest, startRequest } from '../../../api/requests-in-flight';
import { config } from '../../../config/env';
import { getAuthToken } from '../../../lib/auth-token';
import { useReplaceProject } from './project-cache';

export interface UploadFileRequest {
  projectId: number;
  /** The drawer's id, which is its document's. */
  drawerId: number;
  file: File;
  /** Percentage of the file sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
}

function messageOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // not JSON: no message to show
  }
  return undefined;
}

/**
 * `POST /project/{id}/addfile`, multipart with `id` first (the server checks
 * the drawer before storing a byte) then `file`. XMLHttpRequest rather than the
 * fetch-based api client because fetch reports no upload progress; headers and
 * errors follow the api client's rules.
 */
export function uploadFile({ projectId, drawerId, file, onProgress }: UploadFileRequest): Promise<Project> {
  const form = new FormData();
  form.append('id', String(drawerId));
  form.append('file', file);
  return new Promise<Project>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${config.apiBase}/project/${projectId}/addfile`);
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.setRequestHeader('Accept', 'application/json');
    const token = getAuthToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(request.responseText) as Project);
        } catch (cause) {
          reject(new ApiError(request.status, MESSAGES.operationFailed, { cause }));
        }
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

export function useUploadFile() {
  const replaceProject = useReplaceProject();
  return useMutation({ mutationFn: uploadFile, onSuccess: replaceProject });
}
