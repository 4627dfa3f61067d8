import { isAdmin } from '../accounts/roles';
import { canOpenProject, hasOfficePowers, type ProjectForAccess, type Viewer } from '../projects/permissions';
import type { HistoryEventKind } from './history-events';

/**
 * Who reads which part of a file's history: the chosen office's members and
 * admins read all of it; a participant reads the events about their own
 * answers and pieces (those naming one of their participations) and their
 * own sign-ins; nobody else reads anything.
 */
export type HistoryScope = { kind: 'all' } | { kind: 'own'; userId: number; participantIds: number[] };

export function historyScope(viewer: Viewer, project: ProjectForAccess): HistoryScope | null {
  if (hasOfficePowers(viewer, project)) return { kind: 'all' };
  // Like every document: nothing to whom the file does not open (a partial participant sees its name and status only).
  if (!canOpenProject(viewer, project)) return null;
  const participantIds = project.participants.filter((p) => p.user !== null && p.user.id === viewer.id).map((p) => p.id);
  return { kind: 'own', userId: viewer.id, participantIds };
}

export function canReadHistory(viewer: Viewer, project: ProjectForAccess): boolean {
  return historyScope(viewer, project) !== null;
}

/**
 * An entry's subjects are fixed when it is written, from the documents'
 * rules: a questionnaire's `questionnaireOwners` (a role's shared one counts
 * only the people sharing it, so a "seller" added by the buyer is no subject
 * of the real seller's answers), a piece's or a drawer's owner. The server
 * applies this rule in SQL (`findHistoryPage`: subjects overlap, own sign-ins).
 */
export function canReadHistoryEntry(
  scope: HistoryScope,
  entry: { kind: HistoryEventKind; actorUserId: number | null; subjectParticipantIds: readonly number[] },
): boolean {
  if (scope.kind === 'all') return true;
  if (entry.kind === 'sign_in') return entry.actorUserId === scope.userId;
  return entry.subjectParticipantIds.some((id) => scope.participantIds.includes(id));
}

/**
 * The address and browser of an entry: the office and admins see everyone's;
 * a participant only their own (another person's or the office's network
 * is none of theirs).
 */
export function showsHistoryOrigin(scope: HistoryScope, actorUserId: number | null): boolean {
  return scope.kind === 'all' || (actorUserId !== null && actorUserId === scope.userId);
}

/** Checking the chains is an administrator's task (it reads every file). */
export function canVerifyHistory(viewer: Pick<Viewer, 'roles'>): boolean {
  return isAdmin(viewer);
}
