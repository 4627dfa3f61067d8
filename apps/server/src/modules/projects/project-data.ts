import type { ProjectType } from '@notadoo/domain';
import { asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedRawStatement, preparedStatement } from '../../db/prepared-statements';
import { documents, notaryOffices, participants, pieceRequests, projects, users } from '../../db/schema';

export type ProjectRow = typeof projects.$inferSelect;
export type ParticipantRow = typeof participants.$inferSelect & {
  user: { id: number; lastConnectionDate: Date | null; avatar: string | null } | null;
};
export type DocumentRow = typeof documents.$inferSelect;
export type OfficeRow = typeof notaryOffices.$inferSelect;

/** What a project's progress is made of, one entry per document. */
export interface ProgressPart {
  kind: DocumentRow['kind'];
  progress: number;
  fileCount: number;
}

/** How many piece requests of a kind a person of the file has (issue 22): what progress and "3 / 7 reçues" need. */
export interface PieceCount {
  participantId: number;
  state: (typeof pieceRequests.$inferSelect)['state'];
  origin: (typeof pieceRequests.$inferSelect)['origin'];
  noLongerRequired: boolean;
  count: number;
}

/** A project as a dashboard line needs it: access and summary, no document content. */
export interface ProjectForSummary {
  project: ProjectRow;
  office: OfficeRow | null;
  participants: ParticipantRow[];
  progressParts: ProgressPart[];
  pieceCounts: PieceCount[];
  /** Pieces received and waiting for the office's review (issue 22); counted on the dashboard only. */
  piecesToReview?: number;
}

/** A project with everything needed to check access and answer it. */
export interface LoadedProject {
  project: ProjectRow;
  office: OfficeRow | null;
  participants: ParticipantRow[];
  documents: DocumentRow[];
  pieceCounts: PieceCount[];
}

/** The ids as one array parameter: a list of any length is one bind value. */
function anyOfIds(column: AnyColumn): SQL {
  return sql`${column} = ANY(${sql.placeholder('ids')}::int[])`;
}

