import { MESSAGES } from '@notadoo/domain';
import { getAuthToken } from '../lib/auth-token';
import { config } from '../config/env';
import { ApiError, apiErrorOf, NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS } from './api-error';
import { endRequest, startRequest } from './requests-in-flight';

/** The parsed body of an answer, or its text when it is not JSON (a proxy's page). */
function bodyOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * POSTs a multipart form to the API and reports the share sent (0-100).
 * XMLHttpRequest rather than the fetch-based api client because fetch reports
 * no upload progress; headers, the spinner and errors (code and message of the body) follow the client's rules.
 */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${config.apiBase}/${path.replace(/^\//, '')}`);
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
          resolve(JSON.parse(request.responseText) as T);
        } catch (cause) {
          reject(new ApiError(request.status, MESSAGES.operationFailed, { cause }));
        }
        return;
      }
      reject(apiErrorOf(request.status, bodyOf(request.responseText), MESSAGES.operationFailed));
    };
    request.onerror = () => reject(new ApiError(NETWORK_ERROR_STATUS, NETWORK_ERROR_MESSAGE));
    request.onloadend = endRequest;
    startRequest();
    request.send(form);
  });
}
