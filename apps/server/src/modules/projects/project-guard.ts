import { MESSAGES, projectAccess, type Project, type ProjectForAccess, type Viewer } from '@notadoo/domain';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http/app-error';
import type { UserWithOffice } from '../users/user-data';
import { loadProject, type LoadedProject } from './project-data';
import { toProject, toProjectForAccess, toViewer } from './project-presenter';

/**
 * Every project-scoped call starts here: the project, if the user may fully
 * open it (404 when absent, 403 with the spec's message otherwise), with the
 * viewer and project as the domain's permission functions see them.
 */
export async function requireOpenProject(
  ctx: AppContext,
  user: UserWithOffice,
  projectId: number,
): Promise<{ loaded: LoadedProject; viewer: Viewer; access: ProjectForAccess }> {
  const loaded = await loadProject(ctx.db, projectId);
  const viewer = toViewer(user);
  const access = requireFullAccess(viewer, loaded && toProjectForAccess(loaded));
  return { loaded: loaded!, viewer, access };
}

/** 404 when the project is absent, 403 with the spec's message unless `viewer` may fully open it. */
export function requireFullAccess(viewer: Viewer, access: ProjectForAccess | undefined): ProjectForAccess {
  if (!access) throw notFound("Ce dossier n'existe pas.");
  if (projectAccess(viewer, access) !== 'full') throw forbidden(MESSAGES.projectAccessDenied, 'PROJECT_ACCESS_DENIED');
  return access;
}

/** The project as the user sees it after a change, reloaded (no access check: the change was allowed). */
export async function answerProject(ctx: AppContext, user: UserWithOffice, projectId: number): Promise<Project> {
  return toProject((await loadProject(ctx.db, projectId))!, toViewer(user));
}
