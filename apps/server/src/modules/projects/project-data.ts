import { DASHBOARD_PAGE_SIZE, type ProjectForAccess, type ProjectType } from '@notadoo/domain';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { jsonRowOf } from '../../db/json-rows';
import { rowsOf } from '../../db/rows';
import { preparedRawStatement, type RawColumns } from '../../db/prepared-statements';
import { documents, notaryOffices, participants, pieceRequests, projectOfficeMoves, projects, users } from '../../db/schema';
import {
  OFFICE_ROW,
  PROJECT_CARD_ROW,
  PROJECT_ROW,
  peopleByProject,
  peopleJson,
  pieceCountsByProject,
  pieceCountsJson,
  pushTo,
  type OFFICE_DERIVED_COLUMNS,
  type PERSON_OMITTED_COLUMNS,
  type PROJECT_CARD_COLUMNS,
  type PROJECT_DERIVED_COLUMNS,
  type PeopleJson,
  type PieceCountsJson,
} from './project-json-data';
import { projectPageTag, type ProjectRevision, type ProjectTagParts } from './project-revision';
import { SUMMARY_COLUMNS, summariesFromJson, summaryColumns, type SummaryJson } from './project-summary-data';

export type ProjectRow = Omit<typeof projects.$inferSelect, (typeof PROJECT_DERIVED_COLUMNS)[number]>;
export type ProjectCardRow = Pick<ProjectRow, (typeof PROJECT_CARD_COLUMNS)[number]>;
export type ParticipantRow = Omit<typeof participants.$inferSelect, (typeof PERSON_OMITTED_COLUMNS)[number]> & {
  user: { id: number; lastConnectionDate: Date | null; avatar: string | null } | null;
};
export type DocumentRow = typeof documents.$inferSelect;
export type OfficeRow = Omit<typeof notaryOffices.$inferSelect, (typeof OFFICE_DERIVED_COLUMNS)[number]>;

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
  project: ProjectCardRow;
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
  /** The revisions of the file and of its office (migration 0220), for the page's entity tag. */
  revision: string;
  officeRevision: string | null;
  office: OfficeRow | null;
  participants: ParticipantRow[];
  documents: DocumentRow[];
  pieceCounts: PieceCount[];
}

const DOCUMENT_ROW = jsonRowOf<DocumentRow>(documents);

/** Built once per list (a placeholder or a subquery), and prepared (see db/prepared-statements.ts). */
function loadQuery(list: SQL): SQL {
  return sql`SELECT
    (SELECT json_agg(json_build_array(${PROJECT_ROW.build('p')}, CASE WHEN o.id IS NULL THEN NULL ELSE ${OFFICE_ROW.build('o')} END,
        p.revision::text, o.revision::text))
      FROM projects p LEFT JOIN notary_offices o ON o.id = p.notary_office_id WHERE p.id = ANY(${list})) AS projects,
    ${peopleJson(list)} AS people,
    (SELECT json_agg(${DOCUMENT_ROW.build('d')} ORDER BY d.id) FROM documents d WHERE d.project_id = ANY(${list})) AS documents,
    ${pieceCountsJson(list)} AS pieces`;
}

interface LoadJson {
  /** Per file: its columns, its office's (null without one), their revisions. */
  projects: Array<[unknown[], unknown[] | null, string, string | null]> | null;
  people: PeopleJson;
  documents: unknown[][] | null;
  pieces: PieceCountsJson;
}

const LOAD_COLUMNS: RawColumns<LoadJson> = { projects: true, people: true, documents: true, pieces: true };
const LOAD_OF_DOCUMENT_COLUMNS: RawColumns<LoadJson & { project_id: number | null }> = { project_id: true, ...LOAD_COLUMNS };

/**
 * Loads projects with their office, participants, documents and piece
 * counts, in the order of `ids`: one statement whatever the count, answering
 * JSON values (db/json-rows.ts) — one round trip and one pooled connection
 * where four statements took four of each on every file page and save.
 */
