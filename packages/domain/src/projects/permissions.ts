import { isAdmin } from '../accounts/roles';
import type { SharedQuestionnaireRole } from './participant-documents';
import { rolesForProject, type ParticipantRole, type ProjectSubtype, type ProjectType } from './project';
import { LOCKED_FROM_STATUS, SUBMITTED_STATUS } from './status';

/**
 * Who may do what on a project (spec section 6), one function per decision,
 * deny by default. The server guards its routes with them and the web hides
 * what they would refuse. Inputs are minimal structural types so that both a
 * database row and a wire object fit.
 */

export interface Viewer {
  id: number;
  roles: readonly string[];
  isPro: boolean;
  isNotary: boolean;
  needsRoleChange: boolean;
  notary_office: { id: number } | null;
}

export interface PersonForAccess {
  id: number;
  role: ParticipantRole;
  /**
   * The linked account. On the wire only the viewer's own participations
   * carry it (issue 9): the others show whether the person joined, not who.
   */
  user: { id: number } | null;
  /** Linked to an account that has signed in: the person's details are theirs now. */
  joined: boolean;
  /** The user who added the person; on the wire, only when that is the viewer (otherwise null). */
  added_by?: number | null;
  /**
   * Whether the role was given by someone who holds it (a confirmed holder,
   * the chosen office or an admin), or confirmed since: only then does it
   * share the role's documents (see `sharedRoles`).
   */
  role_confirmed: boolean;
}

export interface ProjectForAccess {
  status: number;
  creator: number | null;
  notary_office: { id: number } | null;
  participants: readonly PersonForAccess[];
}

export interface ProjectKind {
  type: ProjectType;
  subtype: ProjectSubtype;
}

export type ProjectAccess = 'full' | 'partial' | 'none';

export type PermissionCheck = { ok: true } | { ok: false; message: string };

export const PROJECT_PERMISSION_MESSAGES = {
  moveToIntermediaryRefused:
    "Impossible de déplacer ce participant : il ne possède pas de compte lié ou n'est pas marqué comme Intermédiaire Immobilier.",
  moveToOfficeRefused: "Impossible de déplacer ce participant : il ne possède pas de compte lié ou n'est pas marqué comme Notaire.",
  roleNotInProjectKind: "Ce rôle n'existe pas pour ce type de dossier.",
  confirmRoleRefused:
    "Seuls l'office notarial du dossier, un administrateur ou une personne dont le rôle est déjà confirmé peuvent confirmer ce rôle.",
  creationRoleChangePending:
    "Votre demande de changement de rôle est en cours de traitement : vous ne pouvez pas créer de dossier pour l'instant.",
  creationIntermediaryReserved:
    "Le rôle d'intermédiaire immobilier est réservé aux professionnels reconnus. Vous pouvez en faire la demande depuis votre profil.",
  alreadyArchived: 'Ce dossier est déjà archivé.',
  notArchived: "Ce dossier n'est pas archivé : il n'y a rien à restaurer.",
  creationOfficeReserved:
    "Le rôle de notaire est réservé aux membres d'un office notarial. Merci de renseigner votre office dans votre profil.",
} as const;

const OK: PermissionCheck = { ok: true };
const refuse = (message: string): PermissionCheck => ({ ok: false, message });

// ---------------------------------------------------------------- access

/** Intermediary and office roles count only for users who really are one. */
function roleGrantsAccess(viewer: Viewer, role: ParticipantRole): boolean {
  if (role === 'intermediary') return viewer.isPro || viewer.isNotary;
  if (role === 'office') return viewer.notary_office !== null || viewer.isNotary;
  return true;
}

function ownParticipations(viewer: Viewer, project: ProjectForAccess): PersonForAccess[] {
  return project.participants.filter((p) => p.user !== null && p.user.id === viewer.id);
}

function isChosenOfficeMember(viewer: Viewer, project: ProjectForAccess): boolean {
  return viewer.notary_office !== null && project.notary_office !== null && viewer.notary_office.id === project.notary_office.id;
}

/**
 * The office's powers on a file (status, deletions, every document, transfer,
 * e-mails): admins and the members of the office the file was sent to. Being
 * a notary elsewhere gives none of them, whatever role the file lists one in.
 */
export function hasOfficePowers(viewer: Viewer, project: ProjectForAccess): boolean {
  return isAdmin(viewer) || isChosenOfficeMember(viewer, project);
}

/** Guards against a person or owner taken from another project. */
function isInProject(project: ProjectForAccess, person: PersonForAccess): boolean {
  return project.participants.some((p) => p.id === person.id);
}

