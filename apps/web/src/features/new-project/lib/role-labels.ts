import type { ParticipantRole } from '@notadoo/domain';

/**
 * The user's role as the wizard offers it. Kept here because the domain has
 * no French role labels yet; the Persons tab will need the same words, so
 * they belong in packages/domain next to PARTICIPANT_ROLES.
 */
export const CREATION_ROLE_LABELS: Record<ParticipantRole, string> = {
  seller: 'Vendeur',
  buyer: 'Acquéreur',
  intermediary: 'Intermédiaire immobilier',
  office: 'Notaire',
  spouse: 'Conjoint(e)',
  heir: 'Héritier(ère)',
  client: 'Client',
};
