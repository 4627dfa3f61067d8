import { describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_REQUIRED_CODE } from './accounts/password-policy';
import { ERROR_CODE_LIST, ERROR_CODES, errorStatus, genericErrorCode, isErrorCode, type ErrorCode } from './error-codes';
import { errorBodySchema } from './schemas/error-body';
import { PASSKEY_ERROR_CODES } from './second-factor/passkey-rules';
import { SECOND_FACTOR_ERROR_CODES } from './second-factor/second-factor-rules';

/**
 * Every code clients may have read (decision 0085). A code is added here and
 * in the catalogue; none is ever renamed or taken away, whatever its message becomes.
 */
const PUBLISHED = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'NOT_ACCEPTABLE',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'EMPTY_BODY',
  'INVALID_CONTENT_LENGTH',
  'MALFORMED_MULTIPART',
  'NOT_MULTIPART',
  'FILE_TYPE_REFUSED',
  'FILE_TOO_LARGE',
  'TOO_MANY_FILES',
  'TOO_MANY_FIELDS',
  'MALFORMED_URL',
  'UNREADABLE_REQUEST',
  'REQUEST_TIMEOUT',
  'URL_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'ROUTE_NOT_FOUND',
  'AUTHENTICATION_REQUIRED',
  'EXPIRED_TOKEN',
  'INVALID_TOKEN',
  'LOGIN_FAILED',
  'LOGIN_LOCKED',
  'MAIL_LINK_INVALID',
  'EMAIL_TAKEN',
  'CURRENT_PASSWORD_REQUIRED',
  'CURRENT_PASSWORD_WRONG',
  'PASSWORD_TOO_WEAK',
  'PASSWORD_CHANGE_REQUIRED',
  'SECOND_FACTOR_REQUIRED',
  'SECOND_FACTOR_SETUP_REQUIRED',
  'REAUTHENTICATION_REQUIRED',
  'SECOND_FACTOR_CODE_WRONG',
  'PASSKEY_CHALLENGE_EXPIRED',
  'PASSKEY_COUNTER_REGRESSION',
  'PROJECT_ACCESS_DENIED',
  'DOCUMENT_SAVE_REFUSED',
  'VERSION_CONFLICT',
  'DATABASE_UNAVAILABLE',
  'STORAGE_UNAVAILABLE',
  'SERVER_BUSY',
  'MAINTENANCE',
] as const;

describe('error codes', () => {
  it('keeps every published code, each once, none renamed nor removed', () => {
    expect(new Set(PUBLISHED).size).toBe(PUBLISHED.length);
    expect([...ERROR_CODE_LIST].sort()).toEqual([...PUBLISHED].sort());
  });

  it('writes each code in UPPER_SNAKE_CASE, with an error status and a French description', () => {
    for (const code of ERROR_CODE_LIST) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      const entry: { status: number; alsoStatus?: number; description: string } = ERROR_CODES[code];
      for (const status of [entry.status, entry.alsoStatus ?? entry.status]) expect(status, code).toBeGreaterThanOrEqual(400);
      expect(entry.description, code).toMatch(/[a-zé]/);
    }
  });

  it('gives every status of the catalogue a generic code of that status, and an unknown one a sound default', () => {
    for (const status of new Set(ERROR_CODE_LIST.map(errorStatus)))
      expect(errorStatus(genericErrorCode(status)), String(status)).toBe(status);
    expect(genericErrorCode(418)).toBe('BAD_REQUEST');
    expect(genericErrorCode(502)).toBe('INTERNAL_ERROR');
  });

  it('holds the codes the second factor and the password gate answered before the catalogue', () => {
    const earlier: Array<[ErrorCode, number]> = [
      [SECOND_FACTOR_ERROR_CODES.required, 403],
      [SECOND_FACTOR_ERROR_CODES.setupRequired, 403],
      [SECOND_FACTOR_ERROR_CODES.reauthRequired, 403],
      [PASSWORD_CHANGE_REQUIRED_CODE, 403],
      [PASSKEY_ERROR_CODES.challengeExpired, 400],
      [PASSKEY_ERROR_CODES.counterRegression, 401],
    ];
    for (const [code, status] of earlier) expect(errorStatus(code), code).toBe(status);
  });

  it('lets the error body carry a catalogue code only', () => {
    expect(isErrorCode('EXPIRED_TOKEN')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(errorBodySchema.safeParse({ code: 'VERSION_CONFLICT', message: 'Modifié entre-temps.', document: { id: 1 } }).success).toBe(
      true,
    );
    expect(errorBodySchema.safeParse({ code: 'PAS_UN_CODE', message: 'Refusé.' }).success).toBe(false);
    expect(errorBodySchema.safeParse({ message: 'Refusé.' }).success).toBe(false);
  });
});