export async function loadProjects(db: Db, ids: readonly number[]): Promise<LoadedProject[]> {
  if (ids.length === 0) return [];
  const [answer] = await preparedRawStatement<LoadJson>(db, 'load_projects', LOAD_COLUMNS, () =>
    loadQuery(sql`${sql.placeholder('ids')}::int[]`),
  ).execute({ ids });
  return fromJson(answer!, ids);
}

/** The file a document belongs to, in the same one statement (the document is among its `documents`). */
export async function loadProjectOfDocument(db: Db, documentId: number): Promise<LoadedProject | undefined> {
  const [answer] = await preparedRawStatement<LoadJson & { project_id: number | null }>(
    db,
    'load_project_of_document',
    LOAD_OF_DOCUMENT_COLUMNS,
    () => {
      const projectOf = sql`(SELECT d.project_id FROM documents d WHERE d.id = ${sql.placeholder('documentId')})`;
      return sql`SELECT ${projectOf} AS project_id, l.* FROM (${loadQuery(sql`ARRAY[${projectOf}]`)}) l`;
    },
  ).execute({ documentId });
  return answer!.project_id === null ? undefined : fromJson(answer!, [answer!.project_id])[0];
}

function fromJson(answer: LoadJson, ids: readonly number[]): LoadedProject[] {
  const people = peopleByProject(answer.people);
  const pieceCounts = pieceCountsByProject(answer.pieces);
  const docs = new Map<number, DocumentRow[]>();
  for (const values of answer.documents ?? []) {
    const document = DOCUMENT_ROW.read(values);
    pushTo(docs, document.projectId, document);
  }
  const byId = new Map(
    (answer.projects ?? []).map(([project, office, revision, officeRevision]) => {
      const row = { project: PROJECT_ROW.read(project), office: office && OFFICE_ROW.read(office), revision, officeRevision };
      return [row.project.id, row];
    }),
  );
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [{ ...row, participants: people.get(id) ?? [], documents: docs.get(id) ?? [], pieceCounts: pieceCounts.get(id) ?? [] }];
  });
}

/**
 * One file, by a statement of its own: PostgreSQL plans `= ANY($1)` for an
 * array of unknown length as if it held ten ids, so the list's generic plan
 * never looks cheaper than a custom one and the list's statement is planned
 * again on every call; an array of one id it plans once and keeps.
 */
export async function loadProject(db: Db, id: number): Promise<LoadedProject | undefined> {
  const [answer] = await preparedRawStatement<LoadJson>(db, 'load_project', LOAD_COLUMNS, () =>
    loadQuery(sql`ARRAY[${sql.placeholder('id')}::int]`),
  ).execute({ id });
  return fromJson(answer!, [id])[0];
}

/** A dashboard page's one row: its ids and cursors, and their summaries. */
type PageRow = SummaryJson & { page: Array<[number, string]> | null };
const PAGE_COLUMNS: RawColumns<PageRow> = { page: true, ...SUMMARY_COLUMNS };

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
 * One page of the non-archived projects (or, asked, the archived
 * ones: partial indexes of migration 0190) a user sees on the dashboard, newest first, with their summaries, and the cursor of the next page (undefined on the
 * last), in one statement. Keyset paging on (created_at, id) with the partial indexes of
 * migration 0060: a page costs the same on the first and the thousandth page.
 * A member's page is the union of two short ordered reads, each stopping after
 * one page: the projects they take part in, and their office's (rather than
 * `EXISTS ... OR`, which defeats both indexes and scans every project).
 * The name search reads `search_name` (folded name, trigram index of
 * migration 0061), one condition per word.
 *
 * Without a filter (the dashboard as it opens, and "Afficher plus"), the
 * statement is one of a few fixed texts with placeholders, prepared once
 * and planned once per connection (PostgreSQL planned it on every call, in
 * about 1 ms, longer than it runs). Its limits are written in the text: a
 * `LIMIT $n` is planned as if it kept a tenth of the rows, which made the
 * generic plan look costlier than a custom one, so PostgreSQL planned the
 * prepared statement again on every call all the same.
 * With a search, type, status, city or another page size, it is planned for
 * its values.
 */
