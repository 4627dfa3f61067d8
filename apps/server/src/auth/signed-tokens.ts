import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * Compact JSON Web Tokens signed with HMAC-SHA-256 (RFC 7515 and 7519,
 * "HS256"): session tokens, download and copy links, the trusted-device
 * cookie. A session token is checked on every request, so the check runs at
 * once with node:crypto: through WebCrypto (jose) the same HMAC went through
 * a promise and a thread-pool job costing several times the HMAC itself
 * (docs/performance.md). Tokens issued before (by jose) check the same.
 */

/** The registered claims every token carries, beside its own. */
export interface SignedClaims {
  sub: string;
  /** Seconds since the epoch; every token issued here has one. */
  iat?: number;
  exp: number;
  aud?: string;
  [claim: string]: unknown;
}

export type TokenCheck = { ok: true; claims: SignedClaims } | { ok: false; reason: 'expired' | 'invalid' };

export type TokenKey = string | Buffer | KeyObject;

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
// Node's base64url decoder skips characters outside the alphabet: a segment holding one is refused here instead.
const SEGMENT = /^[A-Za-z0-9_-]+$/;

const hmac = (key: TokenKey, signedPart: string) => createHmac('sha256', key).update(signedPart).digest();

export function signToken(key: TokenKey, claims: SignedClaims): string {
  const signedPart = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${signedPart}.${hmac(key, signedPart).toString('base64url')}`;
}

/**
 * The claims of a token signed with `key`, whose header names HS256 and no
 * critical extension, with a subject and an expiry; `expired` only for a token
 * that is genuine otherwise. `audience`: the one the token must name.
 */
export function verifyToken(key: TokenKey, token: string, check: { now: Date; audience?: string }): TokenCheck {
  const invalid = { ok: false, reason: 'invalid' } as const;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) return invalid;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = hmac(key, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;

  const head = parseObject(header);
  if (!head || head.alg !== 'HS256' || 'crit' in head) return invalid;
  const claims = parseObject(payload);
  if (!claims || typeof claims.sub !== 'string' || !isTime(claims.exp) || (claims.iat !== undefined && !isTime(claims.iat))) return invalid;
  const now = Math.floor(check.now.getTime() / 1000);
  if (claims.nbf !== undefined && (!isTime(claims.nbf) || claims.nbf > now)) return invalid;
  if (
    check.audience !== undefined &&
    !(claims.aud === check.audience || (Array.isArray(claims.aud) && claims.aud.includes(check.audience)))
  )
    return invalid;
  if (claims.exp <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims: claims as SignedClaims };
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function parseObject(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
