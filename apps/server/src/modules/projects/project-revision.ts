import { createHash } from 'node:crypto';
import { canSeePersonActivity, type ProjectForAccess, type Viewer } from '@notadoo/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedRawStatement } from '../../db/prepared-statements';

/** What a file's access and entity tag need, read in one statement (issue 24). */
export interface ProjectRevision {
  access: ProjectForAccess;
  tagFor(viewer: Viewer): string;
}

/**
 * What a file page's entity tag is made of: the file with its people,
 * documents and pieces, and its office, as revisions; and what the page shows
 * of its people's accounts as `viewer` sees them (`toParticipant`): photo and
 * whether they joined, the last connection only where `canSeePersonActivity`
 * shows it. Not the accounts' revisions: a sign-in would change the tag, and
 * tell a co-seller polling with If-None-Match when the other one connects.
 */
export interface ProjectTagParts {
  id: number;
  revision: string;
  officeRevision: string | null;
  /** In the order of `access.participants`. */
  people: ReadonlyArray<{ id: number; userId: number | null; avatar: string | null; lastConnection: Date | null }>;
  access: ProjectForAccess;
}

export function projectPageTag(parts: ProjectTagParts, viewer: Viewer): string {
  const accounts = createHash('sha256');
  parts.people.forEach((person, i) => {
    if (person.userId === null) return;
    const seen = canSeePersonActivity(viewer, parts.access, parts.access.participants[i]!);
    const activity = seen ? (person.lastConnection?.getTime() ?? null) : person.lastConnection !== null;
    accounts.update(`${person.id}:${person.userId}:${person.avatar}:${activity},`);
  });
  return `p${parts.id}.${parts.revision}.${parts.officeRevision ?? 0}.${accounts.digest('base64url').slice(0, 16)}`;
}

interface Row {
  status: number;
  creator_id: number | null;
  notary_office_id: number | null;
  revision: string;
  office_revision: string | null;
  people: Array<{ id: number; role: ProjectForAccess['participants'][number]['role']; user_id: number | null; last_connection: string | null; avatar: string | null; added_by: number | null; role_confirmed: boolean }>;
}

/**
 * The rows the revisions of migration 0220 are bumped on: `projects.revision`
 * by any change of the file, its people, documents or pieces; the office's;
 * and what the page shows of the people's accounts (a photo, a last
 * connection). The people are also what access is decided on, so the check
 * and the tag come from one snapshot.
 */
export async function findProjectRevision(db: Db, id: number): Promise<ProjectRevision | undefined> {
  const statement = preparedRawStatement<Row>(
    db,
    'project_revision',
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
  const people = typeof row.people === 'string' ? (JSON.parse(row.people) as Row['people']) : row.people;
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
    people: people.map((p) => ({ id: p.id, userId: p.user_id, avatar: p.avatar, lastConnection: p.last_connection === null ? null : new Date(p.last_connection) })),
    access,
  };
  return { access, tagFor: (viewer) => projectPageTag(parts, viewer) };
}
