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
  if (!loaded) throw notFound("Ce dossier n'existe pas.");
  const viewer = toViewer(user);
  const access = toProjectForAccess(loaded);
  if (projectAccess(viewer, access) !== 'full') throw forbidden(MESSAGES.projectAccessDenied);
  return { loaded, viewer, access };
}

/** The project as the user sees it after a change, reloaded (no access check: the change was allowed). */
export async function answerProject(ctx: AppContext, user: UserWithOffice, projectId: number): Promise<Project> {
  return toProject((await loadProject(ctx.db, projectId))!, toViewer(user));
}
