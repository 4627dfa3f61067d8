import { describe, expect, it } from 'vitest';
import { testViewer } from './testing/viewer';
import type { ParticipantRole } from './project';
import {
  canAddPerson,
  canChangePersonEmail,
  canSeePersonEmail,
  canArchiveProject,
  canRestoreProject,
  canSeePersonActivity,
  mayChangeArchiveState,
  canChangeCover,
  canChangeDocumentOwner,
  canChangeOffice,
  canChangeStatus,
  canDeleteDocument,
  canDeletePerson,
  canEditDocumentOf,
  canEditPerson,
  canFilterByOfficeCity,
  canListOpenProjects,
  canMoveParticipant,
  canMoveParticipantTo,
  canOpenProject,
  canRenameProject,
  canSubmitToNotary,
  canTransferFiles,
  canViewDocumentOf,
  canConfirmRole,
  checkProjectCreation,
  confirmsRoleOnAdd,
  sharedRoles,
  creationRolesFor,
  isProjectLocked,
  projectAccess,
  PROJECT_PERMISSION_MESSAGES as M,
  viewerRoles,
  type PersonForAccess,
  type ProjectForAccess,
  type ProjectKind,
  type Viewer,
} from './permissions';

// ------------------------------------------------------------------ fixtures

type Project = ProjectForAccess & ProjectKind;

const CHOSEN_OFFICE = { id: 1 };
const OTHER_OFFICE = { id: 2 };

const user = testViewer;

let nextPersonId = 1;
const person = (role: ParticipantRole, userId: number | null, loggedIn = true, confirmed = true): PersonForAccess => ({
  id: nextPersonId++,
  role,
  user: userId === null ? null : { id: userId },
  joined: userId !== null && loggedIn,
  role_confirmed: confirmed,
});

/**
 * For every role of the kind: the actor's own participation (user `actorIds[role]`,
 * logged in), a role mate who has logged in (user +100) and one who never has
 * (user +200). Plus one person without an account.
 */
function project(
  kind: ProjectKind,
  actorIds: Partial<Record<ParticipantRole, number>>,
  creator: number,
  noAccountRole: ParticipantRole,
): Project {
  const participants = Object.entries(actorIds).flatMap(([role, id]) => [
    person(role as ParticipantRole, id),
    person(role as ParticipantRole, id + 100),
    person(role as ParticipantRole, id + 200, false),
  ]);
  participants.push(person(noAccountRole, null));
  return { ...kind, status: 2, creator, notary_office: CHOSEN_OFFICE, participants };
}

const realty = project({ type: 'realty', subtype: 'house' }, { seller: 10, buyer: 11, intermediary: 12, office: 13 }, 10, 'buyer');
const settlement = project({ type: 'succession', subtype: 'settlement' }, { heir: 50, spouse: 51 }, 50, 'spouse');
const balance = project({ type: 'succession', subtype: 'balance' }, { client: 60, office: 61 }, 60, 'client');

interface Actor {
  viewer: Viewer;
  project: Project;
  /** The role whose mates are "same role" (seller for non-participants). */
  role: ParticipantRole;
  /** A role of the same project the actor does not hold. */
  otherRole: ParticipantRole;
  /** A role that does not exist in the actor's project kind. */
  foreignRole: ParticipantRole;
}

const ACTORS = {
  admin: {
    viewer: user(1, { roles: ['ROLE_USER', 'ROLE_ADMIN'] }),
    project: realty,
    role: 'seller',
    otherRole: 'buyer',
    foreignRole: 'heir',
  },
  seller: { viewer: user(10), project: realty, role: 'seller', otherRole: 'buyer', foreignRole: 'heir' },
  buyer: { viewer: user(11), project: realty, role: 'buyer', otherRole: 'seller', foreignRole: 'heir' },
  heir: { viewer: user(50), project: settlement, role: 'heir', otherRole: 'spouse', foreignRole: 'client' },
  spouse: { viewer: user(51), project: settlement, role: 'spouse', otherRole: 'heir', foreignRole: 'client' },
  client: { viewer: user(60), project: balance, role: 'client', otherRole: 'office', foreignRole: 'seller' },
  'intermediary (pro)': {
    viewer: user(12, { isPro: true }),
    project: realty,
    role: 'intermediary',
    otherRole: 'seller',
    foreignRole: 'heir',
  },
  'intermediary (not pro)': { viewer: user(12), project: realty, role: 'intermediary', otherRole: 'seller', foreignRole: 'heir' },
  'office participant': {
    viewer: user(13, { isNotary: true, notary_office: OTHER_OFFICE }),
    project: realty,
    role: 'office',
    otherRole: 'seller',
    foreignRole: 'heir',
  },
  'office participant (no office)': { viewer: user(13), project: realty, role: 'office', otherRole: 'seller', foreignRole: 'heir' },
  'chosen-office notary': {
    viewer: user(30, { isNotary: true, notary_office: CHOSEN_OFFICE }),
    project: realty,
    role: 'seller',
    otherRole: 'buyer',
    foreignRole: 'heir',
  },
  'other-office notary': {
    viewer: user(31, { isNotary: true, notary_office: OTHER_OFFICE }),
    project: realty,
    role: 'seller',
    otherRole: 'buyer',
    foreignRole: 'heir',
  },
  unrelated: { viewer: user(40), project: realty, role: 'seller', otherRole: 'buyer', foreignRole: 'heir' },
} satisfies Record<string, Actor>;
type ActorName = keyof typeof ACTORS;

const atStatus = (p: Project, status: number): Project => ({ ...p, status });
const participantsOf = (p: Project, role: ParticipantRole) => p.participants.filter((x) => x.role === role);
const find = (p: Project, test: (x: PersonForAccess) => boolean): PersonForAccess => {
  const found = p.participants.find(test);
  if (!found) throw new Error('fixture: no such participant');
  return found;
};
const own = (a: Actor, p: Project) => find(p, (x) => x.user?.id === a.viewer.id);
/** Someone else with the actor's role (or a seller for non-participants). */
const mate = (a: Actor, p: Project, loggedIn: boolean) =>
  find(p, (x) => x.role === a.role && x.user !== null && x.user.id !== a.viewer.id && x.joined === loggedIn);
const otherRoleMember = (a: Actor, p: Project) => participantsOf(p, a.otherRole)[0]!;
const noAccount = (p: Project) => find(p, (x) => x.user === null);

type Action = (a: Actor, p: Project) => unknown;

