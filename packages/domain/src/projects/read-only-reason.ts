import { canEditDocumentOf, isProjectLocked, type PersonForAccess, type ProjectForAccess, type Viewer } from './permissions';

/** Why a questionnaire the viewer may read is not theirs to change, as the form says it. */
export const READ_ONLY_MESSAGES = {
  signed: 'Ce dossier est signé : ses questionnaires ne peuvent plus être modifiés.',
  closed: 'Ce dossier est classé sans suite : ses questionnaires ne peuvent plus être modifiés.',
  unassigned: "Ce questionnaire n'est attribué à aucune personne du dossier : seule l'étude notariale peut le modifier.",
  someoneElse: "Ce questionnaire appartient à une autre personne du dossier : vous pouvez le consulter, mais pas le modifier.",
} as const;

/** The status "Sans suite": locked like a signed file, but not signed. */
const CLOSED_STATUS = 7;

/**
 * Null when the viewer may change the questionnaire (`canEditDocumentOf`),
 * otherwise the reason, the file's state first: once signed, nobody's own
 * answers change any more.
 */
export function documentReadOnlyReason(viewer: Viewer, project: ProjectForAccess, owner: PersonForAccess | null): string | null {
  if (canEditDocumentOf(viewer, project, owner)) return null;
  if (isProjectLocked(project)) return project.status === CLOSED_STATUS ? READ_ONLY_MESSAGES.closed : READ_ONLY_MESSAGES.signed;
  return owner === null ? READ_ONLY_MESSAGES.unassigned : READ_ONLY_MESSAGES.someoneElse;
}
