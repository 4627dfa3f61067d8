import { and, asc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { documents, notaryOffices, participants, projects, users } from '../../db/schema';

export type ProjectRow = typeof projects.$inferSelect;
export type ParticipantRow = typeof participants.$inferSelect & {
  user: { id: number; lastConnectionDate: Date | null; avatar: string | null } | null;
};
export type DocumentRow = typeof documents.$inferSelect;
export type OfficeRow = typeof notaryOffices.$inferSelect;

/** A project with everything needed to check access and answer it. */
export interface LoadedProject {
  project: ProjectRow;
  office: OfficeRow | null;
  participants: ParticipantRow[];
  documents: DocumentRow[];
}

/**
 * Loads projects with their office, participants and documents: three queries
 * whatever the count. The dashboard needs no answers (only each document's
 * progress), so `withAnswers: false` leaves the JSONB out of the transfer.
 */
export async function loadProjects(db: Db, ids: number[], { withAnswers = true } = {}): Promise<LoadedProject[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ project: projects, office: notaryOffices })
    .from(projects)
    .leftJoin(notaryOffices, eq(projects.notaryOfficeId, notaryOffices.id))
    .where(inArray(projects.id, ids))
    .orderBy(sql`${projects.createdAt} DESC`, sql`${projects.id} DESC`);
  const people = await db
    .select({ participant: participants, user: { id: users.id, lastConnectionDate: users.lastConnectionDate, avatar: users.avatar } })
    .from(participants)
    .leftJoin(users, eq(participants.userId, users.id))
    .where(inArray(participants.projectId, ids))
    .orderBy(asc(participants.id));
  const { answers: _answers, ...withoutAnswers } = getTableColumns(documents);
  const docs: DocumentRow[] = withAnswers
    ? await db.select().from(documents).where(inArray(documents.projectId, ids)).orderBy(asc(documents.id))
    : (await db.select(withoutAnswers).from(documents).where(inArray(documents.projectId, ids)).orderBy(asc(documents.id))).map((d) => ({ ...d, answers: {} }));
  return rows.map(({ project, office }) => ({
    project,
    office,
    participants: people.filter((p) => p.participant.projectId === project.id).map((p) => ({ ...p.participant, user: p.user })),
    documents: docs.filter((d) => d.projectId === project.id),
  }));
}

export async function loadProject(db: Db, id: number): Promise<LoadedProject | undefined> {
  return (await loadProjects(db, [id]))[0];
}

/**
 * Ids of the non-archived projects a user may see on the dashboard: those
 * they take part in, and those whose chosen office is theirs.
 */
export async function findDashboardProjectIds(db: Db, user: { id: number; notaryOfficeId: number | null }, everything: boolean): Promise<number[]> {
  const involved = or(
    sql`EXISTS (SELECT 1 FROM ${participants} WHERE ${participants.projectId} = ${projects.id} AND ${participants.userId} = ${user.id})`,
    user.notaryOfficeId === null ? sql`false` : eq(projects.notaryOfficeId, user.notaryOfficeId),
  );
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.isArchived, false), everything ? undefined : involved));
  return rows.map((r) => r.id);
}

/** The billing list: projects created in [from, to), archived or not. */
export async function updateProject(db: Db, id: number, changes: Partial<typeof projects.$inferInsert>): Promise<void> {
  await db.update(projects).set({ ...changes, updatedAt: new Date() }).where(eq(projects.id, id));
}
