import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { preparedRawStatement } from '../../db/prepared-statements';
import { notaryOffices, participants, projects } from '../../db/schema';
import type { OfficeRow, ParticipantRow, PieceCount, ProgressPart, ProjectForSummary, ProjectRow } from './project-data';

/**
 * The dashboard's projects in one statement answering one row of JSON
 * values (projects, their offices, participants, each document's kind,
 * progress and file count, and the piece counts of issue 22), rather than three row sets. A page of 24 projects
 * is some 400 rows of 4 to 25 columns: read field by field, then mapped
 * column by column by drizzle, they cost more than the queries themselves,
 * most of all on embedded PGlite, where every field is decoded in JavaScript
 * on the request's thread. One JSON text is decoded by JSON.parse in one go.
 * The objects are built from the drizzle tables, so they keep up with schema.ts.
 */

/** Columns of a table whose JSON value is a timestamp text, to turn back into a Date. */
function timestampKeys(table: PgTable): string[] {
  return Object.entries(getTableColumns(table))
    .filter(([, column]) => column.columnType === 'PgTimestamp')
    .map(([key]) => key);
}

/** `json_build_object('firstName', alias.first_name, ...)`: a row under the drizzle names of its columns. */
function jsonRow(table: PgTable, alias: string): SQL {
  // The keys are the schema's property names (letters only), written as literals rather than 50 bind values.
  const pairs = Object.entries(getTableColumns(table)).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${sql.identifier(alias)}.${sql.identifier(column.name)}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

const PROJECT_DATES = timestampKeys(projects);
const PARTICIPANT_DATES = timestampKeys(participants);

function withDates<T>(row: Record<string, unknown>, keys: readonly string[]): T {
  for (const key of keys) if (typeof row[key] === 'string') row[key] = new Date(row[key]);
  return row as T;
}

/** Built once: the ids are the `ids` placeholder, and the statement is prepared (planned once per connection on PostgreSQL). */
function summaryQuery(): SQL {
  const list = sql`${sql.placeholder('ids')}::int[]`;
  const user = sql`CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'lastConnectionDate', u.last_connection_date, 'avatar', u.avatar) END`;
  return sql`SELECT
    (SELECT json_agg(${jsonRow(projects, 'p')}) FROM projects p WHERE p.id = ANY(${list})) AS projects,
    (SELECT json_agg(${jsonRow(notaryOffices, 'o')}) FROM notary_offices o
      WHERE o.id IN (SELECT p.notary_office_id FROM projects p WHERE p.id = ANY(${list}))) AS offices,
    (SELECT json_agg(json_build_object('row', ${jsonRow(participants, 'pa')}, 'user', ${user}) ORDER BY pa.id)
      FROM participants pa LEFT JOIN users u ON u.id = pa.user_id WHERE pa.project_id = ANY(${list})) AS people,
    (SELECT json_agg(json_build_array(d.project_id, d.kind, d.progress, cardinality(d.files)))
      FROM documents d WHERE d.project_id = ANY(${list}) AND d.superseded_at IS NULL) AS parts,
    (SELECT json_agg(json_build_array(c.project_id, c.participant_id, c.state, c.origin, c.no_longer_required, c.n))
      FROM (SELECT r.project_id, r.participant_id, r.state, r.origin, r.no_longer_required, count(*)::int AS n
            FROM piece_requests r WHERE r.project_id = ANY(${list})
            GROUP BY r.project_id, r.participant_id, r.state, r.origin, r.no_longer_required) c) AS pieces,
    -- Issue 22: the office's count of pieces waiting for review, read from the partial index piece_requests_to_review.
    (SELECT json_agg(json_build_array(w.project_id, w.n))
      FROM (SELECT r.project_id, count(*)::int AS n FROM piece_requests r
            WHERE r.state = 'received' AND r.project_id = ANY(${list}) GROUP BY r.project_id) w) AS to_review`;
}

interface SummaryJson {
  projects: Array<Record<string, unknown>> | null;
  offices: OfficeRow[] | null;
  people: Array<{ row: Record<string, unknown>; user: { id: number; lastConnectionDate: string | null; avatar: string | null } | null }> | null;
  parts: Array<[number, ProgressPart['kind'], number, number]> | null;
  pieces: Array<[number, number, PieceCount['state'], PieceCount['origin'], boolean, number]> | null;
  to_review: Array<[number, number]> | null;
}

/** The dashboard's projects of `ids` that exist, in that order, ready for the summary presenter. */
export async function loadProjectsForSummary(db: Db, ids: readonly number[]): Promise<ProjectForSummary[]> {
  if (ids.length === 0) return [];
  // Both drivers decode json columns.
  const rows = await preparedRawStatement<SummaryJson>(db, 'project_summaries', summaryQuery).execute({ ids });
  const answer = rows[0]!;
  const offices = new Map((answer.offices ?? []).map((o) => [o.id, o]));
  const people = new Map<number, ParticipantRow[]>();
  for (const { row, user } of answer.people ?? []) {
    const participant: ParticipantRow = {
      ...withDates<Omit<ParticipantRow, 'user'>>(row, PARTICIPANT_DATES),
      user: user && { ...user, lastConnectionDate: user.lastConnectionDate === null ? null : new Date(user.lastConnectionDate) },
    };
    const list = people.get(participant.projectId);
    if (list) list.push(participant);
    else people.set(participant.projectId, [participant]);
  }
  const parts = new Map<number, ProgressPart[]>();
  for (const [projectId, kind, progress, fileCount] of answer.parts ?? []) {
    const list = parts.get(projectId);
    const part = { kind, progress, fileCount };
    if (list) list.push(part);
    else parts.set(projectId, [part]);
  }
  const pieceCounts = new Map<number, PieceCount[]>();
  for (const [projectId, participantId, state, origin, noLongerRequired, count] of answer.pieces ?? []) {
    const list = pieceCounts.get(projectId);
    const entry = { participantId, state, origin, noLongerRequired, count };
    if (list) list.push(entry);
    else pieceCounts.set(projectId, [entry]);
  }
  const toReview = new Map(answer.to_review ?? []);
  const byId = new Map((answer.projects ?? []).map((row) => withDates<ProjectRow>(row, PROJECT_DATES)).map((p) => [p.id, p]));
  return ids.flatMap((id) => {
    const project = byId.get(id);
    if (!project) return [];
    const office = project.notaryOfficeId === null ? null : (offices.get(project.notaryOfficeId) ?? null);
    return [
      {
        project,
        office,
        participants: people.get(id) ?? [],
        progressParts: parts.get(id) ?? [],
        pieceCounts: pieceCounts.get(id) ?? [],
        piecesToReview: toReview.get(id) ?? 0,
      },
    ];
  });
}
