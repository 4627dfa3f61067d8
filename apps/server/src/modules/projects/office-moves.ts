import { canChangeStatus, MESSAGES, OFFICE_MOVES_SHOWN, type OfficeMove } from '@notadoo/domain';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/app-error';
import type { UserWithOffice } from '../users/user-data';
import { findOfficeMoves } from './project-data';
import { requireOpenProject } from './project-guard';

/** The project's moves between offices, newest first: for its office's members and admins (who may move it). */
export async function listOfficeMoves(ctx: AppContext, user: UserWithOffice, projectId: number): Promise<OfficeMove[]> {
  const { access, viewer } = await requireOpenProject(ctx, user, projectId);
  if (!canChangeStatus(viewer, access)) throw forbidden(MESSAGES.projectAccessDenied, 'PROJECT_ACCESS_DENIED');
  const rows = await findOfficeMoves(ctx.db, projectId, OFFICE_MOVES_SHOWN);
  return rows.map((row) => ({
    moved_at: row.movedAt.toISOString(),
    moved_by: row.firstName === null || row.lastName === null ? null : { firstName: row.firstName, lastName: row.lastName },
    from: { id: row.fromId, city: row.fromCity },
    to: { id: row.toId, city: row.toCity },
  }));
}
