import { SUPERSEDED_QUESTIONNAIRE_TEXT } from './participant-documents';
import {
  canEditProjectDocument,
  documentOwner,
  isProjectLocked,
  type DocumentForAccess,
  type ProjectForAccess,
  type Viewer,
} from './permissions';

/** Why a questionnaire the viewer may read is not theirs to change, as the form says it. */
export const READ_ONLY_MESSAGES = {
  signed: 'Ce dossier est signé : ses questionnaires ne peuvent plus être modifiés.',
  closed: 'Ce dossier est classé sans suite : ses questionnaires ne peuvent plus être modifiés.',
  superseded: SUPERSEDED_QUESTIONNAIRE_TEXT,
  unassigned: "Ce questionnaire n'est attribué à aucune personne du dossier : seule l'étude notariale peut le modifier.",
  someoneElse: 'Ce questionnaire appartient à une autre personne du dossier : vous pouvez le consulter, mais pas le modifier.',
  otherRole: "Ce questionnaire est celui d'un autre rôle du dossier : vous pouvez le consulter, mais pas le modifier.",
} as const;

/** The status "Sans suite": locked like a signed file, but not signed. */
const CLOSED_STATUS = 7;

/**
 * Null when the viewer may change the questionnaire (`canEditProjectDocument`),
 * otherwise the reason, the file's state first: once signed, nobody's own
 * answers change any more.
 */
export function documentReadOnlyReason(viewer: Viewer, project: ProjectForAccess, document: DocumentForAccess): string | null {
  if (canEditProjectDocument(viewer, project, document)) return null;
  if (isProjectLocked(project)) return project.status === CLOSED_STATUS ? READ_ONLY_MESSAGES.closed : READ_ONLY_MESSAGES.signed;
  if (document.superseded) return READ_ONLY_MESSAGES.superseded;
  if (document.shared_role) return READ_ONLY_MESSAGES.otherRole;
  return documentOwner(project, document) === null ? READ_ONLY_MESSAGES.unassigned : READ_ONLY_MESSAGES.someoneElse;
}
