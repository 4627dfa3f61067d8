import {
  canReviewPieces,
  canSeePersonActivity,
  canSeePersonEmail,
  canViewPiecesOf,
  countPersonPieces,
  expandPieceCounts,
  projectProgressWithPieces,
  canViewProjectDocument,
  projectProgress,
  QUESTIONNAIRE_DOC_TYPES,
  type DocumentForAccess,
  type Participant,
  type PartialProject,
  type PersonForAccess,
  type Project,
  type ProjectDocument,
  type ProjectForAccess,
  type ProjectStatus,
  type ProjectSummary,
  type QuestionnaireDocType,
  type Viewer,
} from '@notadoo/domain';
import type { UserWithOffice } from '../users/user-data';
import { toNotaryOffice } from '../offices/office-data';
import type { DocumentRow, LoadedProject, ParticipantRow, PieceCount, ProgressPart, ProjectForSummary } from './project-data';

/** The signed-in user as the domain's permission functions see them. */
export function toViewer(user: UserWithOffice): Viewer {
  return {
    id: user.id,
    roles: user.roles,
    isPro: user.isPro,
    isNotary: user.isNotary,
    needsRoleChange: user.needsRoleChange,
    notary_office: user.office,
  };
}

function toPersonForAccess(p: ParticipantRow): PersonForAccess {
  return {
    id: p.id,
    role: p.role,
    user: p.user && { id: p.user.id },
    joined: p.user !== null && p.user.lastConnectionDate !== null,
    added_by: p.addedBy,
    role_confirmed: p.roleConfirmed,
  };
}

export function toProjectForAccess(loaded: Pick<ProjectForSummary, 'project' | 'participants'>): ProjectForAccess {
  return {
    status: loaded.project.status,
    creator: loaded.project.creatorId,
    notary_office: loaded.project.notaryOfficeId === null ? null : { id: loaded.project.notaryOfficeId },
    participants: loaded.participants.map(toPersonForAccess),
  };
}

/**
 * A participant as `viewer` sees them: the account (id, last connection,
 * photo) to themself, the chosen office and admins (`canSeePersonActivity`),
 * only the photo and whether they joined to the others; their e-mail only
 * to those canSeePersonEmail allows.
 */
function toParticipant(p: ParticipantRow, viewer: Viewer, access: ProjectForAccess, pieceCounts: readonly PieceCount[]): Participant {
  const person = toPersonForAccess(p);
  const own = pieceCounts.filter((c) => c.participantId === p.id);
  const pieces = own.length > 0 && canViewPiecesOf(viewer, access, person) ? countPersonPieces(own) : undefined;
  const account = p.user !== null && canSeePersonActivity(viewer, access, person) ? p.user : null;
  return {
    id: p.id,
    first_name: p.firstName,
    last_name: p.lastName,
    email: canSeePersonEmail(viewer, access, person) ? p.email : null,
    user: account && { id: account.id, lastConnectionDate: account.lastConnectionDate?.toISOString() ?? null, avatar: account.avatar },
    avatar: p.user?.avatar ?? null,
    joined: person.joined,
    added_by: p.addedBy !== null && p.addedBy === viewer.id ? p.addedBy : null,
    role_confirmed: p.roleConfirmed,
    roles_project: p.isCreator ? [p.role, 'creator'] : [p.role],
    role: p.role,
    ...(pieces ? { pieces } : {}),
  };
}

/** A stored document as the domain's access rules read it. */
export function toDocumentForAccess(row: Pick<DocumentRow, 'participantId' | 'sharedRole' | 'supersededAt'>): DocumentForAccess {
  return {
    participant: row.participantId === null ? null : { id: row.participantId },
    shared_role: row.sharedRole,
    superseded: row.supersededAt !== null,
  };
}

const emptyQuestionnaires = () => Object.fromEntries(QUESTIONNAIRE_DOC_TYPES.map((t) => [t, []])) as Record<QuestionnaireDocType, []>;

/** One document on the wire; the answers only for those who may read them. */
function toDocument(d: DocumentRow, readable: boolean): ProjectDocument {
  const doc: ProjectDocument = {
    id: d.id,
    participant: d.participantId === null ? null : { id: d.participantId },
    shared_role: d.sharedRole,
    superseded: d.supersededAt !== null,
    file: d.file,
    document_files: [],
    ...emptyQuestionnaires(),
  };
  if (d.kind === 'files') {
    doc.document_files.push({ id: d.id, doc_type: d.docType, files: readable ? d.files : [] });
  } else if ((QUESTIONNAIRE_DOC_TYPES as readonly string[]).includes(d.docType)) {
    doc[d.docType as QuestionnaireDocType].push({ ...(readable ? d.answers : {}), id: d.id, version: d.version, progress: d.progress });
  }
  return doc;
}

/** The file's progress: counting its pieces once it has requests (issue 22), the former formula otherwise. */
export function computeProgress(parts: ProgressPart[], pieceCounts: readonly PieceCount[] = []): number {
  const questionnaires = parts.filter((d) => d.kind === 'questionnaire');
  const fileDrawers = parts.filter((d) => d.kind === 'files');
  if (pieceCounts.length === 0) return projectProgress({ questionnaires, fileDrawers });
  return projectProgressWithPieces({ questionnaires, fileDrawers, pieces: expandPieceCounts(pieceCounts) });
}

const toProgressPart = (d: DocumentRow): ProgressPart => ({ kind: d.kind, progress: d.progress, fileCount: d.files.length });
// A superseded copy is kept to be read, not to be filled in: it no longer counts.
const countsForProgress = (d: DocumentRow): boolean => d.supersededAt === null;

export function toProjectSummary(loaded: ProjectForSummary, viewer: Viewer, access = toProjectForAccess(loaded)): ProjectSummary {
  const { project, office } = loaded;
  return {
    id: project.id,
    name: project.name,
    type: project.type,
    subtype: project.subtype,
    status: project.status as ProjectStatus,
    progress: computeProgress(loaded.progressParts, loaded.pieceCounts),
    created_at: project.createdAt.toISOString(),
    cover_image: project.coverImage,
    is_archived: project.isArchived,
    is_partial: false,
    participants: loaded.participants.map((p) => toParticipant(p, viewer, access, loaded.pieceCounts)),
    notary_office: office && toNotaryOffice(office),
    creator: project.creatorId,
    city: office?.city ?? null,
    // The office's dashboard: what waits for its review (others have nothing to review).
    ...(loaded.piecesToReview !== undefined && canReviewPieces(viewer, access) ? { pieces_to_review: loaded.piecesToReview } : {}),
  };
}

export function toProject(loaded: LoadedProject, viewer: Viewer): Project {
  const access = toProjectForAccess(loaded);
  return {
    ...toProjectSummary({ ...loaded, progressParts: loaded.documents.filter(countsForProgress).map(toProgressPart) }, viewer, access),
    documents: loaded.documents.map((d) => toDocument(d, canViewProjectDocument(viewer, access, toDocumentForAccess(d)))),
  };
}

export function toPartialProject(loaded: Pick<ProjectForSummary, 'project'>): PartialProject {
  return { id: loaded.project.id, name: loaded.project.name, status: loaded.project.status as ProjectStatus, is_partial: true };
}
