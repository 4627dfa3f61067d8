import { z } from 'zod';
import type { PasskeyView } from '../second-factor/passkey-rules';
import type { SecondFactorStatus, TotpSetup } from '../second-factor/second-factor-rules';
import { tokenAnswerSchema } from './account-answers';

/**
 * The answers of the second factor's and passkeys' calls (issue 27) as the
 * wire carries them, for the OpenAPI document, the API tests' check and the web.
 */

export const secondFactorStatusSchema = z.object({
  totp: z.boolean(),
  passkeys: z.number().int().describe('Nombre de clés d’accès du compte'),
  backupCodesLeft: z.number().int(),
  mandatory: z.boolean().describe('Obligatoire pour ce compte (membre d’office ou administrateur)'),
  enabledAt: z.string().nullable(),
}) satisfies z.ZodType<SecondFactorStatus>;

export const totpSetupSchema = z.object({
  secret: z.string().describe('Secret en base32'),
  uri: z.string().describe('Adresse otpauth:// (QR code)'),
}) satisfies z.ZodType<TotpSetup>;

export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()).describe('Codes de secours, affichés une seule fois') });
export type BackupCodes = z.infer<typeof backupCodesSchema>;

/** `POST /auth/second-factor/totp/confirm`: the complete session and the first backup codes. */
export const totpConfirmedSchema = tokenAnswerSchema.extend(backupCodesSchema.shape);
export type TotpConfirmed = z.infer<typeof totpConfirmedSchema>;

export const passkeyViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
}) satisfies z.ZodType<PasskeyView>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeyViewSchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** `POST /auth/passkeys/registration`: the complete session and the passkey added. */
export const passkeyAddedSchema = tokenAnswerSchema.extend({ passkey: passkeyViewSchema });
export type PasskeyAdded = z.infer<typeof passkeyAddedSchema>;

/** The options of a WebAuthn ceremony, as @simplewebauthn/server makes them, for @simplewebauthn/browser to pass on. */
export const ceremonyOptionsSchema = z.looseObject({ challenge: z.string() }).describe('Options de navigator.credentials.create ou .get');
