import { MAX_ID } from '@notadoo/domain';
import { signToken, verifyToken } from './signed-tokens';

/** A plain session token lasts a working day; remember-me gives 30 days (spec section 9). */
export const SESSION_TOKEN_TTL_SECONDS = 12 * 60 * 60;
export const REMEMBER_ME_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface TokenClaims {
  userId: number;
  /** The user's password version when the token was issued. */
  passwordVersion: number;
  /** Issued for longer than a plain session ("Se souvenir de moi"): a replacement keeps that length. */
  remembered: boolean;
  /**
   * Issue 27: `partial` once the password is right but the second factor is still to give
   * (only the second-factor routes accept it); `full` otherwise.
   */
  stage: 'full' | 'partial';
  /** Whether this session passed a second factor (a TOTP or backup code, or a trusted device). */
  secondFactor: boolean;
  /** When (ms) the session last proved its holder: the second factor, or the password for an account without one. Null: unknown (older token). */
  checkedAt: number | null;
}

/** What a caller gives to issue a token; the stage and second-factor facts default to a plain password session. */
export type IssueClaims = Pick<TokenClaims, 'userId' | 'passwordVersion'> &
  Partial<Pick<TokenClaims, 'stage' | 'secondFactor' | 'checkedAt' | 'remembered'>>;

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

export function createTokenService(secret: string, now: () => number = () => Date.now()) {
  return {
    async issue(claims: IssueClaims, ttlSeconds: number): Promise<string> {
      const issuedAt = Math.floor(now() / 1000);
      return signToken(secret, {
        sub: String(claims.userId),
        iat: issuedAt,
        exp: issuedAt + ttlSeconds,
        pwv: claims.passwordVersion,
        ...(claims.stage === 'partial' ? { stg: 'partial', rem: claims.remembered === true } : {}),
        ...(claims.secondFactor ? { mfa: true } : {}),
        ...(claims.checkedAt != null ? { chk: Math.floor(claims.checkedAt / 1000) } : {}),
      });
    },
    async verify(token: string): Promise<VerifyResult> {
      // Checked on every request (no bearer token is kept in memory); the account is read by the caller.
      const checked = verifyToken(secret, token, { now: new Date(now()) });
      if (!checked.ok) return checked;
      const { claims: payload } = checked;
      const userId = parseUserId(payload.sub);
      if (userId === undefined || typeof payload.pwv !== 'number') return { ok: false, reason: 'invalid' };
      const stage = payload.stg === 'partial' ? 'partial' : 'full';
      const claims: TokenClaims = {
        userId,
        passwordVersion: payload.pwv,
        // A partial token is short-lived: it carries whether the session to come was asked to be remembered.
        remembered: stage === 'partial' ? payload.rem === true : payload.exp - (payload.iat ?? payload.exp) > SESSION_TOKEN_TTL_SECONDS,
        stage,
        secondFactor: payload.mfa === true,
        checkedAt: typeof payload.chk === 'number' ? payload.chk * 1000 : null,
      };
      return { ok: true, claims };
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
