import { canChangeStatus, MESSAGES, OFFICE_MOVES_SHOWN, type OfficeMove } from '@notadoo/domain';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { notaryOffices, projectOfficeMoves, users } from '../../db/schema';
import { forbidden } from '../../http/app-error';
import type { UserWithOffice } from '../users/user-data';
import { requireOpenProject } from './project-guard';

export async function recordOfficeMove(db: Db, move: { projectId: number; movedBy: number; fromOfficeId: number; toOfficeId: number; movedAt: Date }): Promise<void> {
  await db.insert(projectOfficeMoves).values(move);
}

/** The project's moves between offices, newest first: for its office's members and admins (who may move it). */
export async function listOfficeMoves(ctx: AppContext, user: UserWithOffice, projectId: number): Promise<OfficeMove[]> {
  const { access, viewer } = await requireOpenProject(ctx, user, projectId);
  if (!canChangeStatus(viewer, access)) throw forbidden(MESSAGES.projectAccessDenied, 'PROJECT_ACCESS_DENIED');
  const fromOffice = alias(notaryOffices, 'from_office');
  const toOffice = alias(notaryOffices, 'to_office');
  const rows = await ctx.db
    .select({
      movedAt: projectOfficeMoves.movedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      fromId: fromOffice.id,
      fromCity: fromOffice.city,
      toId: toOffice.id,
      toCity: toOffice.city,
    })
    .from(projectOfficeMoves)
    .innerJoin(fromOffice, eq(fromOffice.id, projectOfficeMoves.fromOfficeId))
    .innerJoin(toOffice, eq(toOffice.id, projectOfficeMoves.toOfficeId))
    .leftJoin(users, eq(users.id, projectOfficeMoves.movedBy))
    .where(eq(projectOfficeMoves.projectId, projectId))
    .orderBy(desc(projectOfficeMoves.movedAt), desc(projectOfficeMoves.id))
    .limit(OFFICE_MOVES_SHOWN);
  return rows.map((row) => ({
    moved_at: row.movedAt.toISOString(),
    moved_by: row.firstName === null || row.lastName === null ? null : { firstName: row.firstName, lastName: row.lastName },
    from: { id: row.fromId, city: row.fromCity },
    to: { id: row.toId, city: row.toCity },
  }));
}
