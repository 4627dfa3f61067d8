import { ADMIN_MESSAGES } from '../messages';
import { isContactFieldBlank, type ContactPayload } from '../schemas/admin';

export type ContactField = keyof ContactPayload;

/**
 * What the form says under each empty field: the spec's one message
 * (`contactFieldsRequired`, spec section 5) is said once for the whole form,
 * and it is what the server answers.
 */
export const CONTACT_FIELD_REQUIRED: Record<ContactField, string> = {
  civility: 'Merci de choisir votre civilité.',
  firstName: "Merci d'indiquer votre prénom.",
  lastName: "Merci d'indiquer votre nom.",
  phone: "Merci d'indiquer votre numéro de téléphone.",
  email: "Merci d'indiquer votre adresse email.",
  reason: 'Merci de choisir le motif de votre demande.',
  message: 'Merci de saisir votre message.',
};

export interface ContactErrors {
  /** One message per field in error: what is missing there, or what is wrong with it. */
  fields: Partial<Record<ContactField, string>>;
  /** The form-wide message, when a field is empty. */
  summary: string | undefined;
}

/**
 * Reads the contact schema's issues on `values` as the form shows them. A field
 * in error is missing when its value is blank, the schema's own rule
 * (`isContactFieldBlank`): read from the value, not from the issue's message.
 */
export function readContactErrors(
  values: Readonly<Record<ContactField, string>>,
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): ContactErrors {
  const fields: Partial<Record<ContactField, string>> = {};
  let missing = false;
  for (const issue of issues) {
    const field = issue.path[0] as ContactField;
    if (!(field in CONTACT_FIELD_REQUIRED) || fields[field] !== undefined) continue;
    const isMissing = isContactFieldBlank(values[field]);
    missing ||= isMissing;
    fields[field] = isMissing ? CONTACT_FIELD_REQUIRED[field] : issue.message;
  }
  return { fields, summary: missing ? ADMIN_MESSAGES.contactFieldsRequired : undefined };
}