/** The roles through which the viewer takes part in the project with access. */
export function viewerRoles(viewer: Viewer, project: ProjectForAccess): ParticipantRole[] {
  const roles = ownParticipations(viewer, project)
    .filter((p) => roleGrantsAccess(viewer, p.role))
    .map((p) => p.role);
  return [...new Set(roles)];
}

/**
 * The roles whose documents the viewer shares with the other persons of the
 * role (spec 6, "same role"; the intermediary's view of every document): only
 * confirmed participations. A role given by someone who does not hold it
 * (a buyer adding a "seller", a notary of another office added as buyer by a
 * client) would otherwise let anyone reach another party's documents through
 * a second account.
 */
export function sharedRoles(viewer: Viewer, project: ProjectForAccess): ParticipantRole[] {
  const roles = ownParticipations(viewer, project)
    .filter((p) => p.role_confirmed && roleGrantsAccess(viewer, p.role))
    .map((p) => p.role);
  return [...new Set(roles)];
}

/**
 * 'full': may open the project. 'partial': a participant whose role does not
 * count (e.g. intermediary without isPro); the dashboard lists the project with
 * its name and status only. 'none': not listed.
 *
 * Beyond the spec, members of the chosen office have full access without being
 * participants: the chosen office alone reads the file (spec 001, section 1).
 */
export function projectAccess(viewer: Viewer, project: ProjectForAccess): ProjectAccess {
  if (hasOfficePowers(viewer, project) || viewerRoles(viewer, project).length > 0) return 'full';
  return ownParticipations(viewer, project).length > 0 ? 'partial' : 'none';
}

export function canOpenProject(viewer: Viewer, project: ProjectForAccess): boolean {
  return projectAccess(viewer, project) === 'full';
}

export function isProjectLocked(project: { status: number }): boolean {
  return project.status >= LOCKED_FROM_STATUS;
}

function isParticipantWithAccess(viewer: Viewer, project: ProjectForAccess): boolean {
  return viewerRoles(viewer, project).length > 0;
}

// ---------------------------------------------------------------- project

export function canChangeStatus(viewer: Viewer, project: ProjectForAccess): boolean {
  return hasOfficePowers(viewer, project);
}

/** "Transmettre au Notaire": needs an office to send to, and only before review. */
export function canSubmitToNotary(viewer: Viewer, project: ProjectForAccess): boolean {
  return canOpenProject(viewer, project) && project.status < SUBMITTED_STATUS && project.notary_office !== null;
}

/** Admins and the chosen office may switch offices; anyone else only picks the first one. */
export function canChangeOffice(viewer: Viewer, project: ProjectForAccess): boolean {
  if (hasOfficePowers(viewer, project)) return true;
  return canOpenProject(viewer, project) && project.notary_office === null;
}

export function canRenameProject(viewer: Viewer, project: ProjectForAccess): boolean {
  return isAdmin(viewer) || isParticipantWithAccess(viewer, project);
}

export function canChangeCover(viewer: Viewer, project: ProjectForAccess): boolean {
  return isAdmin(viewer) || isParticipantWithAccess(viewer, project);
}

/**
 * Who archives a file and brings it back. Archiving hides it from every
 * dashboard, so it is not left to any participant: admins and the chosen
 * office at any time; the one who opened it (while they still have access)
 * only until it is sent to the office (status 3). Once sent, the office is
 * working on it and a client's archive would take it out of the office's
 * list.
 */
function mayArchiveOrRestore(viewer: Viewer, project: ProjectForAccess): boolean {
  if (hasOfficePowers(viewer, project)) return true;
  return project.creator !== null && project.creator === viewer.id && project.status < SUBMITTED_STATUS && canOpenProject(viewer, project);
}

export interface ArchivableProject extends ProjectForAccess {
  is_archived: boolean;
}

export function canArchiveProject(viewer: Viewer, project: ArchivableProject): boolean {
  return !project.is_archived && mayArchiveOrRestore(viewer, project);
}

/** The same people as archiving: an archive made by mistake is undone by who could have made it. */
export function canRestoreProject(viewer: Viewer, project: ArchivableProject): boolean {
  return project.is_archived && mayArchiveOrRestore(viewer, project);
}

/**
 * A file already in the state asked for is a conflict (409) for those who
 * could change it, not a refusal: the server tells them apart with this.
 */
export function mayChangeArchiveState(viewer: Viewer, project: ProjectForAccess): boolean {
  return mayArchiveOrRestore(viewer, project);
}

/** Whether the user may use the drafting software's bridge at all: admins and users with an office (spec section 2). */
export function canUseDraftingBridge(viewer: Viewer): boolean {
  return isAdmin(viewer) || viewer.notary_office !== null;
}