export async function findDashboardPage(
  db: Db,
  user: { id: number; notaryOfficeId: number | null },
  query: DashboardPageQuery,
): Promise<{ projects: ProjectForSummary[]; next?: DashboardCursor }> {
  const filtered = Boolean(query.search || query.type || query.status !== undefined || query.city !== undefined || query.archived);
  const prepared = !filtered && query.limit === DASHBOARD_PAGE_SIZE;
  if (!Number.isSafeInteger(query.limit) || query.limit < 1) throw new RangeError(`page size ${query.limit}`);
  const limit = sql.raw(String(query.limit));
  const take = sql.raw(String(query.limit + 1));
  const values = {
    userId: user.id,
    officeId: user.notaryOfficeId,
    afterAt: query.after?.createdAt,
    afterId: query.after?.id,
  };
  // A value is a placeholder in the prepared texts, a bound parameter otherwise.
  const value = (key: keyof typeof values) => (prepared ? sql.placeholder(key) : sql`${values[key]}`);
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
    // Each branch reads the page's card columns with its keyset: the cards are then built from these rows.
    const ordered = (membership?: SQL) =>
      sql`(SELECT ${PROJECT_CARD_ROW.columns('p')} FROM projects p WHERE ${sql.join(membership ? [...filters, membership] : filters, sql` AND `)}
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${take})`;
    let pages: SQL;
    if (query.everything) pages = ordered();
    else {
      const branches = [ordered(sql`p.id IN (SELECT pa.project_id FROM participants pa WHERE pa.user_id = ${value('userId')}::int)`)];
      if (user.notaryOfficeId !== null) branches.push(ordered(sql`p.notary_office_id = ${value('officeId')}::int`));
      pages = sql.join(branches, sql` UNION `);
    }
    // One more than the page tells whether a next one exists; the summaries are read for the page only, in the same statement.
    return sql`WITH page AS (SELECT page.* FROM (${pages}) AS page ORDER BY page.created_at DESC, page.id DESC LIMIT ${take})
      SELECT (SELECT json_agg(json_build_array(page.id, page.created_at::text) ORDER BY page.created_at DESC, page.id DESC) FROM page) AS page,
        ${summaryColumns(
          sql`ARRAY(SELECT page.id FROM page ORDER BY page.created_at DESC, page.id DESC LIMIT ${limit})`,
          sql`(SELECT * FROM page ORDER BY page.created_at DESC, page.id DESC LIMIT ${limit})`,
        )}`;
  };
  let row: PageRow;
  if (!prepared) {
    row = (await rowsOf<PageRow>(db, build()))[0]!;
  } else {
    const shape = `${query.everything ? 'all' : user.notaryOfficeId === null ? 'member' : 'office_member'}${query.after ? '_after' : ''}`;
    row = (await preparedRawStatement<PageRow>(db, `dashboard_${shape}`, PAGE_COLUMNS, build).execute(values))[0]!;
  }
  const rows = row.page ?? [];
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    projects: summariesFromJson(
      row,
      page.map(([id]) => id),
    ),
    next: rows.length > query.limit && last ? { createdAt: last[1], id: last[0] } : undefined,
  };
}

/** Changes a project's own columns (name, status, office, cover) and its `updated_at`. */
export async function updateProject(db: Db, id: number, changes: Partial<typeof projects.$inferInsert>): Promise<void> {
  await db
    .update(projects)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(projects.id, id));
}

/** A new file; answers its id. */
export async function insertProject(db: Db, row: typeof projects.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(projects).values(row).returning({ id: projects.id });
  return inserted!.id;
}

/**
 * Archives (or restores) the file only if it is not so already, and touches
 * its `updated_at`: answers false when it already was, so of two requests at
 * once one changes the file and the other learns it did nothing.
 */
