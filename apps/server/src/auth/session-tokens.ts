import { MAX_ID } from '@notadoo/domain';
import { errors, jwtVerify, SignJWT } from 'jose';

/** A plain session token lasts a working day; remember-me gives 30 days (spec section 9). */
export const SESSION_TOKEN_TTL_SECONDS = 12 * 60 * 60;
export const REMEMBER_ME_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface TokenClaims {
  userId: number;
  /** The user's password version when the token was issued. */
  passwordVersion: number;
  /** Issued for longer than a plain session ("Se souvenir de moi"): a replacement keeps that length. */
  remembered: boolean;
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

export function createTokenService(secret: string, now: () => number = () => Date.now()) {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(claims: Omit<TokenClaims, 'remembered'>, ttlSeconds: number): Promise<string> {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ pwv: claims.passwordVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    async verify(token: string): Promise<VerifyResult> {
      // Checked on every request (issue 24: no bearer token is kept in memory); the account is read by the caller.
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(now()),
          // A token without an expiry would open the account forever.
          requiredClaims: ['exp', 'sub'],
        });
        const userId = parseUserId(payload.sub);
        if (userId === undefined || typeof payload.pwv !== 'number') return { ok: false, reason: 'invalid' };
        const claims = { userId, passwordVersion: payload.pwv, remembered: payload.exp! - (payload.iat ?? payload.exp!) > SESSION_TOKEN_TTL_SECONDS };
        return { ok: true, claims };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

/** The `sub` of a token as a user id the database can hold, or undefined. */
export function parseUserId(sub: unknown): number | undefined {
  if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub)) return undefined;
  const id = Number(sub);
  return id <= MAX_ID ? id : undefined;
}

export type TokenService = ReturnType<typeof createTokenService>;