/** Sending files to the drafting software is for the staff of the file's office (spec section 2) and admins. */
export function canTransferFiles(viewer: Viewer, project: ProjectForAccess): boolean {
  return hasOfficePowers(viewer, project);
}

/** `GET /projects/open`, the billing table of the admin screen. */
export function canListOpenProjects(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

export function canFilterByOfficeCity(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

// ---------------------------------------------------------------- people

/**
 * Spec section 6: "admin; or same role where the person has not yet logged in;
 * or a pro user where the person has not logged in; or a person with no user
 * account or no last connection". The last clause contains the two before it,
 * so for non-admins it comes down to: the person has never logged in (their
 * details are still the inviter's to correct), with full access, before
 * signature.
 */
export function canEditPerson(viewer: Viewer, project: ProjectForAccess, person: PersonForAccess): boolean {
  if (!isInProject(project, person)) return false;
  if (isAdmin(viewer)) return true;
  if (!canOpenProject(viewer, project) || isProjectLocked(project)) return false;
  return !person.joined;
}

/**
 * Changing the e-mail of a person who has not joined sends them a new
 * invitation and revokes the earlier one, so it is kept to admins, office
 * members with access and the one who added them (issue 9): another
 * participant could otherwise take the invitation, and the role, for
 * themselves.
 */
export function canChangePersonEmail(viewer: Viewer, project: ProjectForAccess, person: PersonForAccess): boolean {
  if (!canEditPerson(viewer, project, person)) return false;
  if (hasOfficePowers(viewer, project)) return true;
  return person.added_by !== undefined && person.added_by !== null && person.added_by === viewer.id;
}

/**
 * Who sees a person's account on the file (id, last connection date, photo):
 * themself, admins and the chosen office, who follow who is active on the
 * files they handle. Other participants learn only whether the person
 * joined (`joined`, which `canEditPerson` needs) and their photo, which the
 * dashboard shows on every card: not when a client, or the notary, last
 * signed in.
 */
export function canSeePersonActivity(viewer: Viewer, project: ProjectForAccess, person: PersonForAccess): boolean {
  if (!isInProject(project, person)) return false;
  if (person.user !== null && person.user.id === viewer.id) return true;
  return hasOfficePowers(viewer, project);
}

/** Who may read a person's e-mail: themself, admins, office members with access and the one who added them. */
export function canSeePersonEmail(viewer: Viewer, project: ProjectForAccess, person: PersonForAccess): boolean {
  if (!isInProject(project, person)) return false;
  if (person.user !== null && person.user.id === viewer.id) return true;
  if (hasOfficePowers(viewer, project)) return true;
  return person.added_by !== undefined && person.added_by !== null && person.added_by === viewer.id;
}

/**
 * Admins and the chosen office add anyone. Other participants with access may
 * invite people too until signature, in any role of the project kind
 * ("invite the other people involved"; the Persons tab asks clients to invite
 * their notary themselves). What the new person shares is decided by
 * `confirmsRoleOnAdd`, not here: an invitation never hands out more than the
 * inviter has.
 */
export function canAddPerson(viewer: Viewer, project: ProjectForAccess & ProjectKind, role: ParticipantRole): boolean {
  if (!rolesForProject(project.type, project.subtype).includes(role)) return false;
  if (hasOfficePowers(viewer, project)) return true;
  return isParticipantWithAccess(viewer, project) && !isProjectLocked(project);
}

/**
 * A person added to `role` by the viewer shares that role's documents at once
 * only when the viewer could already read them: admins, the chosen office, a
 * confirmed holder of the role. Anyone else's addition waits for
 * `canConfirmRole`.
 */
export function confirmsRoleOnAdd(viewer: Viewer, project: ProjectForAccess, role: ParticipantRole): boolean {
  return hasOfficePowers(viewer, project) || (sharedRoles(viewer, project).includes(role) && !isProjectLocked(project));
}

/**
 * Confirming a person's role opens the role's documents to them: for those
 * who read them already (admins, the chosen office, a confirmed holder of
 * that role before signature), who vouch for the person.
 */
export function canConfirmRole(viewer: Viewer, project: ProjectForAccess, person: PersonForAccess): boolean {
  if (!isInProject(project, person) || person.role_confirmed) return false;
  return confirmsRoleOnAdd(viewer, project, person.role);
}

export function canDeletePerson(viewer: Viewer, project: ProjectForAccess, person: PersonForAccess): boolean {
  if (!isInProject(project, person)) return false;
  return hasOfficePowers(viewer, project);
}

export function canMoveParticipant(viewer: Viewer, _project: ProjectForAccess): boolean {
  return isAdmin(viewer);
}

export interface MoveTarget {
  user: { isPro: boolean; isNotary: boolean; notary_office: { id: number } | null } | null;
}

/** Whether a participant may take `role` (spec section 4), with the exact toasts. */
export function canMoveParticipantTo(role: ParticipantRole, target: MoveTarget, project: ProjectKind): PermissionCheck {
  if (!rolesForProject(project.type, project.subtype).includes(role)) return refuse(PROJECT_PERMISSION_MESSAGES.roleNotInProjectKind);
  const user = target.user;
  if (role === 'intermediary' && !user?.isPro) return refuse(PROJECT_PERMISSION_MESSAGES.moveToIntermediaryRefused);
  if (role === 'office' && !(user && (user.isNotary || user.notary_office !== null))) {
    return refuse(PROJECT_PERMISSION_MESSAGES.moveToOfficeRefused);
  }
  return OK;
}

// ---------------------------------------------------------------- documents

function isOwnDocument(viewer: Viewer, owner: PersonForAccess | null): boolean {
  return owner !== null && owner.user !== null && owner.user.id === viewer.id;
}

/**
 * A person added without an account (no e-mail yet, or not signed up) cannot
 * fill in their own documents: the one who added them fills them in on their
 * behalf, and so does the office, until the person has an account. The
 * account (or, on the wire, where others' accounts are not sent, having
 * joined) ends it: the documents are theirs from then on.
 */
export function canFillOnBehalfOf(viewer: Viewer, project: ProjectForAccess, person: PersonForAccess): boolean {
  if (!isInProject(project, person) || person.user !== null || person.joined) return false;
  if (hasOfficePowers(viewer, project)) return true;
  if (!canOpenProject(viewer, project) || isProjectLocked(project)) return false;
  return person.added_by !== undefined && person.added_by !== null && person.added_by === viewer.id;
}

/**
 * `owner` null is an unassigned document. One's own documents stay readable
 * after signature; only editing locks. Role mates and intermediaries read
 * through confirmed roles only (`sharedRoles`).
 */
export function canViewDocumentOf(viewer: Viewer, project: ProjectForAccess, owner: PersonForAccess | null): boolean {
  if (owner !== null && !isInProject(project, owner)) return false;
  if (hasOfficePowers(viewer, project)) return true;
  if (!canOpenProject(viewer, project)) return false;
  if (isOwnDocument(viewer, owner)) return true;
  if (isProjectLocked(project)) return false;
  const roles = sharedRoles(viewer, project);
  if (owner !== null && (roles.includes(owner.role) || canFillOnBehalfOf(viewer, project, owner))) return true;
  return viewer.isPro && roles.includes('intermediary');
}

/**
 * Also guards adding a document or a file for that owner and removing a file
 * from their drawer: all of them change the owner's documents.
 */
export function canEditDocumentOf(viewer: Viewer, project: ProjectForAccess, owner: PersonForAccess | null): boolean {
  if (owner !== null && !isInProject(project, owner)) return false;
  if (hasOfficePowers(viewer, project)) return true;
  if (!canOpenProject(viewer, project) || isProjectLocked(project) || owner === null) return false;
  return isOwnDocument(viewer, owner) || sharedRoles(viewer, project).includes(owner.role) || canFillOnBehalfOf(viewer, project, owner);
}

type RoleHolder = Pick<PersonForAccess, 'id' | 'role' | 'user' | 'role_confirmed'>;

/**
 * The people a role's shared questionnaire is for: those who take part in the
 * role confirmed (`sharedRoles`), or with nobody else in it (every
 * participation of the role is theirs). A role handed out by someone outside
 * it (a buyer adding a second account as "seller") thus reads no other
 * seller's answers; a seller invited by the buyer, alone in the role, still
 * fills in the sale questionnaire. A person without an account counts as
 * they will once they join.
 */
export function sharedQuestionnairePeople<P extends RoleHolder>(
  project: { participants: readonly P[] },
  role: SharedQuestionnaireRole,
): P[] {
  const holders = project.participants.filter((p) => p.role === role);
  const samePerson = (p: P, other: P) => other.id === p.id || (p.user !== null && other.user !== null && other.user.id === p.user.id);
  return holders.filter((p) => p.role_confirmed || holders.every((other) => samePerson(p, other)));
}

/** Whether the viewer, with access through the role, is one of `sharedQuestionnairePeople`. */
function sharesRoleQuestionnaire(viewer: Viewer, project: ProjectForAccess, role: SharedQuestionnaireRole): boolean {
  return sharedQuestionnairePeople(project, role).some(
    (p) => p.user !== null && p.user.id === viewer.id && roleGrantsAccess(viewer, p.role),
  );
}

/**
 * The shared sale (or purchase) questionnaire: the office and admins; the
 * sellers (buyers) who share it, also after signature (it is their own
 * answers); the intermediaries' view of every document before signature.
 */
export function canViewSharedQuestionnaire(viewer: Viewer, project: ProjectForAccess, role: SharedQuestionnaireRole): boolean {
  if (hasOfficePowers(viewer, project)) return true;
  if (!canOpenProject(viewer, project)) return false;
  if (sharesRoleQuestionnaire(viewer, project, role)) return true;
  if (isProjectLocked(project)) return false;
  return viewer.isPro && sharedRoles(viewer, project).includes('intermediary');
}

/** Every seller (buyer) who shares it while the file is not signed; the office and admins always. */
export function canEditSharedQuestionnaire(viewer: Viewer, project: ProjectForAccess, role: SharedQuestionnaireRole): boolean {
  if (hasOfficePowers(viewer, project)) return true;
  if (!canOpenProject(viewer, project) || isProjectLocked(project)) return false;
  return sharesRoleQuestionnaire(viewer, project, role);
}

/** A document as the access rules need it: its owner, or the role it is shared by, and whether it was superseded. */
export interface DocumentForAccess {
  participant: { id: number } | null;
  shared_role?: SharedQuestionnaireRole | null;
  superseded?: boolean;
}

/** The owner as the project lists them; null for an unassigned document or one whose owner left. */
export function documentOwner<P extends { id: number }>(project: { participants: readonly P[] }, document: DocumentForAccess): P | null {
  if (document.participant === null) return null;
  const ownerId = document.participant.id;
  return project.participants.find((p) => p.id === ownerId) ?? null;
}

/**
 * The people whose answers a questionnaire holds, who see the office's
 * changes and are mailed their summary: its owner, or the people its role's
 * shared questionnaire is for (`sharedQuestionnairePeople`); nobody when it
 * is unassigned.
 */
export function questionnaireOwners<P extends RoleHolder>(project: { participants: readonly P[] }, document: DocumentForAccess): P[] {
  if (document.shared_role) return sharedQuestionnairePeople(project, document.shared_role);
  const owner = documentOwner(project, document);
  return owner ? [owner] : [];
}

/** Reading any document of the project: its owner's rule, or the shared questionnaire's. */
export function canViewProjectDocument(viewer: Viewer, project: ProjectForAccess, document: DocumentForAccess): boolean {
  if (document.shared_role) return canViewSharedQuestionnaire(viewer, project, document.shared_role);
  return canViewDocumentOf(viewer, project, documentOwner(project, document));
}

/** Changing any document of the project; a superseded copy is read only, for everyone. */
export function canEditProjectDocument(viewer: Viewer, project: ProjectForAccess, document: DocumentForAccess): boolean {
  if (document.superseded) return false;
  if (document.shared_role) return canEditSharedQuestionnaire(viewer, project, document.shared_role);
  return canEditDocumentOf(viewer, project, documentOwner(project, document));
}

export function canDeleteDocument(viewer: Viewer, project: ProjectForAccess): boolean {
  return hasOfficePowers(viewer, project);
}

export function canChangeDocumentOwner(viewer: Viewer, _project: ProjectForAccess): boolean {
  return isAdmin(viewer);
}

// ---------------------------------------------------------------- creation

/** Step 3 of the new-project wizard: may the viewer create a project of this kind in this role? */
export function checkProjectCreation(viewer: Viewer, role: ParticipantRole, type: ProjectType, subtype: ProjectSubtype): PermissionCheck {
  if (viewer.needsRoleChange) return refuse(PROJECT_PERMISSION_MESSAGES.creationRoleChangePending);
  if (!rolesForProject(type, subtype).includes(role)) return refuse(PROJECT_PERMISSION_MESSAGES.roleNotInProjectKind);
  if (role === 'intermediary' && !viewer.isPro) return refuse(PROJECT_PERMISSION_MESSAGES.creationIntermediaryReserved);
  if (role === 'office' && viewer.notary_office === null) return refuse(PROJECT_PERMISSION_MESSAGES.creationOfficeReserved);
  return OK;
}

/** The roles the wizard offers this viewer for a project kind. */
export function creationRolesFor(viewer: Viewer, type: ProjectType, subtype: ProjectSubtype): ParticipantRole[] {
  return rolesForProject(type, subtype).filter((role) => checkProjectCreation(viewer, role, type, subtype).ok);
}
