import { z } from 'zod';
import { isPasswordStrongEnough } from '../accounts/password';
import { MESSAGES } from '../messages';
import { displayName, positiveId } from './common';

/**
 * Request payloads of the account calls (spec sections 3 and 7). The server
 * validates with them and the web forms use them, so a rule lives once.
 */

const email = z
  .string({ error: "L'adresse email est requise." })
  .trim()
  .toLowerCase()
  .max(255, "L'adresse email ne doit pas dépasser 255 caractères.")
  .pipe(z.email({ error: "L'adresse email n'est pas valide." }));

const name = (label: string) =>
  displayName({ required: `Le champ ${label} est requis.`, tooLong: `Le champ ${label} ne doit pas dépasser 255 caractères.` });

export const passwordSchema = z
  .string({ error: 'Le mot de passe est requis.' })
  .max(255, 'Le mot de passe ne doit pas dépasser 255 caractères.')
  .refine(isPasswordStrongEnough, MESSAGES.passwordHint);

/** HTML forms send checkboxes as strings: accept yes/no, true/false, 1/0, on. */
export const yesNo = z
  .union([z.boolean(), z.enum(['yes', 'no', 'true', 'false', '1', '0', 'on', 'off', ''])])
  .transform((v) => v === true || v === 'yes' || v === 'true' || v === '1' || v === 'on');

export const loginSchema = z.object({
  login: email,
  password: z.string({ error: 'Le mot de passe est requis.' }).min(1, 'Le mot de passe est requis.').max(255),
  /** Remember-me: a 30-day token instead of a session one. */
  remember: yesNo.optional(),
  /** The token of a project invitation, when signing in through its link. */
  invitation: z.string().max(512).optional(),
});
export type LoginPayload = z.input<typeof loginSchema>;

export const signupSchema = z
  .object({
    login: email.optional(),
    email,
    password: passwordSchema,
    passwordConfirm: z.string({ error: MESSAGES.signupPasswordMismatch }),
    firstName: name('prénom'),
    lastName: name('nom'),
    /** The signup checkbox: the user states intermediary or notary rights, reviewed by an admin. */
    intermediary: yesNo.default(false),
    /** The token of a project invitation, when signing up through its link. */
    invitation: z.string().max(512).optional(),
  })
  .refine((p) => p.password === p.passwordConfirm, {
    message: MESSAGES.signupPasswordMismatch,
    path: ['passwordConfirm'],
  });
export type SignupPayload = z.input<typeof signupSchema>;

export const resetRequestSchema = z.object({ email });
export const resetSetSchema = z.object({
  password: passwordSchema,
  token: z.string({ error: 'Le lien de réinitialisation est incomplet.' }).min(1).max(512),
});
export const emailConfirmSchema = z.object({
  email,
  token: z.string({ error: 'Le lien de confirmation est incomplet.' }).min(1).max(512),
});
export const resendConfirmSchema = z.object({ email });

const officeIdMessage = 'Identifiant d’office notarial invalide.';
/** An office id, or null or '' for none. */
const officeField = z.union([positiveId(officeIdMessage), z.null(), z.literal('')], { error: officeIdMessage }).optional();

/** `PATCH /users/{id}`: every field optional; password fields only when a new one is set. */
export const userPatchSchema = z
  .object({
    firstName: name('prénom').optional(),
    lastName: name('nom').optional(),
    email: email.optional(),
    password: z.string().max(255).optional(),
    passwordNew: z.union([passwordSchema, z.literal('')]).optional(),
    passwordNewConfirm: z.string().max(255).optional(),
    notaryOffice: officeField,
    /** The office the editor's screen showed: see `planOfficeChange`. */
    oldOffice: officeField,
  })
  .refine((p) => !p.passwordNew || p.passwordNew === p.passwordNewConfirm, {
    message: MESSAGES.newPasswordMismatch,
    path: ['passwordNewConfirm'],
  });
export type UserPatchPayload = z.input<typeof userPatchSchema>;

/** `POST /users/me/password` (issue 27): the current password, the new one and its confirmation, all required. */
export const passwordChangeSchema = z
  .object({
    password: z.string({ error: MESSAGES.currentPasswordRequired }).min(1, MESSAGES.currentPasswordRequired).max(255),
    passwordNew: passwordSchema,
    passwordNewConfirm: z.string({ error: MESSAGES.newPasswordMismatch }).max(255),
  })
  .refine((p) => p.passwordNew === p.passwordNewConfirm, {
    message: MESSAGES.newPasswordMismatch,
    path: ['passwordNewConfirm'],
  });
export type PasswordChangePayload = z.input<typeof passwordChangeSchema>;

export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, passwordConfirm: z.string() })
  .refine((p) => p.password === p.passwordConfirm, {
    message: MESSAGES.resetPasswordMismatch,
    path: ['passwordConfirm'],
  });
