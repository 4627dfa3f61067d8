import { TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

const INVITE_HINT = 'Facultatif : en renseignant son adresse email, vous invitez cette personne à rejoindre le dossier.';
const ACCOUNT_HINT = 'Cette personne a un compte : son adresse email est celle de son compte.';
const LOCKED_HINT = "Seuls l'office notarial, un administrateur ou la personne qui l'a invitée peuvent changer cette adresse.";

interface PersonIdentityFieldsProps {
  fields: { firstName: UseFormRegisterReturn; lastName: UseFormRegisterReturn; email: UseFormRegisterReturn };
  errors: { firstName?: string; lastName?: string; email?: string };
  /** The e-mail of a person with an account is their account's: shown, not editable. */
  hasAccount?: boolean;
  /** The viewer may not change this person's e-mail (canChangePersonEmail, issue 9). */
  emailLocked?: boolean;
}

/** First name, last name and e-mail of a person, as the add and edit forms ask them (spec section 5). */
export function PersonIdentityFields({ fields, errors, hasAccount = false, emailLocked = false }: PersonIdentityFieldsProps) {
  return (
    <>
      <TextInput label="Prénom" required maxLength={255} error={errors.firstName} {...fields.firstName} />
      <TextInput label="Nom" required maxLength={255} error={errors.lastName} {...fields.lastName} />
      <TextInput
        label="Adresse email"
        type="email"
        maxLength={255}
        readOnly={hasAccount || emailLocked}
        description={hasAccount ? ACCOUNT_HINT : emailLocked ? LOCKED_HINT : INVITE_HINT}
        error={errors.email}
        {...fields.email}
      />
    </>
  );
}