/** Groups rows by project id once, instead of filtering every list per project. */
function groupByProject<T>(rows: readonly T[], projectIdOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = projectIdOf(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

/**
 * The four reads of `loadProjects`, prepared once per database handle (every
 * dashboard and project page runs them; see db/prepared-statements.ts).
 */
function projectStatements(db: Db) {
  return preparedStatement(db, 'load_projects', (handle, name) => ({
    projects: handle
      .select({ project: projects, office: notaryOffices })
      .from(projects)
      .leftJoin(notaryOffices, eq(projects.notaryOfficeId, notaryOffices.id))
      .where(anyOfIds(projects.id))
      .prepare(`${name}_projects`),
    people: handle
      .select({ participant: participants, user: { id: users.id, lastConnectionDate: users.lastConnectionDate, avatar: users.avatar } })
      .from(participants)
      .leftJoin(users, eq(participants.userId, users.id))
      .where(anyOfIds(participants.projectId))
      .orderBy(asc(participants.id))
      .prepare(`${name}_people`),
    documents: handle.select().from(documents).where(anyOfIds(documents.projectId)).orderBy(asc(documents.id)).prepare(`${name}_documents`),
    // Counts, not rows: a file's page needs how many pieces of each state each person has.
    pieceCounts: handle
      .select({
        projectId: pieceRequests.projectId,
        participantId: pieceRequests.participantId,
        state: pieceRequests.state,
        origin: pieceRequests.origin,
        noLongerRequired: pieceRequests.noLongerRequired,
        count: sql<number>`count(*)::int`,
      })
      .from(pieceRequests)
      .where(anyOfIds(pieceRequests.projectId))
      .groupBy(pieceRequests.projectId, pieceRequests.participantId, pieceRequests.state, pieceRequests.origin, pieceRequests.noLongerRequired)
      .prepare(`${name}_piece_counts`),
  }));
}

/**
 * Loads projects with their office, participants, documents and piece counts: four queries
 * whatever the count, in the order of `ids`, sent together (on PostgreSQL they
 * run on pooled connections at once).
 */
export async function loadProjects(db: Db, ids: readonly number[]): Promise<LoadedProject[]> {
  if (ids.length === 0) return [];
  const statements = projectStatements(db);
  const params = { ids };
  const [rows, people, docs, counts] = await Promise.all([
    statements.projects.execute(params),
    statements.people.execute(params),
    statements.documents.execute(params),
    statements.pieceCounts.execute(params),
  ]);
  const peopleByProject = groupByProject(people, (p) => p.participant.projectId);
  const docsByProject = groupByProject(docs, (d) => d.projectId);
  const countsByProject = groupByProject(counts, (c) => c.projectId);
  const byId = new Map(rows.map((row) => [row.project.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        project: row.project,
        office: row.office,
        participants: (peopleByProject.get(id) ?? []).map((p) => ({ ...p.participant, user: p.user })),
        documents: docsByProject.get(id) ?? [],
        pieceCounts: (countsByProject.get(id) ?? []).map(({ projectId: _projectId, ...count }) => count),
      },
    ];
  });
}

export async function loadProject(db: Db, id: number): Promise<LoadedProject | undefined> {
  return (await loadProjects(db, [id]))[0];
}

/** Where a dashboard page starts: after this project, in (created_at, id) descending order. */
export interface DashboardCursor {
  /** created_at as PostgreSQL prints it, to the microsecond (a JS Date keeps milliseconds only). */
  createdAt: string;
  id: number;
}

export interface DashboardPageQuery {
  /** Everything (admins) or only the user's: those they take part in and their office's. */
  everything: boolean;
  limit: number;
  after?: DashboardCursor;
  /** The words of the search (`searchWords`), each to be found anywhere in the name; none finds nothing. */
  search?: readonly string[];
  type?: ProjectType;
  status?: number;
  city?: string;
  /** The archived projects instead of the others ("Archivés"). */
  archived?: boolean;
}

/**
 * One page of the ids of the non-archived projects (or, asked, the archived
 * ones: partial indexes of migration 0190) a user sees on the dashboard, newest first, and the cursor of the next page (undefined on the
 * last). Keyset paging on (created_at, id) with the partial indexes of
 * migration 0060: a page costs the same on the first and the thousandth page.
 * A member's page is the union of two short ordered reads, each stopping after
 * one page: the projects they take part in, and their office's (rather than
 * `EXISTS ... OR`, which defeats both indexes and scans every project).
 * The name search reads `search_name` (folded name, trigram index of
 * migration 0061), one condition per word.
 *
 * Without a filter (the dashboard as it opens, and "Afficher plus"), the
 * statement is one of a few fixed texts with placeholders, prepared once
 * (PostgreSQL planned it on every call, in about 1 ms, longer than it runs).
 * With a search, type, status or city, it is planned for its values.
 */
export async function findDashboardPage(
  db: Db,
  user: { id: number; notaryOfficeId: number | null },
  query: DashboardPageQuery,
): Promise<{ ids: number[]; next?: DashboardCursor }> {
  const filtered = Boolean(query.search || query.type || query.status !== undefined || query.city !== undefined || query.archived);
  const values = {
    take: query.limit + 1,
    userId: user.id,
    officeId: user.notaryOfficeId,
    afterAt: query.after?.createdAt,
    afterId: query.after?.id,
  };
  // A value is a placeholder in the prepared texts, a bound parameter otherwise.
  const value = (key: keyof typeof values) => (filtered ? sql`${values[key]}` : sql.placeholder(key));
  const build = () => {
    // Written out, not bound: the planner matches a partial index's WHERE only against the text of the query.
    const filters: SQL[] = [query.archived ? sql`p.is_archived` : sql`NOT p.is_archived`];
    if (query.after) filters.push(sql`(p.created_at, p.id) < (${value('afterAt')}::timestamptz, ${value('afterId')}::int)`);
    // Words are letters and digits (`searchWords`): none is a LIKE wildcard.
    if (query.search?.length === 0) filters.push(sql`false`);
    for (const word of query.search ?? []) filters.push(sql`p.search_name LIKE ${`%${word}%`}`);
    if (query.type) filters.push(sql`p.type = ${query.type}`);
    if (query.status !== undefined) filters.push(sql`p.status = ${query.status}`);
    if (query.city !== undefined) filters.push(sql`p.notary_office_id IN (SELECT o.id FROM notary_offices o WHERE o.city = ${query.city})`);
    const ordered = (membership?: SQL) =>
      sql`(SELECT p.id, p.created_at FROM projects p WHERE ${sql.join(membership ? [...filters, membership] : filters, sql` AND `)}
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${value('take')}::int)`;
    let pages: SQL;
    if (query.everything) pages = ordered();
    else {
      const branches = [ordered(sql`p.id IN (SELECT pa.project_id FROM participants pa WHERE pa.user_id = ${value('userId')}::int)`)];
      if (user.notaryOfficeId !== null) branches.push(ordered(sql`p.notary_office_id = ${value('officeId')}::int`));
      pages = sql.join(branches, sql` UNION `);
    }
    return sql`SELECT page.id, page.created_at::text AS created_at FROM (${pages}) AS page ORDER BY page.created_at DESC, page.id DESC LIMIT ${value('take')}::int`;
  };
  type PageRow = { id: number; created_at: string };
  let rows: PageRow[];
  if (filtered) {
    // Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`.
    rows = ((await db.execute(build())) as unknown as { rows: PageRow[] }).rows;
  } else {
    const shape = `${query.everything ? 'all' : user.notaryOfficeId === null ? 'member' : 'office_member'}${query.after ? '_after' : ''}`;
    rows = await preparedRawStatement<PageRow>(db, `dashboard_page_${shape}`, build).execute(values);
  }
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { ids: page.map((r) => r.id), next: rows.length > query.limit && last ? { createdAt: last.created_at, id: last.id } : undefined };
}

/** Changes a project's own columns (name, status, office, cover) and its `updated_at`. */
export async function updateProject(db: Db, id: number, changes: Partial<typeof projects.$inferInsert>): Promise<void> {
  await db.update(projects).set({ ...changes, updatedAt: new Date() }).where(eq(projects.id, id));
}
