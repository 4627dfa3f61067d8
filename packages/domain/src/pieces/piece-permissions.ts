import {
  canEditDocumentOf,
  canViewDocumentOf,
  hasOfficePowers,
  type PersonForAccess,
  type ProjectForAccess,
  type Viewer,
} from '../projects/permissions';
import type { PieceActorKind } from './piece-states';

/**
 * Who may do what with the pieces of a file, one function per decision. A
 * piece is a document of the person asked for it: it is read and sent under
 * the documents' rules (spec 6: oneself, a confirmed role mate while the file
 * is not signed, the intermediaries' view, the chosen office and admins);
 * reviewing it and planning the signing are the office's powers.
 */

export const PIECE_PERMISSION_MESSAGES = {
  reviewRefused: "Seul l'office notarial du dossier peut examiner les pièces.",
  sendRefused: "Vous n'avez pas les droits suffisants pour envoyer cette pièce.",
  reportDateRefused: "Vous n'avez pas les droits suffisants pour indiquer la date de ce rapport.",
  signingDateRefused: "Seul l'office notarial du dossier peut fixer la date de signature.",
  pieceNotFound: "Cette pièce n'existe pas.",
  remindRefused: "Seul l'office notarial du dossier peut relancer les personnes pour leurs pièces.",
} as const;

/** Whether the viewer sees the pieces asked of `owner` (their states, files and reviews). */
export function canViewPiecesOf(viewer: Viewer, project: ProjectForAccess, owner: PersonForAccess): boolean {
  return canViewDocumentOf(viewer, project, owner);
}

/** Accept, send back for correction, refuse, waive: the chosen office's members and admins. */
export function canReviewPieces(viewer: Viewer, project: ProjectForAccess): boolean {
  return hasOfficePowers(viewer, project);
}

/** Sending a file for a piece asked of `owner` changes their documents: the same rule as their drawers. */
export function canSendPiece(viewer: Viewer, project: ProjectForAccess, owner: PersonForAccess): boolean {
  return canEditDocumentOf(viewer, project, owner);
}

/** The date (and finding) of a diagnostic report sent for `owner`: whoever may send it, the office included. */
export function canSetReportDate(viewer: Viewer, project: ProjectForAccess, owner: PersonForAccess): boolean {
  return canEditDocumentOf(viewer, project, owner);
}

/** Sending a person a reminder of their pieces now, outside the daily schedule: the office's call. */
export function canRemindPieces(viewer: Viewer, project: ProjectForAccess): boolean {
  return hasOfficePowers(viewer, project);
}

/** The planned signing date decides which reports are still valid: the office's to set. */
export function canSetSigningDate(viewer: Viewer, project: ProjectForAccess): boolean {
  return hasOfficePowers(viewer, project);
}

/** How `transitionPiece` sees the viewer: the office (or an admin), or a person of the file. */
export function pieceActorKind(viewer: Viewer, project: ProjectForAccess): PieceActorKind {
  return hasOfficePowers(viewer, project) ? 'office' : 'person';
}
