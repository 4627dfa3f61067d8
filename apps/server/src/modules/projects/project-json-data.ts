import { sql, type SQL } from 'drizzle-orm';
import { jsonRowOf } from '../../db/json-rows';
import { notaryOffices, participants, projects } from '../../db/schema';
import { columnsOnly, columnsWithout } from '../../db/table-columns';
import type { OfficeRow, ParticipantRow, PieceCount, ProjectCardRow, ProjectRow } from './project-data';

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

/**
 * What a dashboard card shows of its file: not the dates of its last mails,
 * purge warning, signing or change. Each value costs PostgreSQL an output
 * call per row (a timestamp most of all): an office's page of 24 cards took
 * 14 % less of its time without them and the people's creation date.
 */
export const PROJECT_CARD_COLUMNS = [
  'id',
  'name',
  'type',
  'subtype',
  'status',
  'coverImage',
  'isArchived',
  'notaryOfficeId',
  'creatorId',
  'createdAt',
] as const;
export const PROJECT_CARD_ROW = jsonRowOf<ProjectCardRow>(columnsOnly(projects, PROJECT_CARD_COLUMNS));

/** A person as pages and cards show them: not when they were added. */
export const PERSON_OMITTED_COLUMNS = ['createdAt'] as const;
const PERSON_ROW = jsonRowOf<Omit<ParticipantRow, 'user'>>(columnsWithout(participants, PERSON_OMITTED_COLUMNS));

/**
 * The files' people, with what the page shows of their accounts: last
 * connection and photo after the person's columns. The account is the
 * person's `user_id` (a deleted account sets it to null).
 */
export function peopleJson(list: SQL): SQL {
  return sql`(SELECT json_agg(json_build_array(${PERSON_ROW.build('pa')}, u.last_connection_date, u.avatar) ORDER BY pa.id)
    FROM participants pa LEFT JOIN users u ON u.id = pa.user_id WHERE pa.project_id = ANY(${list}))`;
}

/** Per person: the array of its columns, then its account's last connection and photo. */
export type PeopleJson = Array<[unknown[], string | null, string | null]> | null;

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
  for (const [row, lastConnection, avatar] of json ?? []) {
    const participant = PERSON_ROW.read(row) as ParticipantRow;
    const userId = participant.userId;
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
