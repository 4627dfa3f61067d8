import {
  canEditProjectDocument,
  canViewProjectDocument,
  documentOwner,
  MESSAGES,
  projectAccess,
  type DocumentForAccess,
  type PersonForAccess,
  type ProjectForAccess,
  type Viewer,
} from '@notadoo/domain';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http/app-error';
import { loadProjectOfDocument, type DocumentRow, type LoadedProject } from '../projects/project-data';
import { toDocumentForAccess, toProjectForAccess, toViewer } from '../projects/project-presenter';
import type { UserWithOffice } from '../users/user-data';

export interface DocumentInProject {
  document: DocumentRow;
  loaded: LoadedProject;
  access: ProjectForAccess;
  owner: PersonForAccess | null;
  /** The document as the permission functions see it (owner, shared role, superseded). */
  forAccess: DocumentForAccess;
  viewer: Viewer;
}

/** A document with its project, and who owns it, as the permission functions see them. 404 when absent. */
export async function loadDocumentInProject(ctx: AppContext, user: UserWithOffice, documentId: number): Promise<DocumentInProject> {
  const loaded = await loadProjectOfDocument(ctx.db, documentId);
  const document = loaded?.documents.find((d) => d.id === documentId);
  if (!loaded || !document) throw notFound("Ce document n'existe pas.");
  const access = toProjectForAccess(loaded);
  const forAccess = toDocumentForAccess(document);
  return { document, loaded, access, owner: documentOwner(access, forAccess), forAccess, viewer: toViewer(user) };
}

/**
 * The document if the user may read it: 403 with the project message when
 * the project itself is closed to them, 403 otherwise.
 */
export async function requireReadableDocument(ctx: AppContext, user: UserWithOffice, documentId: number): Promise<DocumentInProject> {
  const found = await loadDocumentInProject(ctx, user, documentId);
  if (projectAccess(found.viewer, found.access) !== 'full') throw forbidden(MESSAGES.projectAccessDenied, 'PROJECT_ACCESS_DENIED');
  if (!canViewProjectDocument(found.viewer, found.access, found.forAccess))
    throw forbidden("Erreur : Vous n'avez pas accès à ce document.");
  return found;
}

/** Whether the user may change the document (owner's role, or the shared questionnaire's, while status < 5; office members, admins). */
export function canEditDocument(found: DocumentInProject): boolean {
  return projectAccess(found.viewer, found.access) === 'full' && canEditProjectDocument(found.viewer, found.access, found.forAccess);
}

export function canReadDocument(found: DocumentInProject): boolean {
  return canViewProjectDocument(found.viewer, found.access, found.forAccess);
}
