import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { BACKUP_CODE_ALPHABET, BACKUP_CODE_COUNT, BACKUP_CODE_LENGTH, TOTP } from '@notadoo/domain';
import { Secret, TOTP as Totp } from 'otpauth';

/**
 * The secrets of the second factor at rest (issue 27): TOTP secrets encrypted
 * with AES-256-GCM under a key from configuration (a database dump alone gives
 * no code away), backup codes kept as an HMAC under the same key (50 bits each:
 * a plain hash of a dump could be searched offline).
 */
export interface SecondFactorKeys {
  encryptSecret(secret: Uint8Array): string;
  decryptSecret(stored: string): Uint8Array;
  hashBackupCode(userId: number, code: string): string;
}

const VERSION = 'v1';

export function createSecondFactorKeys(keyMaterial: string): SecondFactorKeys {
  // Any text of 32+ characters from the environment: hashed to the 32 bytes AES-256 takes.
  const aesKey = createHash('sha256').update(`notadoo-totp-aes:${keyMaterial}`).digest();
  const hmacKey = createHash('sha256').update(`notadoo-backup-hmac:${keyMaterial}`).digest();
  return {
    encryptSecret(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
      const body = Buffer.concat([cipher.update(secret), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    decryptSecret(stored) {
      const [version, iv, tag, body] = stored.split('.');
      if (version !== VERSION || !iv || !tag || !body) throw new Error('unreadable TOTP secret');
      const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]));
    },
    hashBackupCode(userId, code) {
      return createHmac('sha256', hmacKey).update(`${userId}:${code}`).digest('base64url');
    },
  };
}

export function newTotpSecret(): Uint8Array {
  return new Uint8Array(randomBytes(TOTP.secretBytes));
}

export function base32Of(secret: Uint8Array): string {
  return new Secret({ buffer: secret.slice().buffer }).base32;
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function totpUri(secret: Uint8Array, issuer: string, account: string): string {
  return totpOf(secret, issuer, account).toString();
}

function totpOf(secret: Uint8Array, issuer = '', label = 'Notadoo') {
  return new Totp({
    issuer,
    label,
    secret: new Secret({ buffer: secret.slice().buffer }),
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
  });
}

/**
 * The time step a code belongs to, within one step either way of `nowMs`, or null.
 * The caller still has to win the step (`claimTotpStep`): a valid code is not yet an accepted one.
 */
export function matchingTotpStep(secret: Uint8Array, code: string, nowMs: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: TOTP.window });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / TOTP.periodSeconds) + delta;
}

/** Ten fresh backup codes, as shown once to the person. */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () =>
    Array.from({ length: BACKUP_CODE_LENGTH }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join(''),
  );
}

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