const ACTIONS = {
  projectAccess: (a, p) => projectAccess(a.viewer, p),
  viewerRoles: (a, p) => viewerRoles(a.viewer, p),
  canOpenProject: (a, p) => canOpenProject(a.viewer, p),
  canChangeStatus: (a, p) => canChangeStatus(a.viewer, p),
  canSubmitToNotary: (a, p) => canSubmitToNotary(a.viewer, p),
  canChangeOffice: (a, p) => canChangeOffice(a.viewer, p),
  canRenameProject: (a, p) => canRenameProject(a.viewer, p),
  canChangeCover: (a, p) => canChangeCover(a.viewer, p),
  canArchiveProject: (a, p) => canArchiveProject(a.viewer, { ...p, is_archived: false }),
  canTransferFiles: (a, p) => canTransferFiles(a.viewer, p),
  canListOpenProjects: (a) => canListOpenProjects(a.viewer),
  canFilterByOfficeCity: (a) => canFilterByOfficeCity(a.viewer),
  'canEditPerson(same role, never logged in)': (a, p) => canEditPerson(a.viewer, p, mate(a, p, false)),
  'canEditPerson(same role, logged in)': (a, p) => canEditPerson(a.viewer, p, mate(a, p, true)),
  'canEditPerson(other role, logged in)': (a, p) => canEditPerson(a.viewer, p, otherRoleMember(a, p)),
  'canEditPerson(no account)': (a, p) => canEditPerson(a.viewer, p, noAccount(p)),
  'canAddPerson(role of the kind)': (a, p) => canAddPerson(a.viewer, p, a.otherRole),
  'canAddPerson(role of another kind)': (a, p) => canAddPerson(a.viewer, p, a.foreignRole),
  canDeletePerson: (a, p) => canDeletePerson(a.viewer, p, otherRoleMember(a, p)),
  canMoveParticipant: (a, p) => canMoveParticipant(a.viewer, p),
  'canViewDocumentOf(own)': (a, p) => canViewDocumentOf(a.viewer, p, own(a, p)),
  'canViewDocumentOf(same role)': (a, p) => canViewDocumentOf(a.viewer, p, mate(a, p, true)),
  'canViewDocumentOf(other role)': (a, p) => canViewDocumentOf(a.viewer, p, otherRoleMember(a, p)),
  'canViewDocumentOf(unassigned)': (a, p) => canViewDocumentOf(a.viewer, p, null),
  'canEditDocumentOf(own)': (a, p) => canEditDocumentOf(a.viewer, p, own(a, p)),
  'canEditDocumentOf(same role)': (a, p) => canEditDocumentOf(a.viewer, p, mate(a, p, true)),
  'canEditDocumentOf(other role)': (a, p) => canEditDocumentOf(a.viewer, p, otherRoleMember(a, p)),
  'canEditDocumentOf(unassigned)': (a, p) => canEditDocumentOf(a.viewer, p, null),
  canDeleteDocument: (a, p) => canDeleteDocument(a.viewer, p),
  canChangeDocumentOwner: (a, p) => canChangeDocumentOwner(a.viewer, p),
} satisfies Record<string, Action>;
type ActionName = keyof typeof ACTIONS;

// ------------------------------------------------------------------ the matrix

/**
 * One row per actor × action: the expected answer while the project is open
 * (status 2, office chosen) and once signed (status 5). Non-participants
 * (admin, notaries who are not participants, unrelated) have no own documents,
 * hence no "(own)" rows; their "same role" is a seller.
 */
