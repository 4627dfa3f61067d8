/**
 * Attaching a user to a notary office (`PATCH /users/{id}` with
 * `notaryOffice`, and `oldOffice`, the office the editor's screen showed):
 * it gives the office's powers over every file of that office, so only an
 * admin may do it, for anyone, themselves included.
 */
export const OFFICE_ATTACHMENT_MESSAGES = {
  adminOnly: 'Seul un administrateur peut rattacher un utilisateur à un office notarial.',
  unknownOffice: "Cet office notarial n'existe pas.",
  inactiveOffice: "Cet office notarial a quitté le réseau : on ne peut plus y rattacher d'utilisateur.",
  changedMeanwhile:
    "L'office de cet utilisateur a été modifié entre-temps par quelqu'un d'autre : la liste a été rechargée, merci de refaire votre choix.",
} as const;

/** The admin's office picker in the users table. */
export const OFFICE_PICKER = {
  noOffice: 'Aucun office',
  /** An office that left the network stays shown on its members' rows, and cannot be chosen. */
  inactiveOfficeLabel: (city: string) => `${city} (a quitté le réseau)`,
  fieldLabel: (userName: string) => `Office notarial : ${userName}`,
  attached: (userName: string, city: string) => `${userName} est désormais rattaché(e) à l'office de ${city}.`,
  detached: (userName: string) => `${userName} n'est plus rattaché(e) à aucun office.`,
} as const;

export type OfficeChangePlan = 'unchanged' | 'change' | 'refuseNotAdmin' | 'refuseChangedMeanwhile';

export interface OfficeChangeRequest {
  editorIsAdmin: boolean;
  /** The user's office now (null: none). */
  current: number | null;
  /** `notaryOffice`: the office asked for (null: detach). */
  requested: number | null;
  /** `oldOffice` when sent: the office the editor saw. */
  seen?: number | null;
}

/**
 * What to do with the `notaryOffice` of a profile update. A form that sends
 * back the office it showed (`notaryOffice` equal to `oldOffice`, as the
 * profile does) asks for no change, even if an admin has changed it since.
 * A change based on an office that is no longer the user's is refused rather
 * than silently undoing someone else's choice.
 */
export function planOfficeChange({ editorIsAdmin, current, requested, seen }: OfficeChangeRequest): OfficeChangePlan {
  if (requested === current) return 'unchanged';
  if (seen !== undefined && requested === seen) return 'unchanged';
  if (!editorIsAdmin) return 'refuseNotAdmin';
  if (seen !== undefined && seen !== current) return 'refuseChangedMeanwhile';
  return 'change';
}

/** `notaryOffice` and `oldOffice` as the wire carries them: an id, or null or '' for none. */
export function officeIdOf(value: number | null | ''): number | null {
  return value === '' ? null : value;
}
