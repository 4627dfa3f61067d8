import { createHash } from 'node:crypto';
import type { ProjectForAccess } from '@notadoo/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedRawStatement } from '../../db/prepared-statements';

/** What a file's access and entity tag need, read in one statement (issue 24). */
export interface ProjectRevision {
  access: ProjectForAccess;
  /** The file with its people, documents and pieces, its office, and its people's accounts, as revisions. */
  tag: string;
}

interface Row {
  status: number;
  creator_id: number | null;
  notary_office_id: number | null;
  revision: string;
  office_revision: string | null;
  people: Array<{ id: number; role: ProjectForAccess['participants'][number]['role']; user_id: number | null; joined: boolean; added_by: number | null; role_confirmed: boolean; user_revision: string | null }>;
}

/**
 * The rows the revisions of migration 0220 are bumped on: `projects.revision`
 * by any change of the file, its people, documents or pieces; the office's
 * and the people's accounts' own revisions (a photo or a last connection
 * shown on the page). The people are also what access is decided on, so the
 * check and the tag come from one snapshot.
 */
export async function findProjectRevision(db: Db, id: number): Promise<ProjectRevision | undefined> {
  const statement = preparedRawStatement<Row>(
    db,
    'project_revision',
    () => sql`
      SELECT p.status, p.creator_id, p.notary_office_id, p.revision::text AS revision, o.revision::text AS office_revision,
        coalesce((
          SELECT json_agg(json_build_object('id', pa.id, 'role', pa.role, 'user_id', u.id, 'joined', u.last_connection_date IS NOT NULL,
                   'added_by', pa.added_by, 'role_confirmed', pa.role_confirmed, 'user_revision', u.revision::text) ORDER BY pa.id)
          FROM participants pa LEFT JOIN users u ON u.id = pa.user_id WHERE pa.project_id = p.id
        ), '[]'::json) AS people
      FROM projects p LEFT JOIN notary_offices o ON o.id = p.notary_office_id
      WHERE p.id = ${sql.placeholder('id')}`,
  );
  const [row] = await statement.execute({ id });
  if (!row) return undefined;
  const people = typeof row.people === 'string' ? (JSON.parse(row.people) as Row['people']) : row.people;
  const accounts = createHash('sha256');
  for (const person of people) if (person.user_id !== null) accounts.update(`${person.user_id}:${person.user_revision},`);
  return {
    access: {
      status: row.status,
      creator: row.creator_id,
      notary_office: row.notary_office_id === null ? null : { id: row.notary_office_id },
      participants: people.map((p) => ({ id: p.id, role: p.role, user: p.user_id === null ? null : { id: p.user_id }, joined: p.user_id !== null && p.joined, added_by: p.added_by, role_confirmed: p.role_confirmed })),
    },
    tag: `p${id}.${row.revision}.${row.office_revision ?? 0}.${accounts.digest('base64url').slice(0, 16)}`,
  };
}
