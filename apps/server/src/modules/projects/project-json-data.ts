import { sql, type SQL } from 'drizzle-orm';
import { jsonRowOf } from '../../db/json-rows';
import { notaryOffices, participants, projects } from '../../db/schema';
import { columnsWithout } from '../../db/table-columns';
import type { OfficeRow, ParticipantRow, PieceCount, ProjectRow } from './project-data';

/**
 * The parts of a file that both the file's page (`loadProjects`) and the
 * dashboard (`loadProjectsForSummary`) read as JSON values in their one
 * statement (db/json-rows.ts), for the ids `list`, and how they are read back.
 */

/**
 * What a file's JSON row holds of the file and of its office: not the folded
 * name (searched in SQL) nor the revisions (read as text beside the row for
 * the entity tag), so no file row carries them onto the wire.
 */
export const PROJECT_DERIVED_COLUMNS = ['searchName', 'revision'] as const;
export const PROJECT_ROW = jsonRowOf<ProjectRow>(columnsWithout(projects, PROJECT_DERIVED_COLUMNS));
export const OFFICE_DERIVED_COLUMNS = ['revision'] as const;
export const OFFICE_ROW = jsonRowOf<OfficeRow>(columnsWithout(notaryOffices, OFFICE_DERIVED_COLUMNS));

const PERSON_ROW = jsonRowOf<Omit<ParticipantRow, 'user'>>(participants);

/** The files' people, with what the page shows of their accounts: the account's id, last connection and photo after the person's columns. */
export function peopleJson(list: SQL): SQL {
  return sql`(SELECT json_agg(json_build_array(${PERSON_ROW.build('pa')}, u.id, u.last_connection_date, u.avatar) ORDER BY pa.id)
    FROM participants pa LEFT JOIN users u ON u.id = pa.user_id WHERE pa.project_id = ANY(${list}))`;
}

/** Per person: the array of its columns, then its account's id (null without one), last connection and photo. */
export type PeopleJson = Array<[unknown[], number | null, string | null, string | null]> | null;

/** How many piece requests of each state each person has: counts, not rows. */
export function pieceCountsJson(list: SQL): SQL {
  return sql`(SELECT json_agg(json_build_array(c.project_id, c.participant_id, c.state, c.origin, c.no_longer_required, c.n))
    FROM (SELECT r.project_id, r.participant_id, r.state, r.origin, r.no_longer_required, count(*)::int AS n
          FROM piece_requests r WHERE r.project_id = ANY(${list})
          GROUP BY r.project_id, r.participant_id, r.state, r.origin, r.no_longer_required) c)`;
}

export type PieceCountsJson = Array<[number, number, PieceCount['state'], PieceCount['origin'], boolean, number]> | null;

/** Adds `value` to the list of `key`. */
export function pushTo<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const list = groups.get(key);
  if (list) list.push(value);
  else groups.set(key, [value]);
}

export function peopleByProject(json: PeopleJson): Map<number, ParticipantRow[]> {
  const people = new Map<number, ParticipantRow[]>();
  for (const [row, userId, lastConnection, avatar] of json ?? []) {
    const participant = PERSON_ROW.read(row) as ParticipantRow;
    participant.user =
      userId === null ? null : { id: userId, lastConnectionDate: lastConnection === null ? null : new Date(lastConnection), avatar };
    pushTo(people, participant.projectId, participant);
  }
  return people;
}

export function pieceCountsByProject(json: PieceCountsJson): Map<number, PieceCount[]> {
  const counts = new Map<number, PieceCount[]>();
  for (const [projectId, participantId, state, origin, noLongerRequired, count] of json ?? []) {
    pushTo(counts, projectId, { participantId, state, origin, noLongerRequired, count });
  }
  return counts;
}
