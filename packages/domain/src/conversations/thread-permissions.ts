import { hasOfficePowers, canOpenProject, type ProjectForAccess, type Viewer } from '../projects/permissions';

/**
 * Who reads and writes which thread of a file (issue 28), one function per
 * decision, deny by default. A file has three kinds of thread:
 * - `everyone`: every person the file opens to, and the office;
 * - `private`: between one participation and the office (one per participant);
 * - `office`: inside the chosen office (its members and admins).
 *
 * The everyone-thread follows the project's access (`canOpenProject`), an
 * unconfirmed participant included: whoever added them reads it already, so
 * it hands out nothing the adder does not have. Private threads are keyed by
 * participation, never by role: a second account planted by a client opens
 * its own private thread, not anybody else's.
 */

export const THREAD_KINDS = ['everyone', 'private', 'office'] as const;
export type ThreadKind = (typeof THREAD_KINDS)[number];

export interface ThreadRef {
  kind: ThreadKind;
  /** The participation of a private thread; null for the other kinds (and for a private thread whose person left). */
  participantId: number | null;
}

/** The side a message's author speaks for: read receipts tell one side when the other read. */
export type MessageSide = 'office' | 'person';

export const CONVERSATION_PERMISSION_MESSAGES = {
  threadRefused: "Vous n'avez pas accès à cette conversation.",
  withdrawRefused: 'Seul son auteur peut retirer ce message.',
  withdrawTooLate: 'Un message ne peut être retiré que dans les 5 minutes qui suivent son envoi.',
  alreadyWithdrawn: 'Ce message a déjà été retiré.',
  noOffice: "Ce dossier n'a pas encore d'office notarial : les messages seront ouverts une fois l'office choisi.",
} as const;

/** A message may be withdrawn by its author this long after sending; nothing is ever edited. */
export const WITHDRAW_WINDOW_MS = 5 * 60_000;

export function messageSide(viewer: Viewer, project: ProjectForAccess): MessageSide {
  return hasOfficePowers(viewer, project) ? 'office' : 'person';
}

function ownsParticipation(viewer: Viewer, project: ProjectForAccess, participantId: number | null): boolean {
  if (participantId === null) return false;
  return project.participants.some((p) => p.id === participantId && p.user !== null && p.user.id === viewer.id);
}

/**
 * Reading a thread (and so writing in it). Messages go between people and an
 * office: a file without a chosen office has no threads yet.
 */
export function canReadThread(viewer: Viewer, project: ProjectForAccess, thread: ThreadRef): boolean {
  if (project.notary_office === null) return false;
  if (!canOpenProject(viewer, project)) return false;
  if (hasOfficePowers(viewer, project)) {
    // A private thread of someone not (or no longer) in the file is still the office's record.
    return thread.kind !== 'private' || thread.participantId === null || project.participants.some((p) => p.id === thread.participantId);
  }
  if (thread.kind === 'everyone') return true;
  if (thread.kind === 'private') return ownsParticipation(viewer, project, thread.participantId);
  return false;
}

export const canPostInThread = canReadThread;

/** The threads the viewer sees in a file: everyone's, the office's own, and the private ones they may read. */
export function visibleThreads(viewer: Viewer, project: ProjectForAccess): ThreadRef[] {
  const candidates: ThreadRef[] = [
    { kind: 'everyone', participantId: null },
    ...project.participants.map((p): ThreadRef => ({ kind: 'private', participantId: p.id })),
    { kind: 'office', participantId: null },
  ];
  return candidates.filter((thread) => canReadThread(viewer, project, thread));
}

export interface MessageForWithdraw {
  authorUserId: number | null;
  createdAt: Date;
  withdrawn: boolean;
}

/** Its author, within 5 minutes of sending, once. */
export function checkWithdrawMessage(
  viewer: Viewer,
  message: MessageForWithdraw,
  now: Date,
): { ok: true } | { ok: false; message: string; status: 403 | 409 } {
  if (message.authorUserId === null || message.authorUserId !== viewer.id)
    return { ok: false, status: 403, message: CONVERSATION_PERMISSION_MESSAGES.withdrawRefused };
  if (message.withdrawn) return { ok: false, status: 409, message: CONVERSATION_PERMISSION_MESSAGES.alreadyWithdrawn };
  if (now.getTime() - message.createdAt.getTime() > WITHDRAW_WINDOW_MS)
    return { ok: false, status: 409, message: CONVERSATION_PERMISSION_MESSAGES.withdrawTooLate };
  return { ok: true };
}

/** Whether the withdraw button is offered now (the server decides again). */
export function canWithdrawMessage(viewer: Viewer, message: MessageForWithdraw, now: Date): boolean {
  return checkWithdrawMessage(viewer, message, now).ok;
}
