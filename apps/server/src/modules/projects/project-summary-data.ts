import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedRawStatement, type RawColumns } from '../../db/prepared-statements';
import type { ProgressPart, ProjectForSummary } from './project-data';
import {
  OFFICE_ROW,
  PROJECT_CARD_ROW,
  peopleByProject,
  peopleJson,
  pieceCountsByProject,
  pieceCountsJson,
  pushTo,
  type PeopleJson,
  type PieceCountsJson,
} from './project-json-data';

/**
 * Project summaries (the dashboard's cards) in one statement answering one
 * row of JSON values (db/json-rows.ts): projects, their offices, participants,
 * each document's kind, progress and file count, and the piece counts of issue 22.
 */

/**
 * The summaries of the projects of `list` (an int[] expression), as the
 * columns of one row of JSON values. `cards` is a FROM item answering those
 * projects' card columns (`PROJECT_CARD_ROW`): a dashboard page passes the
 * rows its keyset read already holds, so that neither the cards nor their
 * offices read the projects a second time.
 */
export function summaryColumns(
  list: SQL,
  cards: SQL = sql`(SELECT ${PROJECT_CARD_ROW.columns('p')} FROM projects p WHERE p.id = ANY(${list}))`,
): SQL {
  return sql`(SELECT json_agg(${PROJECT_CARD_ROW.build('c')}) FROM ${cards} c) AS projects,
    (SELECT json_agg(${OFFICE_ROW.build('o')}) FROM notary_offices o WHERE o.id IN (SELECT c.notary_office_id FROM ${cards} c)) AS offices,
    ${peopleJson(list)} AS people,
    (SELECT json_agg(json_build_array(d.project_id, d.kind, d.progress, cardinality(d.files)))
      FROM documents d WHERE d.project_id = ANY(${list}) AND d.superseded_at IS NULL) AS parts,
    ${pieceCountsJson(list)} AS pieces,
    -- Issue 22: the office's count of pieces waiting for review, read from the partial index piece_requests_to_review.
    (SELECT json_agg(json_build_array(w.project_id, w.n))
      FROM (SELECT r.project_id, count(*)::int AS n FROM piece_requests r
            WHERE r.state = 'received' AND r.project_id = ANY(${list}) GROUP BY r.project_id) w) AS to_review`;
}

export interface SummaryJson {
  projects: unknown[][] | null;
  offices: unknown[][] | null;
  people: PeopleJson;
  parts: Array<[number, ProgressPart['kind'], number, number]> | null;
  pieces: PieceCountsJson;
  to_review: Array<[number, number]> | null;
}

export const SUMMARY_COLUMNS: RawColumns<SummaryJson> = {
  projects: true,
  offices: true,
  people: true,
  parts: true,
  pieces: true,
  to_review: true,
};

/** The projects of `ids` that exist, in that order, ready for the summary presenter. */
export async function loadProjectsForSummary(db: Db, ids: readonly number[]): Promise<ProjectForSummary[]> {
  if (ids.length === 0) return [];
  // Built once with the ids as a placeholder, and prepared. Both drivers decode json columns.
  const rows = await preparedRawStatement<SummaryJson>(
    db,
    'project_summaries',
    SUMMARY_COLUMNS,
    () => sql`SELECT ${summaryColumns(sql`${sql.placeholder('ids')}::int[]`)}`,
  ).execute({ ids });
  return summariesFromJson(rows[0]!, ids);
}

/** The summaries read by `summaryColumns`, in the order of `ids`. */
export function summariesFromJson(answer: SummaryJson, ids: readonly number[]): ProjectForSummary[] {
  const offices = new Map((answer.offices ?? []).map((values) => OFFICE_ROW.read(values)).map((o) => [o.id, o]));
  const people = peopleByProject(answer.people);
  const parts = new Map<number, ProgressPart[]>();
  for (const [projectId, kind, progress, fileCount] of answer.parts ?? []) pushTo(parts, projectId, { kind, progress, fileCount });
  const pieceCounts = pieceCountsByProject(answer.pieces);
  const toReview = new Map(answer.to_review ?? []);
  const byId = new Map((answer.projects ?? []).map((values) => PROJECT_CARD_ROW.read(values)).map((p) => [p.id, p]));
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
