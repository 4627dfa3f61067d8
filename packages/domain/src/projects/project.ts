import type { NotaryOffice } from '../offices/notary-office';
import type { ProjectDocument } from './project-document';
import type { ProjectStatus } from './status';

/** Project kinds and subtypes (spec section 3 and the wizard of section 2). */
export const PROJECT_TYPES = ['realty', 'succession'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const PROJECT_SUBTYPES = {
  realty: ['appt', 'house', 'land'],
  succession: ['settlement', 'balance'],
} as const satisfies Record<ProjectType, readonly string[]>;
export type ProjectSubtype = (typeof PROJECT_SUBTYPES)[ProjectType][number];

export const PROJECT_TYPE_LABELS: Record<ProjectType, string> = {
  realty: 'Immobilier',
  succession: 'Succession',
};

export const PROJECT_SUBTYPE_LABELS: Record<ProjectSubtype, string> = {
  appt: 'Appartement',
  house: 'Maison',
  land: 'Terrain',
  settlement: 'Régler une succession',
  balance: 'Bilan patrimonial',
};

/** A participant's role in a project (the project-creation roles of spec section 3). */
export const PARTICIPANT_ROLES = ['seller', 'buyer', 'intermediary', 'office', 'spouse', 'heir', 'client'] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];

/** A participant's role in French, as selects and cards show it. */
export const PARTICIPANT_ROLE_LABELS: Record<ParticipantRole, string> = {
  seller: 'Vendeur',
  buyer: 'Acquéreur',
  intermediary: 'Intermédiaire immobilier',
  office: 'Notaire',
  spouse: 'Conjoint(e)',
  heir: 'Héritier(ère)',
  client: 'Client',
};

/** Roles a participant may hold, by project kind (spec section 4, "Participants and documents"). */
export function rolesForProject(type: ProjectType, subtype: ProjectSubtype): readonly ParticipantRole[] {
  if (type === 'realty') return ['seller', 'buyer', 'intermediary', 'office'];
  return subtype === 'balance' ? ['client', 'office'] : ['spouse', 'heir', 'office'];
}

export interface ParticipantUser {
  id: number;
  lastConnectionDate: string | null;
  avatar: string | null;
}

export interface Participant {
  id: number;
  first_name: string;
  last_name: string;
  /** Shown to the person, admins, office members and the one who added them; null to others (issue 9). */
  email: string | null;
  /**
   * The linked account with its last connection: on the viewer's own
   * participations, and for the chosen office and admins (`canSeePersonActivity`);
   * null to the other participants.
   */
  user: ParticipantUser | null;
  /** The person's photo, shown to everyone who opens the file (the dashboard's cards show participants' avatars). */
  avatar: string | null;
  /** Whether the person has joined (an account that has signed in); what other participants see of it. */
  joined: boolean;
  /** The user who added the person, only when that is the viewer; null otherwise. */
  added_by: number | null;
  /** Whether the role shares its documents with the person's role mates (given or confirmed by someone holding it). */
  role_confirmed: boolean;
  /** The role, plus 'creator' for the one who created the project. */
  roles_project: Array<ParticipantRole | 'creator'>;
  role: ParticipantRole;
  /** Issue 22: "3 / 7 reçues", to those who may see the person's pieces, when some are asked of them. */
  pieces?: { received: number; total: number };
}

export interface Project {
  id: number;
  name: string;
  type: ProjectType;
  subtype: ProjectSubtype;
  status: ProjectStatus;
  progress: number;
  created_at: string;
  cover_image: string | null;
  is_archived: boolean;
  is_partial: boolean;
  participants: Participant[];
  notary_office: NotaryOffice | null;
  /** User id of the creator. */
  creator: number | null;
  /** City of the chosen office. */
  city: string | null;
  /** Issue 22: pieces received and waiting for review; on the dashboard, to the chosen office and admins only. */
  pieces_to_review?: number;
  documents: ProjectDocument[];
}

/** What `/projects/mine` lists: the project without its documents. */
export type ProjectSummary = Omit<Project, 'documents'>;

/**
 * A project listed to a participant whose role grants no access (spec
 * section 6): its name and status, nothing more.
 */
export interface PartialProject {
  id: number;
  name: string;
  status: ProjectStatus;
  is_partial: true;
}
