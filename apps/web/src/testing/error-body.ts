import { genericErrorCode, type ErrorBody, type ErrorCode } from '@notadoo/domain';

/** An error answer's body as the server writes it (decision 0085): its code, a French message, any extra field. */
export function errorBody(code: ErrorCode, message: string, extra: Record<string, unknown> = {}): ErrorBody {
  return { ...extra, code, message };
}

/**
 * The body of a faked error answer, completed as the server would write it:
 * one that names no code gets the generic code of its status (the server
 * never answers an error without one). A test of a decision names its code.
 */
export function withErrorCode(status: number, body: unknown): unknown {
  if (status < 400 || body === null || typeof body !== 'object' || Array.isArray(body) || 'code' in body) return body;
  return { code: genericErrorCode(status), ...body };
}
