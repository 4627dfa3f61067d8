import { createHash } from 'node:crypto';
import { TRUSTED_DEVICE_DAYS } from '@notadoo/domain';
import { signToken, verifyToken } from '../../auth/signed-tokens';

/**
 * Issue 27: a device that passed the second factor is trusted for 30 days,
 * through a signed httpOnly cookie per account (a shared office computer may
 * hold several). It names the factor it was earned with (its confirmation
 * time): a reset or a new factor makes every earlier device ask again. It is
 * sent to the sign-in call only (its Path), never readable by scripts.
 */
export const TRUSTED_DEVICE_PATH = '/api/users/login';
const MAX_AGE_SECONDS = TRUSTED_DEVICE_DAYS * 24 * 60 * 60;

export function trustedDeviceCookieName(userId: number): string {
  return `notadoo_device_${userId}`;
}

export function createTrustedDevices(keyMaterial: string, secure: boolean) {
  const key = createHash('sha256').update(`notadoo-trusted-device:${keyMaterial}`).digest();
  return {
    /** The Set-Cookie header value trusting this device for the account and its current factor. */
    async cookieFor(userId: number, factorConfirmedAt: Date, now: Date): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const value = signToken(key, {
        sub: String(userId),
        iat: issuedAt,
        exp: issuedAt + MAX_AGE_SECONDS,
        fac: factorConfirmedAt.getTime(),
        use: 'device',
      });
      return `${trustedDeviceCookieName(userId)}=${value}; Path=${TRUSTED_DEVICE_PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
    },
    /** Whether the request's cookies trust this device for this account and factor. */
    async isTrusted(cookieHeader: string | undefined, userId: number, factorConfirmedAt: Date, now: Date): Promise<boolean> {
      const value = readCookie(cookieHeader, trustedDeviceCookieName(userId));
      if (!value) return false;
      const checked = verifyToken(key, value, { now });
      return (
        checked.ok &&
        checked.claims.use === 'device' &&
        checked.claims.sub === String(userId) &&
        checked.claims.fac === factorConfirmedAt.getTime()
      );
    },
  };
}

export type TrustedDevices = ReturnType<typeof createTrustedDevices>;

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > 16_384) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