const MATRIX: Array<[ActorName, ActionName, open: unknown, signed: unknown]> = [
  // actor                  action                                         status 2   status 5
  ['admin', 'projectAccess', 'full', 'full'],
  ['admin', 'viewerRoles', [], []],
  ['admin', 'canOpenProject', true, true],
  ['admin', 'canChangeStatus', true, true],
  ['admin', 'canSubmitToNotary', true, false],
  ['admin', 'canChangeOffice', true, true],
  ['admin', 'canRenameProject', true, true],
  ['admin', 'canChangeCover', true, true],
  ['admin', 'canArchiveProject', true, true],
  ['admin', 'canTransferFiles', true, true],
  ['admin', 'canListOpenProjects', true, true],
  ['admin', 'canFilterByOfficeCity', true, true],
  ['admin', 'canEditPerson(same role, never logged in)', true, true],
  ['admin', 'canEditPerson(same role, logged in)', true, true],
  ['admin', 'canEditPerson(other role, logged in)', true, true],
  ['admin', 'canEditPerson(no account)', true, true],
  ['admin', 'canAddPerson(role of the kind)', true, true],
  ['admin', 'canAddPerson(role of another kind)', false, false],
  ['admin', 'canDeletePerson', true, true],
  ['admin', 'canMoveParticipant', true, true],
  ['admin', 'canViewDocumentOf(same role)', true, true],
  ['admin', 'canViewDocumentOf(other role)', true, true],
  ['admin', 'canViewDocumentOf(unassigned)', true, true],
  ['admin', 'canEditDocumentOf(same role)', true, true],
  ['admin', 'canEditDocumentOf(other role)', true, true],
  ['admin', 'canEditDocumentOf(unassigned)', true, true],
  ['admin', 'canDeleteDocument', true, true],
  ['admin', 'canChangeDocumentOwner', true, true],

  // The seller created the realty project.
  ['seller', 'projectAccess', 'full', 'full'],
  ['seller', 'viewerRoles', ['seller'], ['seller']],
  ['seller', 'canOpenProject', true, true],
  ['seller', 'canChangeStatus', false, false],
  ['seller', 'canSubmitToNotary', true, false],
  ['seller', 'canChangeOffice', false, false],
  ['seller', 'canRenameProject', true, true],
  ['seller', 'canChangeCover', true, true],
  ['seller', 'canArchiveProject', true, false],
  ['seller', 'canTransferFiles', false, false],
  ['seller', 'canListOpenProjects', false, false],
  ['seller', 'canFilterByOfficeCity', false, false],
  ['seller', 'canEditPerson(same role, never logged in)', true, false],
  ['seller', 'canEditPerson(same role, logged in)', false, false],
  ['seller', 'canEditPerson(other role, logged in)', false, false],
  ['seller', 'canEditPerson(no account)', true, false],
  ['seller', 'canAddPerson(role of the kind)', true, false],
  ['seller', 'canAddPerson(role of another kind)', false, false],
  ['seller', 'canDeletePerson', false, false],
  ['seller', 'canMoveParticipant', false, false],
  ['seller', 'canViewDocumentOf(own)', true, true],
  ['seller', 'canViewDocumentOf(same role)', true, false],
  ['seller', 'canViewDocumentOf(other role)', false, false],
  ['seller', 'canViewDocumentOf(unassigned)', false, false],
  ['seller', 'canEditDocumentOf(own)', true, false],
  ['seller', 'canEditDocumentOf(same role)', true, false],
  ['seller', 'canEditDocumentOf(other role)', false, false],
  ['seller', 'canEditDocumentOf(unassigned)', false, false],
  ['seller', 'canDeleteDocument', false, false],
  ['seller', 'canChangeDocumentOwner', false, false],

  ['buyer', 'projectAccess', 'full', 'full'],
  ['buyer', 'viewerRoles', ['buyer'], ['buyer']],
  ['buyer', 'canOpenProject', true, true],
  ['buyer', 'canChangeStatus', false, false],
  ['buyer', 'canSubmitToNotary', true, false],
  ['buyer', 'canChangeOffice', false, false],
  ['buyer', 'canRenameProject', true, true],
  ['buyer', 'canChangeCover', true, true],
  ['buyer', 'canArchiveProject', false, false],
  ['buyer', 'canTransferFiles', false, false],
  ['buyer', 'canListOpenProjects', false, false],
  ['buyer', 'canFilterByOfficeCity', false, false],
  ['buyer', 'canEditPerson(same role, never logged in)', true, false],
  ['buyer', 'canEditPerson(same role, logged in)', false, false],
  ['buyer', 'canEditPerson(other role, logged in)', false, false],
  ['buyer', 'canEditPerson(no account)', true, false],
  ['buyer', 'canAddPerson(role of the kind)', true, false],
  ['buyer', 'canAddPerson(role of another kind)', false, false],
  ['buyer', 'canDeletePerson', false, false],
  ['buyer', 'canMoveParticipant', false, false],
  ['buyer', 'canViewDocumentOf(own)', true, true],
  ['buyer', 'canViewDocumentOf(same role)', true, false],
  ['buyer', 'canViewDocumentOf(other role)', false, false],
  ['buyer', 'canViewDocumentOf(unassigned)', false, false],
  ['buyer', 'canEditDocumentOf(own)', true, false],
  ['buyer', 'canEditDocumentOf(same role)', true, false],
  ['buyer', 'canEditDocumentOf(other role)', false, false],
  ['buyer', 'canEditDocumentOf(unassigned)', false, false],
  ['buyer', 'canDeleteDocument', false, false],
  ['buyer', 'canChangeDocumentOwner', false, false],

  // The heir created the settlement project.
  ['heir', 'projectAccess', 'full', 'full'],
  ['heir', 'viewerRoles', ['heir'], ['heir']],
  ['heir', 'canOpenProject', true, true],
  ['heir', 'canChangeStatus', false, false],
  ['heir', 'canSubmitToNotary', true, false],
  ['heir', 'canChangeOffice', false, false],
  ['heir', 'canRenameProject', true, true],
  ['heir', 'canChangeCover', true, true],
  ['heir', 'canArchiveProject', true, false],
  ['heir', 'canTransferFiles', false, false],
  ['heir', 'canListOpenProjects', false, false],
  ['heir', 'canFilterByOfficeCity', false, false],
  ['heir', 'canEditPerson(same role, never logged in)', true, false],
  ['heir', 'canEditPerson(same role, logged in)', false, false],
  ['heir', 'canEditPerson(other role, logged in)', false, false],
  ['heir', 'canEditPerson(no account)', true, false],
  ['heir', 'canAddPerson(role of the kind)', true, false],
  ['heir', 'canAddPerson(role of another kind)', false, false],
  ['heir', 'canDeletePerson', false, false],
  ['heir', 'canMoveParticipant', false, false],
  ['heir', 'canViewDocumentOf(own)', true, true],
  ['heir', 'canViewDocumentOf(same role)', true, false],
  ['heir', 'canViewDocumentOf(other role)', false, false],
  ['heir', 'canViewDocumentOf(unassigned)', false, false],
  ['heir', 'canEditDocumentOf(own)', true, false],
  ['heir', 'canEditDocumentOf(same role)', true, false],
  ['heir', 'canEditDocumentOf(other role)', false, false],
  ['heir', 'canEditDocumentOf(unassigned)', false, false],
  ['heir', 'canDeleteDocument', false, false],
  ['heir', 'canChangeDocumentOwner', false, false],

  ['spouse', 'projectAccess', 'full', 'full'],
  ['spouse', 'viewerRoles', ['spouse'], ['spouse']],
  ['spouse', 'canOpenProject', true, true],
  ['spouse', 'canChangeStatus', false, false],
  ['spouse', 'canSubmitToNotary', true, false],
  ['spouse', 'canChangeOffice', false, false],
  ['spouse', 'canRenameProject', true, true],
  ['spouse', 'canChangeCover', true, true],
  ['spouse', 'canArchiveProject', false, false],
  ['spouse', 'canTransferFiles', false, false],
  ['spouse', 'canListOpenProjects', false, false],
  ['spouse', 'canFilterByOfficeCity', false, false],
  ['spouse', 'canEditPerson(same role, never logged in)', true, false],
  ['spouse', 'canEditPerson(same role, logged in)', false, false],
  ['spouse', 'canEditPerson(other role, logged in)', false, false],
  ['spouse', 'canEditPerson(no account)', true, false],
  ['spouse', 'canAddPerson(role of the kind)', true, false],
  ['spouse', 'canAddPerson(role of another kind)', false, false],
  ['spouse', 'canDeletePerson', false, false],
  ['spouse', 'canMoveParticipant', false, false],
  ['spouse', 'canViewDocumentOf(own)', true, true],
  ['spouse', 'canViewDocumentOf(same role)', true, false],
  ['spouse', 'canViewDocumentOf(other role)', false, false],
  ['spouse', 'canViewDocumentOf(unassigned)', false, false],
  ['spouse', 'canEditDocumentOf(own)', true, false],
  ['spouse', 'canEditDocumentOf(same role)', true, false],
  ['spouse', 'canEditDocumentOf(other role)', false, false],
  ['spouse', 'canEditDocumentOf(unassigned)', false, false],
  ['spouse', 'canDeleteDocument', false, false],
  ['spouse', 'canChangeDocumentOwner', false, false],

  // The client created the balance project; its other role is the office.
  ['client', 'projectAccess', 'full', 'full'],
  ['client', 'viewerRoles', ['client'], ['client']],
  ['client', 'canOpenProject', true, true],
  ['client', 'canChangeStatus', false, false],
  ['client', 'canSubmitToNotary', true, false],
  ['client', 'canChangeOffice', false, false],
  ['client', 'canRenameProject', true, true],
  ['client', 'canChangeCover', true, true],
  ['client', 'canArchiveProject', true, false],
  ['client', 'canTransferFiles', false, false],
  ['client', 'canListOpenProjects', false, false],
  ['client', 'canFilterByOfficeCity', false, false],
  ['client', 'canEditPerson(same role, never logged in)', true, false],
  ['client', 'canEditPerson(same role, logged in)', false, false],
  ['client', 'canEditPerson(other role, logged in)', false, false],
  ['client', 'canEditPerson(no account)', true, false],
  ['client', 'canAddPerson(role of the kind)', true, false],
  ['client', 'canAddPerson(role of another kind)', false, false],
  ['client', 'canDeletePerson', false, false],
  ['client', 'canMoveParticipant', false, false],
  ['client', 'canViewDocumentOf(own)', true, true],
  ['client', 'canViewDocumentOf(same role)', true, false],
  ['client', 'canViewDocumentOf(other role)', false, false],
  ['client', 'canViewDocumentOf(unassigned)', false, false],
  ['client', 'canEditDocumentOf(own)', true, false],
  ['client', 'canEditDocumentOf(same role)', true, false],
  ['client', 'canEditDocumentOf(other role)', false, false],
  ['client', 'canEditDocumentOf(unassigned)', false, false],
  ['client', 'canDeleteDocument', false, false],
  ['client', 'canChangeDocumentOwner', false, false],

  ['intermediary (pro)', 'projectAccess', 'full', 'full'],
  ['intermediary (pro)', 'viewerRoles', ['intermediary'], ['intermediary']],
  ['intermediary (pro)', 'canOpenProject', true, true],
  ['intermediary (pro)', 'canChangeStatus', false, false],
  ['intermediary (pro)', 'canSubmitToNotary', true, false],
  ['intermediary (pro)', 'canChangeOffice', false, false],
  ['intermediary (pro)', 'canRenameProject', true, true],
  ['intermediary (pro)', 'canChangeCover', true, true],
  ['intermediary (pro)', 'canArchiveProject', false, false],
  ['intermediary (pro)', 'canTransferFiles', false, false],
  ['intermediary (pro)', 'canListOpenProjects', false, false],
  ['intermediary (pro)', 'canFilterByOfficeCity', false, false],
  ['intermediary (pro)', 'canEditPerson(same role, never logged in)', true, false],
  ['intermediary (pro)', 'canEditPerson(same role, logged in)', false, false],
  ['intermediary (pro)', 'canEditPerson(other role, logged in)', false, false],
  ['intermediary (pro)', 'canEditPerson(no account)', true, false],
  ['intermediary (pro)', 'canAddPerson(role of the kind)', true, false],
  ['intermediary (pro)', 'canAddPerson(role of another kind)', false, false],
  ['intermediary (pro)', 'canDeletePerson', false, false],
  ['intermediary (pro)', 'canMoveParticipant', false, false],
  ['intermediary (pro)', 'canViewDocumentOf(own)', true, true],
  ['intermediary (pro)', 'canViewDocumentOf(same role)', true, false],
  ['intermediary (pro)', 'canViewDocumentOf(other role)', true, false],
  ['intermediary (pro)', 'canViewDocumentOf(unassigned)', true, false],
  ['intermediary (pro)', 'canEditDocumentOf(own)', true, false],
  ['intermediary (pro)', 'canEditDocumentOf(same role)', true, false],
  ['intermediary (pro)', 'canEditDocumentOf(other role)', false, false],
  ['intermediary (pro)', 'canEditDocumentOf(unassigned)', false, false],
  ['intermediary (pro)', 'canDeleteDocument', false, false],
  ['intermediary (pro)', 'canChangeDocumentOwner', false, false],

  // Listed with name and status only: every action is refused.
  ['intermediary (not pro)', 'projectAccess', 'partial', 'partial'],
  ['intermediary (not pro)', 'viewerRoles', [], []],
  ['intermediary (not pro)', 'canOpenProject', false, false],
  ['intermediary (not pro)', 'canChangeStatus', false, false],
  ['intermediary (not pro)', 'canSubmitToNotary', false, false],
  ['intermediary (not pro)', 'canChangeOffice', false, false],
  ['intermediary (not pro)', 'canRenameProject', false, false],
  ['intermediary (not pro)', 'canChangeCover', false, false],
  ['intermediary (not pro)', 'canArchiveProject', false, false],
  ['intermediary (not pro)', 'canTransferFiles', false, false],
  ['intermediary (not pro)', 'canListOpenProjects', false, false],
  ['intermediary (not pro)', 'canFilterByOfficeCity', false, false],
  ['intermediary (not pro)', 'canEditPerson(same role, never logged in)', false, false],
  ['intermediary (not pro)', 'canEditPerson(same role, logged in)', false, false],
  ['intermediary (not pro)', 'canEditPerson(other role, logged in)', false, false],
  ['intermediary (not pro)', 'canEditPerson(no account)', false, false],
  ['intermediary (not pro)', 'canAddPerson(role of the kind)', false, false],
  ['intermediary (not pro)', 'canAddPerson(role of another kind)', false, false],
  ['intermediary (not pro)', 'canDeletePerson', false, false],
  ['intermediary (not pro)', 'canMoveParticipant', false, false],
  ['intermediary (not pro)', 'canViewDocumentOf(own)', false, false],
  ['intermediary (not pro)', 'canViewDocumentOf(same role)', false, false],
  ['intermediary (not pro)', 'canViewDocumentOf(other role)', false, false],
  ['intermediary (not pro)', 'canViewDocumentOf(unassigned)', false, false],
  ['intermediary (not pro)', 'canEditDocumentOf(own)', false, false],
  ['intermediary (not pro)', 'canEditDocumentOf(same role)', false, false],
  ['intermediary (not pro)', 'canEditDocumentOf(other role)', false, false],
  ['intermediary (not pro)', 'canEditDocumentOf(unassigned)', false, false],
  ['intermediary (not pro)', 'canDeleteDocument', false, false],
  ['intermediary (not pro)', 'canChangeDocumentOwner', false, false],

  // A notary of another office invited into the project in the office role:
  // the file's office is not theirs, so they have the powers of a participant only.
  ['office participant', 'projectAccess', 'full', 'full'],
  ['office participant', 'viewerRoles', ['office'], ['office']],
  ['office participant', 'canOpenProject', true, true],
  ['office participant', 'canChangeStatus', false, false],
  ['office participant', 'canSubmitToNotary', true, false],
  ['office participant', 'canChangeOffice', false, false],
  ['office participant', 'canRenameProject', true, true],
  ['office participant', 'canChangeCover', true, true],
  ['office participant', 'canArchiveProject', false, false],
  ['office participant', 'canTransferFiles', false, false],
  ['office participant', 'canListOpenProjects', false, false],
  ['office participant', 'canFilterByOfficeCity', false, false],
  ['office participant', 'canEditPerson(same role, never logged in)', true, false],
  ['office participant', 'canEditPerson(same role, logged in)', false, false],
  ['office participant', 'canEditPerson(other role, logged in)', false, false],
  ['office participant', 'canEditPerson(no account)', true, false],
  ['office participant', 'canAddPerson(role of the kind)', true, false],
  ['office participant', 'canAddPerson(role of another kind)', false, false],
  ['office participant', 'canDeletePerson', false, false],
  ['office participant', 'canMoveParticipant', false, false],
  ['office participant', 'canViewDocumentOf(own)', true, true],
  ['office participant', 'canViewDocumentOf(same role)', true, false],
  ['office participant', 'canViewDocumentOf(other role)', false, false],
  ['office participant', 'canViewDocumentOf(unassigned)', false, false],
  ['office participant', 'canEditDocumentOf(own)', true, false],
  ['office participant', 'canEditDocumentOf(same role)', true, false],
  ['office participant', 'canEditDocumentOf(other role)', false, false],
  ['office participant', 'canEditDocumentOf(unassigned)', false, false],
  ['office participant', 'canDeleteDocument', false, false],
  ['office participant', 'canChangeDocumentOwner', false, false],

  // In the office role without an office nor the notary flag: partial.
  ['office participant (no office)', 'projectAccess', 'partial', 'partial'],
  ['office participant (no office)', 'viewerRoles', [], []],
  ['office participant (no office)', 'canOpenProject', false, false],
  ['office participant (no office)', 'canChangeStatus', false, false],
  ['office participant (no office)', 'canSubmitToNotary', false, false],
  ['office participant (no office)', 'canChangeOffice', false, false],
  ['office participant (no office)', 'canRenameProject', false, false],
  ['office participant (no office)', 'canChangeCover', false, false],
  ['office participant (no office)', 'canArchiveProject', false, false],
  ['office participant (no office)', 'canTransferFiles', false, false],
  ['office participant (no office)', 'canListOpenProjects', false, false],
  ['office participant (no office)', 'canFilterByOfficeCity', false, false],
  ['office participant (no office)', 'canEditPerson(same role, never logged in)', false, false],
  ['office participant (no office)', 'canEditPerson(same role, logged in)', false, false],
  ['office participant (no office)', 'canEditPerson(other role, logged in)', false, false],
  ['office participant (no office)', 'canEditPerson(no account)', false, false],
  ['office participant (no office)', 'canAddPerson(role of the kind)', false, false],
  ['office participant (no office)', 'canAddPerson(role of another kind)', false, false],
  ['office participant (no office)', 'canDeletePerson', false, false],
  ['office participant (no office)', 'canMoveParticipant', false, false],
  ['office participant (no office)', 'canViewDocumentOf(own)', false, false],
  ['office participant (no office)', 'canViewDocumentOf(same role)', false, false],
  ['office participant (no office)', 'canViewDocumentOf(other role)', false, false],
  ['office participant (no office)', 'canViewDocumentOf(unassigned)', false, false],
  ['office participant (no office)', 'canEditDocumentOf(own)', false, false],
  ['office participant (no office)', 'canEditDocumentOf(same role)', false, false],
  ['office participant (no office)', 'canEditDocumentOf(other role)', false, false],
  ['office participant (no office)', 'canEditDocumentOf(unassigned)', false, false],
  ['office participant (no office)', 'canDeleteDocument', false, false],
  ['office participant (no office)', 'canChangeDocumentOwner', false, false],

  // Our decision: the chosen office reads and manages the file without being a
  // participant, but renaming and the cover stay with the participants.
  ['chosen-office notary', 'projectAccess', 'full', 'full'],
  ['chosen-office notary', 'viewerRoles', [], []],
  ['chosen-office notary', 'canOpenProject', true, true],
  ['chosen-office notary', 'canChangeStatus', true, true],
  ['chosen-office notary', 'canSubmitToNotary', true, false],
  ['chosen-office notary', 'canChangeOffice', true, true],
  ['chosen-office notary', 'canRenameProject', false, false],
  ['chosen-office notary', 'canChangeCover', false, false],
  ['chosen-office notary', 'canArchiveProject', true, true],
  ['chosen-office notary', 'canTransferFiles', true, true],
  ['chosen-office notary', 'canListOpenProjects', false, false],
  ['chosen-office notary', 'canFilterByOfficeCity', false, false],
  ['chosen-office notary', 'canEditPerson(same role, never logged in)', true, false],
  ['chosen-office notary', 'canEditPerson(same role, logged in)', false, false],
  ['chosen-office notary', 'canEditPerson(other role, logged in)', false, false],
  ['chosen-office notary', 'canEditPerson(no account)', true, false],
  ['chosen-office notary', 'canAddPerson(role of the kind)', true, true],
  ['chosen-office notary', 'canAddPerson(role of another kind)', false, false],
  ['chosen-office notary', 'canDeletePerson', true, true],
  ['chosen-office notary', 'canMoveParticipant', false, false],
  ['chosen-office notary', 'canViewDocumentOf(same role)', true, true],
  ['chosen-office notary', 'canViewDocumentOf(other role)', true, true],
  ['chosen-office notary', 'canViewDocumentOf(unassigned)', true, true],
  ['chosen-office notary', 'canEditDocumentOf(same role)', true, true],
  ['chosen-office notary', 'canEditDocumentOf(other role)', true, true],
  ['chosen-office notary', 'canEditDocumentOf(unassigned)', true, true],
  ['chosen-office notary', 'canDeleteDocument', true, true],
  ['chosen-office notary', 'canChangeDocumentOwner', false, false],

  ['other-office notary', 'projectAccess', 'none', 'none'],
  ['other-office notary', 'viewerRoles', [], []],
  ['other-office notary', 'canOpenProject', false, false],
  ['other-office notary', 'canChangeStatus', false, false],
  ['other-office notary', 'canSubmitToNotary', false, false],
  ['other-office notary', 'canChangeOffice', false, false],
  ['other-office notary', 'canRenameProject', false, false],
  ['other-office notary', 'canChangeCover', false, false],
  ['other-office notary', 'canArchiveProject', false, false],
  ['other-office notary', 'canTransferFiles', false, false],
  ['other-office notary', 'canListOpenProjects', false, false],
  ['other-office notary', 'canFilterByOfficeCity', false, false],
  ['other-office notary', 'canEditPerson(same role, never logged in)', false, false],
  ['other-office notary', 'canEditPerson(same role, logged in)', false, false],
  ['other-office notary', 'canEditPerson(other role, logged in)', false, false],
  ['other-office notary', 'canEditPerson(no account)', false, false],
  ['other-office notary', 'canAddPerson(role of the kind)', false, false],
  ['other-office notary', 'canAddPerson(role of another kind)', false, false],
  ['other-office notary', 'canDeletePerson', false, false],
  ['other-office notary', 'canMoveParticipant', false, false],
  ['other-office notary', 'canViewDocumentOf(same role)', false, false],
  ['other-office notary', 'canViewDocumentOf(other role)', false, false],
  ['other-office notary', 'canViewDocumentOf(unassigned)', false, false],
  ['other-office notary', 'canEditDocumentOf(same role)', false, false],
  ['other-office notary', 'canEditDocumentOf(other role)', false, false],
  ['other-office notary', 'canEditDocumentOf(unassigned)', false, false],
  ['other-office notary', 'canDeleteDocument', false, false],
  ['other-office notary', 'canChangeDocumentOwner', false, false],

  ['unrelated', 'projectAccess', 'none', 'none'],
  ['unrelated', 'viewerRoles', [], []],
  ['unrelated', 'canOpenProject', false, false],
  ['unrelated', 'canChangeStatus', false, false],
  ['unrelated', 'canSubmitToNotary', false, false],
  ['unrelated', 'canChangeOffice', false, false],
  ['unrelated', 'canRenameProject', false, false],
  ['unrelated', 'canChangeCover', false, false],
  ['unrelated', 'canArchiveProject', false, false],
  ['unrelated', 'canTransferFiles', false, false],
  ['unrelated', 'canListOpenProjects', false, false],
  ['unrelated', 'canFilterByOfficeCity', false, false],
  ['unrelated', 'canEditPerson(same role, never logged in)', false, false],
  ['unrelated', 'canEditPerson(same role, logged in)', false, false],
  ['unrelated', 'canEditPerson(other role, logged in)', false, false],
  ['unrelated', 'canEditPerson(no account)', false, false],
  ['unrelated', 'canAddPerson(role of the kind)', false, false],
  ['unrelated', 'canAddPerson(role of another kind)', false, false],
  ['unrelated', 'canDeletePerson', false, false],
  ['unrelated', 'canMoveParticipant', false, false],
  ['unrelated', 'canViewDocumentOf(same role)', false, false],
  ['unrelated', 'canViewDocumentOf(other role)', false, false],
  ['unrelated', 'canViewDocumentOf(unassigned)', false, false],
  ['unrelated', 'canEditDocumentOf(same role)', false, false],
  ['unrelated', 'canEditDocumentOf(other role)', false, false],
  ['unrelated', 'canEditDocumentOf(unassigned)', false, false],
  ['unrelated', 'canDeleteDocument', false, false],
  ['unrelated', 'canChangeDocumentOwner', false, false],
];

