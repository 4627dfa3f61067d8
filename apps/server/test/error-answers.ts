import { ERROR_CODES, errorBodySchema, type ErrorBody, type ErrorCode } from '@notadoo/domain';
import { expect } from 'vitest';

/** The statuses a code is answered with (decision 0085): its own, and EMAIL_TAKEN's sign-up 403. */
export function statusesOf(code: ErrorCode): number[] {
  const entry: { status: number; alsoStatus?: number } = ERROR_CODES[code];
  return entry.alsoStatus === undefined ? [entry.status] : [entry.status, entry.alsoStatus];
}

/**
 * An error answer as every one must be: the domain's `ErrorBody` (a code of
 * the catalogue, a French message), the code answered with its status; and
 * `code` when given. Answers the body for further checks.
 */
export function expectErrorAnswer(res: { statusCode: number; body: string }, status: number, code?: ErrorCode, label = ''): ErrorBody {
  const where = `${label} ${res.statusCode} ${res.body.slice(0, 300)}`.trim();
  expect(res.statusCode, where).toBe(status);
  const parsed = errorBodySchema.safeParse(JSON.parse(res.body));
  expect(parsed.success, where).toBe(true);
  const body = parsed.data!;
  expect(statusesOf(body.code), where).toContain(res.statusCode);
  if (code) expect(body.code, where).toBe(code);
  return body;
}
