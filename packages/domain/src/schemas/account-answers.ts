import { z } from 'zod';
import type { OpenProject } from '../admin/billing';
import type { UserStatuses } from '../admin/user-statuses';
import { USER_ROLES } from '../accounts/roles';
import type { Session, User } from '../accounts/session';
import { TRANSFER_OUTCOMES, type TransferPage, type TransferRecord } from '../transfers/transfer';

/**
 * The answers of the account, profile, administration and transfer calls as
 * the wire carries them, for the OpenAPI document and the API tests' check
 * of every answer; `satisfies` ties each to the type the server builds.
 */

const id = z.number().int();
const isoDateTime = z.string().describe('Date et heure ISO 8601 (UTC)');

/** A session token (JWT), to send as `Authorization: Bearer`. */
export const tokenAnswerSchema = z.object({ token: z.string().describe('Jeton de session (JWT), à envoyer en Authorization: Bearer') });
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

/** Issue 27: `secondFactor` says what the token is short of: the code (`required`) or a factor to set up (`setup`). */
export const signInAnswerSchema = tokenAnswerSchema.extend({ secondFactor: z.enum(['required', 'setup']).optional() });
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** A French confirmation to show as is. */
export const messageAnswerSchema = z.object({ message: z.string().describe('Message en français, à montrer tel quel') });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

export const sessionSchema = z
  .object({
    id,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    avatar: z.string().nullable(),
    roles: z.array(z.enum(USER_ROLES)),
    isActive: z.boolean(),
    isEmailConfirmed: z.boolean(),
    isPro: z.boolean(),
    isNotary: z.boolean(),
    needsRoleChange: z.boolean(),
    notary_office: z.object({ id, city: z.string() }).nullable(),
    lastConnectionDate: isoDateTime.nullable(),
    previousConnectionDate: isoDateTime.nullable(),
    createdAt: isoDateTime,
    pendingEmail: z.string().nullable().optional().describe('Nouvelle adresse en attente de confirmation'),
    passwordChangeRequired: z.boolean(),
  })
  .describe('La session : le compte et son office') satisfies z.ZodType<Session>;

export const userSchema = sessionSchema
  .extend({ scores: z.object({ EC: z.number().nullable() }), complexity: z.number().nullable() })
  .describe('Un utilisateur') satisfies z.ZodType<User>;

/** `PATCH /users/{id}`: a change of one's own e-mail or password comes with a new session token. */
export const userPatchAnswerSchema = userSchema.extend({
  token: z.string().optional().describe('Nouveau jeton de session, quand le changement en donne un'),
});

/** `POST /admin/user/toggleStatus`: the six toggles after the change. */
export const userStatusesSchema = z.object({
  isActive: z.boolean(),
  roles: z.array(z.enum(USER_ROLES)),
  isEmailConfirmed: z.boolean(),
  isPro: z.boolean(),
  isNotary: z.boolean(),
  needsRoleChange: z.boolean(),
}) satisfies z.ZodType<UserStatuses>;

/** A project of the billing tab. */
export const openProjectSchema = z.object({
  id,
  name: z.string(),
  city: z.string().nullable(),
  created_at: isoDateTime,
  status: z.number().int(),
}) satisfies z.ZodType<OpenProject>;

export const transferRecordSchema = z.object({
  id,
  created_at: isoDateTime,
  author: z.object({ id: id.nullable(), name: z.string() }),
  dossier: z.object({ id: z.string(), intitule: z.string(), identifiantMetier: z.string() }),
  files: z.array(z.object({ type: z.enum(['pdf', 'file']), docId: id, position: z.number().int().optional(), filename: z.string() })),
  sent: z.number().int(),
  outcome: z.enum(TRANSFER_OUTCOMES),
}) satisfies z.ZodType<TransferRecord>;

export const transferPageSchema = z.object({
  items: z.array(transferRecordSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
}) satisfies z.ZodType<TransferPage>;

/** What the browser of an office member needs to reach the drafting software's bridge. */
export const bridgeSettingsSchema = z.object({
  bridge: z.object({ url: z.string(), serviceKey: z.string() }).nullable().describe('La passerelle locale ; null : pas de transfert'),
  apiUrl: z.string().describe("Adresse de l'API, que la passerelle appelle"),
});
export type BridgeSettings = z.infer<typeof bridgeSettingsSchema>;