const PARTICIPANT_ACTORS: ActorName[] = [
  'seller',
  'buyer',
  'heir',
  'spouse',
  'client',
  'intermediary (pro)',
  'intermediary (not pro)',
  'office participant',
  'office participant (no office)',
];

describe('project permissions matrix', () => {
  it('has exactly one row per actor × action (own-document rows for participants only)', () => {
    const keys = MATRIX.map(([actor, action]) => `${actor} / ${action}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const actor of Object.keys(ACTORS) as ActorName[]) {
      const expected = (Object.keys(ACTIONS) as ActionName[]).filter((a) => !a.endsWith('(own)') || PARTICIPANT_ACTORS.includes(actor));
      expect(
        MATRIX.filter(([a]) => a === actor)
          .map(([, action]) => action)
          .sort(),
      ).toEqual(expected.sort());
    }
  });

  it.for(MATRIX)('%s: %s → %o at status 2, %o at status 5', ([actor, action, open, signed]) => {
    const a = ACTORS[actor];
    expect(ACTIONS[action](a, atStatus(a.project, 2))).toEqual(open);
    expect(ACTIONS[action](a, atStatus(a.project, 5))).toEqual(signed);
  });
});

// ------------------------------------------------------------------ around the matrix

describe('project status and office', () => {
  it('locks the project from status 5 (signed) on', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((status) => isProjectLocked({ status }))).toEqual([false, false, false, false, true, true, true]);
  });

  it('offers "Transmettre au Notaire" only below status 3 and once an office is chosen', () => {
    const seller = ACTORS.seller.viewer;
    expect([1, 2, 3, 4].map((status) => canSubmitToNotary(seller, atStatus(realty, status)))).toEqual([true, true, false, false]);
    expect(canSubmitToNotary(seller, { ...realty, notary_office: null })).toBe(false);
  });

  const noOffice = { ...realty, notary_office: null };
  it.for([
    ['admin', true],
    ['seller', true],
    ['buyer', true],
    ['intermediary (pro)', true],
    ['intermediary (not pro)', false],
    ['office participant', true],
    ['office participant (no office)', false],
    // No office chosen yet, so this notary is nobody in the project.
    ['chosen-office notary', false],
    ['other-office notary', false],
    ['unrelated', false],
  ] as Array<[ActorName, boolean]>)('while no office is set, %s may choose one: %s', ([actor, expected]) => {
    expect(canChangeOffice(ACTORS[actor].viewer, noOffice)).toBe(expected);
  });
});

describe('archiving and restoring', () => {
  const archived = (p: Project, status: number) => ({ ...p, status, is_archived: true });
  const live = (p: Project, status: number) => ({ ...p, status, is_archived: false });

  it("keeps a sent file (status 3 and over) out of its creator's reach, for the office and admins only", () => {
    const seller = ACTORS.seller.viewer;
    expect([1, 2, 3, 4, 7].map((status) => canArchiveProject(seller, live(realty, status)))).toEqual([true, true, false, false, false]);
    for (const who of ['admin', 'chosen-office notary'] as const) {
      expect([1, 2, 3, 4, 7].map((status) => canArchiveProject(ACTORS[who].viewer, live(realty, status)))).toEqual([
        true,
        true,
        true,
        true,
        true,
      ]);
    }
    for (const who of ['buyer', 'intermediary (pro)', 'office participant', 'other-office notary', 'unrelated'] as const) {
      expect(canArchiveProject(ACTORS[who].viewer, live(realty, 2))).toBe(false);
    }
  });

  it('restores an archived file for the same people, and neither action applies twice', () => {
    const office = ACTORS['chosen-office notary'].viewer;
    expect(canRestoreProject(office, archived(realty, 4))).toBe(true);
    expect(canRestoreProject(ACTORS.admin.viewer, archived(realty, 6))).toBe(true);
    expect(canRestoreProject(ACTORS.seller.viewer, archived(realty, 2))).toBe(true);
    expect(canRestoreProject(ACTORS.seller.viewer, archived(realty, 3))).toBe(false);
    expect(canRestoreProject(ACTORS['other-office notary'].viewer, archived(realty, 4))).toBe(false);
    expect(canRestoreProject(ACTORS.buyer.viewer, archived(realty, 2))).toBe(false);
    expect(canRestoreProject(office, live(realty, 4))).toBe(false);
    expect(canArchiveProject(office, archived(realty, 4))).toBe(false);
    expect(mayChangeArchiveState(office, realty)).toBe(true);
  });
});

describe('what participants see of each other', () => {
  it("shows a person's account (last connection, photo) to themself, the chosen office and admins only", () => {
    const seller = own(ACTORS.seller, realty);
    const sees = (who: ActorName) => canSeePersonActivity(ACTORS[who].viewer, realty, seller);
    expect(sees('seller')).toBe(true);
    expect(sees('admin')).toBe(true);
    expect(sees('chosen-office notary')).toBe(true);
    for (const who of ['buyer', 'intermediary (pro)', 'office participant', 'other-office notary', 'unrelated'] as const)
      expect(sees(who)).toBe(false);
    // Nobody sees a person of another file through this one.
    expect(canSeePersonActivity(ACTORS.admin.viewer, balance, seller)).toBe(false);
  });
});

describe('access details', () => {
  it('counts the notary flag alone for the intermediary and office roles', () => {
    const notary = user(12, { isNotary: true });
    expect(viewerRoles(notary, realty)).toEqual(['intermediary']);
    expect(viewerRoles(user(13, { isNotary: true }), realty)).toEqual(['office']);
    expect(viewerRoles(user(13, { notary_office: OTHER_OFFICE }), realty)).toEqual(['office']);
  });

  it('gives full access when one of several participations counts', () => {
    const twice = { ...realty, participants: [...realty.participants, person('seller', 12)] };
    expect(projectAccess(user(12), twice)).toBe('full');
    expect(viewerRoles(user(12), twice)).toEqual(['seller']);
  });

  it('lists each role once', () => {
    const twice = { ...realty, participants: [...realty.participants, person('seller', 10)] };
    expect(viewerRoles(user(10), twice)).toEqual(['seller']);
  });

  it('refuses archiving to a creator who lost access', () => {
    expect(canArchiveProject(user(12), { ...realty, creator: 12, is_archived: false })).toBe(false);
    expect(canArchiveProject(user(12, { isPro: true }), { ...realty, creator: 12, is_archived: false })).toBe(true);
  });

  it('refuses transfers to a notary flag without an office', () => {
    expect(canTransferFiles(user(13, { isNotary: true }), realty)).toBe(false);
  });

  it('gives the office powers of a participation to nobody from another office', () => {
    // A Lyon notary added as buyer to a Paris file: a buyer, nothing more.
    const lyon = user(70, { isNotary: true, notary_office: OTHER_OFFICE });
    const file = { ...realty, participants: [...realty.participants, person('buyer', 70)] };
    expect(canOpenProject(lyon, file)).toBe(true);
    expect(canChangeStatus(lyon, file)).toBe(false);
    expect(canChangeOffice(lyon, file)).toBe(false);
    expect(canTransferFiles(lyon, file)).toBe(false);
    expect(canDeleteDocument(lyon, file)).toBe(false);
    expect(canViewDocumentOf(lyon, file, participantsOf(file, 'seller')[0]!)).toBe(false);
    expect(canEditDocumentOf(lyon, file, participantsOf(file, 'seller')[0]!)).toBe(false);
    expect(canViewDocumentOf(lyon, file, participantsOf(file, 'buyer')[0]!)).toBe(true);
    // Once the file is sent to Lyon, the same notary has them.
    const movedToLyon = { ...file, notary_office: OTHER_OFFICE };
    expect(canChangeStatus(lyon, movedToLyon)).toBe(true);
    expect(canViewDocumentOf(lyon, movedToLyon, participantsOf(file, 'seller')[0]!)).toBe(true);
  });
});

describe('roles given by someone who does not hold them (no climbing through a second account)', () => {
  const buyer = ACTORS.buyer.viewer;
  const seller = ACTORS.seller.viewer;
  const office = user(30, { isNotary: true, notary_office: CHOSEN_OFFICE });
  const admin = ACTORS.admin.viewer;
  const pro = ACTORS['intermediary (pro)'].viewer;
  // The buyer's second account, added by the buyer as a seller.
  const planted = person('seller', 80, true, false);
  const file = { ...realty, participants: [...realty.participants, planted] };
  const second = user(80);
  const realSeller = participantsOf(realty, 'seller')[0]!;

  it('confirms a role only when the one who adds the person reads its documents already', () => {
    expect(confirmsRoleOnAdd(buyer, realty, 'seller')).toBe(false);
    expect(confirmsRoleOnAdd(buyer, realty, 'buyer')).toBe(true);
    expect(confirmsRoleOnAdd(seller, realty, 'seller')).toBe(true);
    expect(confirmsRoleOnAdd(pro, realty, 'seller')).toBe(false);
    expect(confirmsRoleOnAdd(office, realty, 'seller')).toBe(true);
    expect(confirmsRoleOnAdd(admin, realty, 'buyer')).toBe(true);
    expect(confirmsRoleOnAdd(seller, atStatus(realty, 5), 'seller')).toBe(false);
  });

  it('lets an unconfirmed person open the file and keep their own documents, not their role mates’', () => {
    expect(canOpenProject(second, file)).toBe(true);
    expect(sharedRoles(second, file)).toEqual([]);
    expect(canViewDocumentOf(second, file, planted)).toBe(true);
    expect(canEditDocumentOf(second, file, planted)).toBe(true);
    expect(canViewDocumentOf(second, file, realSeller)).toBe(false);
    expect(canEditDocumentOf(second, file, realSeller)).toBe(false);
    expect(confirmsRoleOnAdd(second, file, 'seller')).toBe(false);
  });

  it('lets an unconfirmed intermediary read only their own documents', () => {
    const agent = user(81, { isPro: true });
    const invited = { ...realty, participants: [...realty.participants, person('intermediary', 81, true, false)] };
    expect(canViewDocumentOf(agent, invited, realSeller)).toBe(false);
    expect(canViewDocumentOf(ACTORS['intermediary (pro)'].viewer, invited, realSeller)).toBe(true);
  });

  it('is confirmed by the office, an admin or a confirmed role mate, not by the one who planted it', () => {
    expect(canConfirmRole(buyer, file, planted)).toBe(false);
    expect(canConfirmRole(second, file, planted)).toBe(false);
    expect(canConfirmRole(pro, file, planted)).toBe(false);
    expect(canConfirmRole(seller, file, planted)).toBe(true);
    expect(canConfirmRole(office, file, planted)).toBe(true);
    expect(canConfirmRole(admin, file, planted)).toBe(true);
    expect(canConfirmRole(seller, atStatus(file, 5), planted)).toBe(false);
    expect(canConfirmRole(office, file, realSeller)).toBe(false);
  });

  it('refuses persons and documents that belong to another project, even to an admin', () => {
    const admin = ACTORS.admin.viewer;
    const stranger = participantsOf(settlement, 'heir')[0]!;
    expect(canEditPerson(admin, realty, stranger)).toBe(false);
    expect(canDeletePerson(admin, realty, stranger)).toBe(false);
    expect(canViewDocumentOf(admin, realty, stranger)).toBe(false);
    expect(canEditDocumentOf(admin, realty, stranger)).toBe(false);
  });
});

describe('moving a participant', () => {
  const house = { type: 'realty', subtype: 'house' } as const;
  const settle = { type: 'succession', subtype: 'settlement' } as const;
  const account = (overrides: Partial<Viewer> = {}) => ({ user: { isPro: false, isNotary: false, notary_office: null, ...overrides } });
  const NO_ACCOUNT = { user: null };

  it.for([
    ['seller', house, NO_ACCOUNT, { ok: true }],
    ['buyer', house, account(), { ok: true }],
    ['intermediary', house, account({ isPro: true }), { ok: true }],
    ['intermediary', house, account(), { ok: false, message: M.moveToIntermediaryRefused }],
    ['intermediary', house, account({ isNotary: true }), { ok: false, message: M.moveToIntermediaryRefused }],
    ['intermediary', house, NO_ACCOUNT, { ok: false, message: M.moveToIntermediaryRefused }],
    ['office', house, account({ isNotary: true }), { ok: true }],
    ['office', house, account({ notary_office: OTHER_OFFICE }), { ok: true }],
    ['office', house, account({ isPro: true }), { ok: false, message: M.moveToOfficeRefused }],
    ['office', settle, NO_ACCOUNT, { ok: false, message: M.moveToOfficeRefused }],
    ['heir', settle, NO_ACCOUNT, { ok: true }],
    ['heir', house, account(), { ok: false, message: M.roleNotInProjectKind }],
    ['seller', settle, account(), { ok: false, message: M.roleNotInProjectKind }],
    ['client', settle, account(), { ok: false, message: M.roleNotInProjectKind }],
  ] as Array<[ParticipantRole, ProjectKind, Parameters<typeof canMoveParticipantTo>[1], unknown]>)(
    'to %s in %o with %o → %o',
    ([role, kind, target, expected]) => {
      expect(canMoveParticipantTo(role, target, kind)).toEqual(expected);
    },
  );

  it('shows the two toasts of the spec word for word', () => {
    expect(M.moveToIntermediaryRefused).toBe(
      "Impossible de déplacer ce participant : il ne possède pas de compte lié ou n'est pas marqué comme Intermédiaire Immobilier.",
    );
    expect(M.moveToOfficeRefused).toBe(
      "Impossible de déplacer ce participant : il ne possède pas de compte lié ou n'est pas marqué comme Notaire.",
    );
  });
});

describe('project creation', () => {
  const CREATORS = {
    'plain user': user(40),
    'pro user': user(41, { isPro: true }),
    'office member': user(42, { isNotary: true, notary_office: CHOSEN_OFFICE }),
    'notary without office': user(43, { isNotary: true }),
    'role change pending': user(44, { isPro: true, needsRoleChange: true }),
    admin: user(1, { roles: ['ROLE_ADMIN'] }),
  };
  type Creator = keyof typeof CREATORS;
  const ok = { ok: true };
  const no = (message: string) => ({ ok: false, message });

  it.for([
    ['plain user', 'seller', 'realty', 'appt', ok],
    ['plain user', 'buyer', 'realty', 'land', ok],
    ['plain user', 'intermediary', 'realty', 'house', no(M.creationIntermediaryReserved)],
    ['plain user', 'office', 'realty', 'house', no(M.creationOfficeReserved)],
    ['plain user', 'heir', 'succession', 'settlement', ok],
    ['plain user', 'spouse', 'succession', 'settlement', ok],
    ['plain user', 'client', 'succession', 'balance', ok],
    ['plain user', 'heir', 'realty', 'house', no(M.roleNotInProjectKind)],
    ['plain user', 'client', 'succession', 'settlement', no(M.roleNotInProjectKind)],
    ['plain user', 'seller', 'succession', 'balance', no(M.roleNotInProjectKind)],
    ['pro user', 'intermediary', 'realty', 'house', ok],
    ['pro user', 'intermediary', 'succession', 'settlement', no(M.roleNotInProjectKind)],
    ['pro user', 'office', 'realty', 'house', no(M.creationOfficeReserved)],
    ['office member', 'office', 'realty', 'appt', ok],
    ['office member', 'office', 'succession', 'balance', ok],
    ['office member', 'intermediary', 'realty', 'appt', no(M.creationIntermediaryReserved)],
    ['notary without office', 'office', 'succession', 'settlement', no(M.creationOfficeReserved)],
    ['role change pending', 'seller', 'realty', 'house', no(M.creationRoleChangePending)],
    ['role change pending', 'intermediary', 'realty', 'house', no(M.creationRoleChangePending)],
    ['admin', 'seller', 'realty', 'house', ok],
    ['admin', 'intermediary', 'realty', 'house', no(M.creationIntermediaryReserved)],
  ] as const satisfies ReadonlyArray<readonly [Creator, ParticipantRole, ...unknown[]]>)(
    '%s as %s in %s/%s → %o',
    ([creator, role, type, subtype, expected]) => {
      expect(checkProjectCreation(CREATORS[creator], role, type, subtype)).toEqual(expected);
    },
  );

  it('offers in the wizard only the roles the viewer may take', () => {
    expect(creationRolesFor(CREATORS['plain user'], 'realty', 'house')).toEqual(['seller', 'buyer']);
    expect(creationRolesFor(CREATORS['pro user'], 'realty', 'house')).toEqual(['seller', 'buyer', 'intermediary']);
    expect(creationRolesFor(CREATORS['office member'], 'succession', 'balance')).toEqual(['client', 'office']);
    expect(creationRolesFor(CREATORS['role change pending'], 'realty', 'house')).toEqual([]);
  });
});

describe('pending people’s e-mail (issue 9: read and changed by the office, admins and the one who added them only)', () => {
  const seller: PersonForAccess = { id: 1, role: 'seller', user: { id: 10 }, joined: true, added_by: null, role_confirmed: true };
  const mate: PersonForAccess = { id: 2, role: 'seller', user: { id: 11 }, joined: true, added_by: 10, role_confirmed: true };
  const pending: PersonForAccess = { id: 3, role: 'buyer', user: null, joined: false, added_by: 10, role_confirmed: true };
  const project: ProjectForAccess = { status: 2, creator: 10, notary_office: { id: 1 }, participants: [seller, mate, pending] };

  it('may be changed by the one who added them, the office and admins, not by another participant', () => {
    expect(canChangePersonEmail(user(10), project, pending)).toBe(true);
    expect(canChangePersonEmail(user(11), project, pending)).toBe(false);
    expect(canChangePersonEmail(user(20, { isNotary: true, notary_office: { id: 1 } }), project, pending)).toBe(true);
    expect(canChangePersonEmail(user(21, { roles: ['ROLE_USER', 'ROLE_ADMIN'] }), project, pending)).toBe(true);
    expect(canChangePersonEmail(user(10), project, mate)).toBe(false);
  });

  it('is seen by the person, who added them, the office and admins', () => {
    expect(canSeePersonEmail(user(11), project, mate)).toBe(true);
    expect(canSeePersonEmail(user(10), project, mate)).toBe(true);
    expect(canSeePersonEmail(user(11), project, seller)).toBe(false);
    expect(canSeePersonEmail(user(11), project, pending)).toBe(false);
    expect(canSeePersonEmail(user(20, { isNotary: true, notary_office: { id: 1 } }), project, seller)).toBe(true);
  });
});
