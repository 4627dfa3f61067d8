import { PARTICIPANT_ROLE_LABELS, rolesForProject, type ParticipantRole, type ProjectSubtype, type ProjectType } from '@notadoo/domain';

export interface PersonSection {
  role: ParticipantRole;
  title: string;
  /** Label of the section's add button. */
  addLabel: string;
  /** Said under the empty text while the file has no office yet (once chosen, the office sees the file). */
  emptyHint?: string;
}

export const EMPTY_SECTION_TEXT = "Il n'y a personne dans cette catégorie pour l'instant.";

/** A role as a select shows it. */
export const ROLE_LABELS = PARTICIPANT_ROLE_LABELS;

const SECTIONS: Record<ParticipantRole, PersonSection> = {
  seller: { role: 'seller', title: 'Vendeurs', addLabel: 'Ajouter une personne' },
  buyer: { role: 'buyer', title: 'Acquéreurs', addLabel: 'Ajouter une personne' },
  intermediary: { role: 'intermediary', title: 'Intermédiaires / notaires participants', addLabel: 'Ajouter une personne' },
  heir: { role: 'heir', title: 'Héritiers', addLabel: 'Ajouter une personne' },
  spouse: { role: 'spouse', title: 'Conjoints', addLabel: 'Ajouter une personne' },
  client: { role: 'client', title: 'Clients', addLabel: 'Ajouter une personne' },
  office: {
    role: 'office',
    title: 'Office notarial',
    addLabel: 'Ajouter un notaire',
    emptyHint: "Demandez l'adresse email de votre notaire et invitez-le grâce au bouton « ajouter un notaire ».",
  },
};

/** Display order of spec section 2: the parties first (heirs before spouses), the office last. */
const ORDER: readonly ParticipantRole[] = ['seller', 'buyer', 'intermediary', 'heir', 'spouse', 'client', 'office'];

/**
 * The Persons tab's sections for a project kind: one per role the domain allows in it.
 * Asking to invite the notary makes sense only until an office is chosen: its members then see the file.
 */
export function personSectionsFor(project: { type: ProjectType; subtype: ProjectSubtype; notary_office: unknown }): PersonSection[] {
  const roles = rolesForProject(project.type, project.subtype);
  return ORDER.filter((role) => roles.includes(role)).map((role) => {
    const { emptyHint, ...section } = SECTIONS[role];
    return project.notary_office ? section : { ...section, emptyHint };
  });
}
