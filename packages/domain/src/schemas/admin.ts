import { z } from 'zod';
import { BILLING_MESSAGES } from '../admin/billing';
import { USER_STATUS_ACTIONS, USERS_PAGE_SIZE } from '../admin/user-statuses';
import { USER_ROLES } from '../accounts/roles';
import { ADMIN_MESSAGES, MESSAGES } from '../messages';
import { passwordSchema, yesNo } from './accounts';
import { calendarDateSchema } from './common';

/**
 * Payloads of the administration, profile and contact calls (spec sections 3,
 * 5 and 7), shared by the server routes and the web forms.
 */

const userId = z.coerce
  .number({ error: 'Identifiant invalide.' })
  .int('Identifiant invalide.')
  .positive('Identifiant invalide.')
  .max(2_147_483_647, 'Identifiant invalide.');

/** `POST /admin/user/toggleStatus`: form id, data, action. */
export const toggleStatusSchema = z.object({
  id: userId,
  data: yesNo,
  action: z.enum(USER_STATUS_ACTIONS, { error: "Cette action n'existe pas." }),
});
export type ToggleStatusPayload = z.input<typeof toggleStatusSchema>;

/** `POST /admin/user/roles`: the ticked roles; ROLE_USER is always kept. */
export const changeRolesSchema = z.object({
  id: userId,
  roles: z.array(z.enum(USER_ROLES, { error: "Ce rôle n'existe pas." })).max(USER_ROLES.length),
});
export type ChangeRolesPayload = z.input<typeof changeRolesSchema>;

export const USER_SORTS = ['name', 'date'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** `GET /admin/users`: paged 10 per page, searchable, sortable by name or date. */
export const adminUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Numéro de page invalide.').max(1_000_000, 'Numéro de page invalide.').default(1),
  search: z.string().trim().max(255, 'La recherche ne doit pas dépasser 255 caractères.').default(''),
  sort: z.enum(USER_SORTS, { error: 'Tri inconnu : name ou date.' }).default('date'),
  order: z.enum(['asc', 'desc'], { error: 'Ordre inconnu : asc ou desc.' }).default('desc'),
  /** Only the users with a pending role-change request. */
  pending: yesNo.default(false),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;
export const ADMIN_USERS_PAGE_SIZE = USERS_PAGE_SIZE;

const requiredText = (label: string) =>
  z
    .string({ error: `Le champ ${label} est requis.` })
    .trim()
    .min(1, `Le champ ${label} est requis.`)
    .max(255, `Le champ ${label} ne doit pas dépasser 255 caractères.`);

/** The admin's registration form: the five fields, all required, with the signup password rule. */
export const registrationSchema = z
  .object({
    email: z
      .string({ error: "L'adresse email est requise." })
      .trim()
      .toLowerCase()
      .min(1, "L'adresse email est requise.")
      .max(255, "L'adresse email ne doit pas dépasser 255 caractères.")
      .pipe(z.email({ error: "L'adresse email n'est pas valide." })),
    password: passwordSchema,
    passwordConfirm: z.string({ error: MESSAGES.registrationPasswordMismatch }).max(255),
    firstName: requiredText('prénom'),
    lastName: requiredText('nom'),
  })
  .refine((p) => p.password === p.passwordConfirm, {
    message: MESSAGES.registrationPasswordMismatch,
    path: ['passwordConfirm'],
  });
export type RegistrationPayload = z.input<typeof registrationSchema>;

/** `POST /users/askIntermediary`: form userId. */
export const askIntermediarySchema = z.object({ userId });

export const CONTACT_REASONS = ['notaire', 'partenaire_fournisseur', 'autre'] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];
export const CONTACT_REASON_LABELS: Record<ContactReason, string> = {
  notaire: 'Je suis notaire et souhaite rejoindre le réseau',
  partenaire_fournisseur: 'Je suis partenaire ou fournisseur',
  autre: 'Autre demande',
};
export const CIVILITIES = ['M', 'MME'] as const;
export const CIVILITY_LABELS: Record<(typeof CIVILITIES)[number], string> = { M: 'Monsieur', MME: 'Madame' };
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** A contact field left empty (absent, or only spaces): the spec's one message is said for it (`readContactErrors`). */
export const isContactFieldBlank = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

/** Every field must be present and non-blank: one message for all of them (spec section 5). */
const contactText = (max: number) =>
  z
    .string({ error: ADMIN_MESSAGES.contactFieldsRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.contactFieldsRequired)
    .max(max, max === 255 ? 'Chaque champ est limité à 255 caractères.' : `Le message est limité à ${max} caractères.`);

/** `POST /contact` (spec sections 3 and 5): the seven fields, all required. */
export const contactSchema = z.object({
  civility: z.enum(CIVILITIES, {
    error: (issue) => (isContactFieldBlank(issue.input) ? ADMIN_MESSAGES.contactFieldsRequired : ADMIN_MESSAGES.contactCivilityInvalid),
  }),
  firstName: contactText(255),
  lastName: contactText(255),
  phone: contactText(255).pipe(z.string().regex(/^[+\d][\d\s.()-]{5,}$/, "Le numéro de téléphone n'est pas valide.")),
  email: contactText(255).pipe(z.email({ error: "L'adresse email n'est pas valide." })),
  reason: z.enum(CONTACT_REASONS, {
    error: (issue) => (isContactFieldBlank(issue.input) ? ADMIN_MESSAGES.contactFieldsRequired : ADMIN_MESSAGES.contactReasonInvalid),
  }),
  message: contactText(CONTACT_MESSAGE_MAX_LENGTH),
});
export type ContactPayload = z.input<typeof contactSchema>;

/**
 * `GET /projects/open` and its export: the range (default the current calendar year), days that exist
 * between the years 1800 and 9999 (`calendarDateSchema`), and the page of 100.
 */
export const openProjectsQuerySchema = z
  .object({
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    page: z.coerce.number().int().min(1, 'Numéro de page invalide.').max(1_000_000, 'Numéro de page invalide.').default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: BILLING_MESSAGES.rangeInverted, path: ['to'] });
