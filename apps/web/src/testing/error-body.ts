import { genericErrorCode } from '@notadoo/domain';

/**
 * The body of a faked error answer, completed as the server would write it:
 * one that names no code gets the generic code of its status (the server
 * never answers an error without one). A test of a decision names its code,
 * its body built by the domain's `errorBody`, the server's own builder.
 */
export function withErrorCode(status: number, body: unknown): unknown {
  if (status < 400 || body === null || typeof body !== 'object' || Array.isArray(body) || 'code' in body) return body;
  return { code: genericErrorCode(status), ...body };
}