export async function setArchivedUnlessAlready(db: Db, id: number, archived: boolean, at: Date): Promise<boolean> {
  const changed = await db
    .update(projects)
    .set({ isArchived: archived, updatedAt: at })
    .where(and(eq(projects.id, id), eq(projects.isArchived, !archived)))
    .returning({ id: projects.id });
  return changed.length > 0;
}

/** The row of `findProjectRevision`. */
interface RevisionRow {
  status: number;
  creator_id: number | null;
  notary_office_id: number | null;
  revision: string;
  office_revision: string | null;
  people: Array<{
    id: number;
    role: ProjectForAccess['participants'][number]['role'];
    user_id: number | null;
    last_connection: string | null;
    avatar: string | null;
    added_by: number | null;
    role_confirmed: boolean;
  }>;
}

const REVISION_COLUMNS: RawColumns<RevisionRow> = {
  status: true,
  creator_id: true,
  notary_office_id: true,
  revision: true,
  office_revision: true,
  people: true,
};

/**
 * The rows the revisions of migration 0220 are bumped on: `projects.revision`
 * by any change of the file, its people, documents or pieces; the office's;
 * and what the page shows of the people's accounts (a photo, a last
 * connection). The people are also what access is decided on, so the check
 * and the tag come from one snapshot.
 */
export async function findProjectRevision(db: Db, id: number): Promise<ProjectRevision | undefined> {
  const statement = preparedRawStatement<RevisionRow>(
    db,
    'project_revision',
    REVISION_COLUMNS,
    () => sql`
      SELECT p.status, p.creator_id, p.notary_office_id, p.revision::text AS revision, o.revision::text AS office_revision,
        coalesce((
          SELECT json_agg(json_build_object('id', pa.id, 'role', pa.role, 'user_id', u.id, 'last_connection', u.last_connection_date,
                   'avatar', u.avatar, 'added_by', pa.added_by, 'role_confirmed', pa.role_confirmed) ORDER BY pa.id)
          FROM participants pa LEFT JOIN users u ON u.id = pa.user_id WHERE pa.project_id = p.id
        ), '[]'::json) AS people
      FROM projects p LEFT JOIN notary_offices o ON o.id = p.notary_office_id
      WHERE p.id = ${sql.placeholder('id')}`,
  );
  const [row] = await statement.execute({ id });
  if (!row) return undefined;
  const people = typeof row.people === 'string' ? (JSON.parse(row.people) as RevisionRow['people']) : row.people;
  const access: ProjectForAccess = {
    status: row.status,
    creator: row.creator_id,
    notary_office: row.notary_office_id === null ? null : { id: row.notary_office_id },
    participants: people.map((p) => ({
      id: p.id,
      role: p.role,
      user: p.user_id === null ? null : { id: p.user_id },
      joined: p.user_id !== null && p.last_connection !== null,
      added_by: p.added_by,
      role_confirmed: p.role_confirmed,
    })),
  };
  const parts: ProjectTagParts = {
    id,
    revision: row.revision,
    officeRevision: row.office_revision,
    people: people.map((p) => ({
      id: p.id,
      userId: p.user_id,
      avatar: p.avatar,
      lastConnection: p.last_connection === null ? null : new Date(p.last_connection),
    })),
    access,
  };
  return { access, tagFor: (viewer) => projectPageTag(parts, viewer) };
}

export async function recordOfficeMove(
  db: Db,
  move: { projectId: number; movedBy: number; fromOfficeId: number; toOfficeId: number; movedAt: Date },
): Promise<void> {
  await db.insert(projectOfficeMoves).values(move);
}

/** A move of a file between offices, with who moved it (null once their account is gone). */
export interface OfficeMoveRow {
  movedAt: Date;
  firstName: string | null;
  lastName: string | null;
  fromId: number;
  fromCity: string;
  toId: number;
  toCity: string;
}

/** The file's last `limit` moves between offices, newest first. */
export async function findOfficeMoves(db: Db, projectId: number, limit: number): Promise<OfficeMoveRow[]> {
  const fromOffice = alias(notaryOffices, 'from_office');
  const toOffice = alias(notaryOffices, 'to_office');
  return db
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
    .limit(limit);
}
