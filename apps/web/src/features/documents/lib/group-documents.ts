import type { Participant, ParticipantRole, Project, ProjectDocument } from '@notadoo/domain';
import { sortDocuments } from './document-content';

export interface ParticipantDocuments {
  participant: Participant;
  documents: ProjectDocument[];
}

export interface DocumentGroup {
  role: ParticipantRole;
  title: string;
  /** The role's shared questionnaire (a realty file's sale or purchase), shown once, above its people. */
  shared: ProjectDocument[];
  entries: ParticipantDocuments[];
}

export interface GroupedDocuments {
  groups: DocumentGroup[];
  /** Documents of no participant (or of one no longer in the project). */
  unassigned: ProjectDocument[];
}

export const UNASSIGNED_TITLE = 'Documents non attribués';
export const NO_DOCUMENT_TEXT = 'Aucun document à afficher.';
export const NO_PARTICIPANT_DOCUMENT_TEXT = 'Aucun document pour l’instant.';

const GROUP_TITLES: Record<ParticipantRole, string> = {
  heir: 'Héritiers',
  spouse: 'Conjoints',
  client: 'Clients',
  office: 'Notaires',
  seller: 'Vendeurs',
  buyer: 'Acquéreurs',
  intermediary: 'Intermédiaires immobiliers',
};

/** Spec section 2, Documents tab: the order of the groups by project type. */
const GROUP_ORDER: Record<Project['type'], readonly ParticipantRole[]> = {
  succession: ['heir', 'spouse', 'client', 'office'],
  realty: ['seller', 'buyer', 'office', 'intermediary'],
};

/** The Documents tab's groups: by participant role, each participant with their documents, and the unassigned ones. */
export function groupDocuments(project: Pick<Project, 'type' | 'participants' | 'documents'>): GroupedDocuments {
  const byParticipant = new Map<number, ProjectDocument[]>();
  const sharedByRole = new Map<ParticipantRole, ProjectDocument[]>();
  const unassigned: ProjectDocument[] = [];
  const order = GROUP_ORDER[project.type];
  // A participant in a role foreign to the project kind has no group: their documents show as unassigned, not hidden.
  const known = new Set(project.participants.filter((p) => order.includes(p.role)).map((p) => p.id));
  for (const document of project.documents) {
    const ownerId = document.participant?.id;
    if (document.shared_role && order.includes(document.shared_role))
      sharedByRole.set(document.shared_role, [...(sharedByRole.get(document.shared_role) ?? []), document]);
    else if (ownerId === undefined || !known.has(ownerId)) unassigned.push(document);
    else byParticipant.set(ownerId, [...(byParticipant.get(ownerId) ?? []), document]);
  }
  const groups = order
    .map((role) => ({
      role,
      title: GROUP_TITLES[role],
      shared: sharedByRole.get(role) ?? [],
      entries: project.participants
        .filter((p) => p.role === role)
        .map((participant) => ({ participant, documents: sortDocuments(byParticipant.get(participant.id) ?? []) })),
    }))
    // A shared questionnaire left with answers by the role's last person still shows, under its role.
    .filter((group) => group.entries.length > 0 || group.shared.length > 0);
  return { groups, unassigned: sortDocuments(unassigned) };
}
