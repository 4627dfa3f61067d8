import { z } from 'zod';
import type { ErrorCode } from '../error-codes';

/**
 * Passkeys (issue 27): WebAuthn credentials an account registers as its second
 * factor, or to sign in without its password. One made with user verification
 * (the device's PIN or biometrics) counts as both factors. The request shapes
 * live here once: the server parses with them, the web types its calls with them.
 */

/** How long a ceremony's challenge can be answered (the browser's own timeout is the same). */
export const PASSKEY_CHALLENGE_MS = 5 * 60_000;
/** How many passkeys one account may hold (a few devices, a spare security key). */
export const MAX_PASSKEYS_PER_ACCOUNT = 10;
/**
 * The signature algorithms a new passkey may use (COSE identifiers: Ed25519,
 * ES256, RS256), the ones every supported Node.js verifies. Named here rather
 * than left to the WebAuthn library, whose default follows the runtime: on
 * Node.js 24 it asks for ML-DSA-44 first (WebCrypto's experimental
 * post-quantum signatures, absent from Node.js 22), which browsers then pick.
 */
export const PASSKEY_ALGORITHMS = [-8, -7, -257] as const;
export const PASSKEY_NAME_MAX = 60;

export const PASSKEY_MESSAGES = {
  nameRequired: 'Donnez un nom à cette clé d’accès (par exemple « Ordinateur du bureau »).',
  nameTooLong: `Le nom d’une clé d’accès ne dépasse pas ${PASSKEY_NAME_MAX} caractères.`,
  tooMany: `Un compte ne peut pas avoir plus de ${MAX_PASSKEYS_PER_ACCOUNT} clés d’accès : retirez-en une avant d’en ajouter une autre.`,
  added: 'Clé d’accès ajoutée.',
  removed: 'Clé d’accès retirée.',
  notFound: 'Cette clé d’accès n’existe pas ou a déjà été retirée.',
  challengeExpired: 'La demande de clé d’accès a expiré ou a déjà servi : recommencez.',
  registrationFailed: 'Cette clé d’accès n’a pas pu être vérifiée : recommencez, ou utilisez un autre appareil.',
  alreadyRegistered: 'Cette clé d’accès est déjà enregistrée.',
  signInFailed: 'Connexion par clé d’accès refusée : cette clé n’est pas reconnue, ou la vérification a échoué.',
  userVerificationRequired:
    'Pour vous connecter avec une clé d’accès seule, votre appareil doit vérifier votre identité (code, empreinte ou visage).',
  counterRegression:
    'Cette clé d’accès semble avoir été copiée : connexion refusée. Retirez-la de votre compte et prévenez un administrateur.',
  noPasskey: 'Aucune clé d’accès n’est enregistrée sur ce compte.',
  lastFactor:
    'La double authentification est obligatoire pour les membres d’un office et les administrateurs : ajoutez une autre clé d’accès ou une application d’authentification avant de retirer la dernière.',
  requiredInsteadOfPassword:
    'Votre compte est protégé par une double authentification : confirmez votre identité avec votre clé d’accès ou un code.',
} as const;

/** The codes the web reads on a passkey refusal, beside the French message. */
export const PASSKEY_ERROR_CODES = {
  challengeExpired: 'PASSKEY_CHALLENGE_EXPIRED',
  counterRegression: 'PASSKEY_COUNTER_REGRESSION',
} as const satisfies Record<string, ErrorCode>;

/** A base64url field of a WebAuthn answer, bounded. */
const base64url = (max: number) =>
  z
    .string()
    .max(max, 'Réponse de clé d’accès trop longue.')
    .regex(/^[A-Za-z0-9_-]*$/, 'Réponse de clé d’accès illisible.');

const transports = z.array(z.string().max(20)).max(10).optional();
/** Extensions' outputs: read by nobody here, kept small. */
const extensionResults = z
  .record(z.string().max(50), z.unknown())
  .refine((v) => Object.keys(v).length <= 10, 'Réponse de clé d’accès illisible.');

/** What both ceremonies' answers carry beside their own `response`. */
const credentialFields = {
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
};

/** What `startRegistration` of @simplewebauthn/browser answers (RegistrationResponseJSON). */
export const passkeyRegistrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(8192).min(1),
    attestationObject: base64url(65_536).min(1),
    authenticatorData: base64url(65_536).optional(),
    transports,
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
});

/** What `startAuthentication` answers (AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(8192).min(1),
    authenticatorData: base64url(65_536).min(1),
    signature: base64url(2048).min(1),
    userHandle: base64url(512).optional(),
  }),
});

export const passkeyNameSchema = z
  .string({ error: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong);

/** `POST /auth/passkeys/registration`: the name the person gives and the authenticator's answer. */
export const passkeyRegistrationSchema = z.object({ name: passkeyNameSchema, response: passkeyRegistrationResponseSchema }).strict();
/** The sign-in step, the re-authentication: the authenticator's answer. */
export const passkeyAssertionSchema = z.object({ response: passkeyAuthenticationResponseSchema }).strict();
/** `POST /users/login/passkey`: sign-in without an address, remember-me as the password's sign-in. */
export const passkeySignInSchema = z.object({ response: passkeyAuthenticationResponseSchema, remember: z.boolean().optional() }).strict();
export const passkeyIdSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

export type PasskeyRegistrationResponse = z.output<typeof passkeyRegistrationResponseSchema>;
export type PasskeyAuthenticationResponse = z.output<typeof passkeyAuthenticationResponseSchema>;

/** A passkey as the profile lists it. */
export interface PasskeyView {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Whether an account may drop one of its factors: staff keep at least one (TOTP or a passkey). */
export function mayRemoveFactor(account: { mandatory: boolean; totp: boolean; passkeys: number }, removing: 'totp' | 'passkey'): boolean {
  if (!account.mandatory) return true;
  const left = (account.totp && removing !== 'totp' ? 1 : 0) + account.passkeys - (removing === 'passkey' ? 1 : 0);
  return left >= 1;
}
