import { canEditDocumentOf, canViewDocumentOf, MESSAGES, projectAccess, type PersonForAccess, type ProjectForAccess, type Viewer } from '@notadoo/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { documents } from '../../db/schema';
import { forbidden, notFound } from '../../http/app-error';
import { loadProject, type DocumentRow, type LoadedProject } from '../projects/project-data';
import { toProjectForAccess, toViewer } from '../projects/project-presenter';
import type { UserWithOffice } from '../users/user-data';

export interface DocumentInProject {
  document: DocumentRow;
  loaded: LoadedProject;
  access: ProjectForAccess;
  owner: PersonForAccess | null;
  viewer: Viewer;
}

/** A document with its project, and who owns it, as the permission functions see them. 404 when absent. */
export async function loadDocumentInProject(ctx: AppContext, user: UserWithOffice, documentId: number): Promise<DocumentInProject> {
  const [document] = await ctx.db.select().from(documents).where(eq(documents.id, documentId));
  if (!document) throw notFound("Ce document n'existe pas.");
  const loaded = (await loadProject(ctx.db, document.projectId))!;
  const access = toProjectForAccess(loaded);
  const owner = access.participants.find((p) => p.id === document.participantId) ?? null;
  return { document, loaded, access, owner, viewer: toViewer(user) };
}

/**
 * The document if the user may read it: 403 with the project message when
 * the project itself is closed to them, 403 otherwise.
 */
export async function requireReadableDocument(ctx: AppContext, user: UserWithOffice, documentId: number): Promise<DocumentInProject> {
  const found = await loadDocumentInProject(ctx, user, documentId);
  if (projectAccess(found.viewer, found.access) !== 'full') throw forbidden(MESSAGES.projectAccessDenied);
  if (!canViewDocumentOf(found.viewer, found.access, found.owner)) throw forbidden("Erreur : Vous n'avez pas accès à ce document.");
  return found;
}

/** Whether the user may change the document (owner's role while status < 5, office members, admins). */
export function canEditDocument(found: DocumentInProject): boolean {
  return projectAccess(found.viewer, found.access) === 'full' && canEditDocumentOf(found.viewer, found.access, found.owner);
}
