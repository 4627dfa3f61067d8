import { z } from 'zod';
import type { ErrorCode } from '../error-codes';
import { isStaffAccount } from '../accounts/password-policy';
import type { OfficeMembership, RoleHolder } from '../accounts/roles';

/**
 * Second factor (issue 27): TOTP with single-use backup codes, or passkeys (passkey-rules.ts). Mandatory for
 * office members and admins (they open every file of an office), optional for
 * everyone else. The rules live here once; the server enforces them and the
 * web uses them to choose its screens.
 */

/** RFC 6238 figures: 20-byte secrets (SHA-1's block), 6 digits, 30 s steps, one step of drift either way. */
export const TOTP = { secretBytes: 20, digits: 6, periodSeconds: 30, window: 1, algorithm: 'SHA1' } as const;

export const BACKUP_CODE_COUNT = 10;
/** 10 characters of an alphabet without look-alikes (no 0/O, 1/I/L): about 50 bits each. */
export const BACKUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const BACKUP_CODE_LENGTH = 10;

/** How long a second-factor (or, without one, a password) check counts as recent for sensitive actions. */
export const RECENT_AUTHENTICATION_MS = 5 * 60_000;
/** A device that passed the second factor is not asked again for this long (the remember-me session's length). */
export const TRUSTED_DEVICE_DAYS = 30;

/** The codes a web client reads on a refusal, beside the French message. */
export const SECOND_FACTOR_ERROR_CODES = {
  /** Signed in with the password; the second factor is still to give. */
  required: 'SECOND_FACTOR_REQUIRED',
  /** An office member or admin without a second factor: the setup screen before anything else. */
  setupRequired: 'SECOND_FACTOR_SETUP_REQUIRED',
  /** A sensitive action: the code (or the password, without a factor) again. */
  reauthRequired: 'REAUTHENTICATION_REQUIRED',
} as const satisfies Record<string, ErrorCode>;
export type SecondFactorErrorCode = (typeof SECOND_FACTOR_ERROR_CODES)[keyof typeof SECOND_FACTOR_ERROR_CODES];

export const SECOND_FACTOR_MESSAGES = {
  required: 'Saisissez le code de votre application d’authentification pour terminer la connexion.',
  setupRequired: 'Votre compte donne accès aux dossiers d’un office : configurez une double authentification pour continuer.',
  reauthRequired:
    'Pour cette action, confirmez votre identité (code de double authentification ou mot de passe) : la dernière vérification date de plus de 5 minutes.',
  wrongCode: 'Code incorrect ou déjà utilisé. Saisissez le code affiché maintenant par votre application, ou un code de secours.',
  wrongPassword: 'Mot de passe incorrect.',
  alreadyEnabled: 'La double authentification est déjà activée sur ce compte.',
  alreadyVerified: 'La double authentification a déjà été vérifiée pour cette session.',
  notEnabled: 'La double authentification n’est pas activée sur ce compte.',
  noPendingSetup: 'Aucune configuration en cours : recommencez la configuration de la double authentification.',
  mandatory:
    'La double authentification est obligatoire pour les membres d’un office et les administrateurs : elle ne peut pas être retirée.',
  enabled: 'Double authentification activée.',
  disabled: 'Double authentification désactivée.',
  notOwnReset: 'Vous ne pouvez pas réinitialiser votre propre double authentification : demandez-le à un autre administrateur.',
  resetDone: 'La double authentification de ce compte a été réinitialisée ; un mail l’en informe.',
  backupCodesRenewed: 'Nouveaux codes de secours générés : les anciens ne fonctionnent plus.',
} as const;

/** Office members and admins (the staff the stronger password rule holds too) must have a second factor: they open every file of an office. */
export function mustUseSecondFactor(user: RoleHolder & OfficeMembership): boolean {
  return isStaffAccount(user);
}

/** Whether a second-factor check made at `checkedAt` (ms) still counts at `now` (ms) for a sensitive action. */
export function isRecentAuthentication(checkedAt: number | null, now: number): boolean {
  return checkedAt !== null && now - checkedAt >= -60_000 && now - checkedAt <= RECENT_AUTHENTICATION_MS;
}

/** A TOTP code as typed: 6 digits, spaces allowed (apps show "123 456"). */
const totpCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Le code doit comporter 6 chiffres.'));

/** A backup code as typed: case and dashes do not matter. */
const backupCode = z
  .string()
  .transform((v) => v.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .regex(new RegExp(`^[${BACKUP_CODE_ALPHABET}]{${BACKUP_CODE_LENGTH}}$`), 'Le code de secours comporte 10 lettres et chiffres.'),
  );

/** What the sign-in step and the re-authentication take: a TOTP code or a backup code. */
export const secondFactorCodeSchema = z
  .object({ code: z.string().max(40, 'Code trop long.') })
  .strict()
  .transform(({ code }, ctx) => {
    const compact = code.replace(/[\s-]+/g, '');
    if (/^\d+$/.test(compact)) {
      const parsed = totpCode.safeParse(code);
      if (parsed.success) return { kind: 'totp' as const, code: parsed.data };
      ctx.addIssue({ code: 'custom', message: 'Le code doit comporter 6 chiffres.', path: ['code'] });
      return z.NEVER;
    }
    const parsed = backupCode.safeParse(code);
    if (parsed.success) return { kind: 'backup' as const, code: parsed.data };
    ctx.addIssue({
      code: 'custom',
      message: 'Saisissez le code à 6 chiffres de votre application ou un code de secours de 10 caractères.',
      path: ['code'],
    });
    return z.NEVER;
  });
export type SecondFactorCodeInput = z.output<typeof secondFactorCodeSchema>;

/** Confirming the setup: the first code the app shows (a backup code would prove nothing). */
export const totpConfirmSchema = z.object({ code: totpCode }).strict();

/** Re-authentication: a code when the account has a factor, else the password. */
export const reauthenticateSchema = z.union([
  z.object({ code: z.string().max(40, 'Code trop long.') }).strict(),
  z.object({ password: z.string().min(1, 'Saisissez votre mot de passe.').max(4096, 'Mot de passe trop long.') }).strict(),
]);

export const resetSecondFactorSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

/** `GET /auth/second-factor`: what the profile's "Sécurité" section shows. */
export interface SecondFactorStatus {
  totp: boolean;
  /** How many passkeys the account holds (each is a factor of its own). */
  passkeys: number;
  backupCodesLeft: number;
  mandatory: boolean;
  enabledAt: string | null;
}

/** `POST /auth/second-factor/totp/setup`: the secret to add to an authenticator app. */
export interface TotpSetup {
  secret: string;
  uri: string;
}

/** Groups a backup code for reading aloud or copying: "ABCDE-FGHJK". */
export function formatBackupCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
