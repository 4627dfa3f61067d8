import { deletedAccountEmail } from '@notadoo/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { imageKey, projectFileKey, questionnairePdfKey, type StorageKey } from '../../files/storage/storage-keys';

export interface PersonFileRow {
  projectId: number;
  participantId: number;
  name: string;
  status: number;
  /** Created by the person (their participation is the creator's, or the file's creator is them). */
  isCreator: boolean;
  /** The other people of the file. */
  otherPeople: number;
  officeId: number | null;
  officeCity: string | null;
  officePostalCode: string | null;
  officeAddress: string | null;
  officePhone: string | null;
  officeEmail: string | null;
}

/** Every file the person takes part in, with its office's contact. */
export async function loadFilesOfPerson(db: Db, userId: number): Promise<PersonFileRow[]> {
  return rowsOf<PersonFileRow>(
    db,
    sql`SELECT p.id AS "projectId", pa.id AS "participantId", p.name, p.status, (pa.is_creator OR p.creator_id = ${userId}) AS "isCreator",
          (SELECT count(*)::integer FROM participants o WHERE o.project_id = p.id AND o.id <> pa.id) AS "otherPeople",
          o.id AS "officeId", o.city AS "officeCity", o.postal_code AS "officePostalCode", o.address AS "officeAddress", o.phone AS "officePhone", o.email AS "officeEmail"
        FROM participants pa JOIN projects p ON p.id = pa.project_id LEFT JOIN notary_offices o ON o.id = p.notary_office_id
        WHERE pa.user_id = ${userId} ORDER BY p.id, pa.id`,
  );
}

/**
 * Every stored file of these projects: drawers' files, pieces, message
 * attachments (all under files/projects/{id}/), the questionnaires' PDFs and
 * the covers. Read before the rows go, removed from the storage after commit.
 */
export async function storedFilesOfProjects(db: Db, projectIds: readonly number[]): Promise<StorageKey[]> {
  if (projectIds.length === 0) return [];
  const ids = sql.join(
    projectIds.map((id) => sql`${id}::integer`),
    sql`, `,
  );
  const found = await rowsOf<{ projectId: number; kind: 'project' | 'pdf' | 'cover'; name: string }>(
    db,
    sql`SELECT d.project_id AS "projectId", 'project' AS kind, f.name FROM documents d CROSS JOIN LATERAL unnest(d.files) AS f(name) WHERE d.project_id IN (${ids})
        UNION ALL SELECT d.project_id, 'pdf', d.file FROM documents d WHERE d.project_id IN (${ids}) AND d.file IS NOT NULL
        UNION ALL SELECT r.project_id, 'project', v.stored_name FROM piece_versions v JOIN piece_requests r ON r.id = v.request_id WHERE r.project_id IN (${ids})
        UNION ALL SELECT m.project_id, 'project', a.stored_name FROM messages m JOIN message_attachments a ON a.message_id = m.id WHERE m.project_id IN (${ids})
        UNION ALL SELECT p.id, 'cover', p.cover_image FROM projects p WHERE p.id IN (${ids}) AND p.cover_image IS NOT NULL`,
  );
  const keys = new Set<StorageKey>();
  for (const file of found) {
    const key =
      file.kind === 'project'
        ? safeProjectFileKey(file.projectId, file.name)
        : file.kind === 'pdf'
          ? questionnairePdfKey(file.name)
          : imageKey('covers', file.name);
    if (key) keys.add(key);
  }
  return [...keys];
}

function safeProjectFileKey(projectId: number, name: string): StorageKey | undefined {
  try {
    return projectFileKey(projectId, name);
  } catch {
    return undefined;
  }
}

/** Deletes whole files (cascades take their people, documents, pieces, messages, transfers). */
export async function deleteProjects(db: Db, projectIds: readonly number[]): Promise<void> {
  if (projectIds.length === 0) return;
  await db.execute(
    sql`DELETE FROM projects WHERE id IN (${sql.join(
      projectIds.map((id) => sql`${id}::integer`),
      sql`, `,
    )})`,
  );
}

/**
 * The person leaves drafts others created: their participations go, with the
 * documents that were theirs alone (a shared questionnaire is the role's, it
 * stays). Answers the stored files of those documents.
 */
export async function leaveDrafts(
  db: Db,
  participations: ReadonlyArray<{ projectId: number; participantId: number }>,
): Promise<StorageKey[]> {
  if (participations.length === 0) return [];
  const ids = sql.join(
    participations.map((p) => sql`${p.participantId}::integer`),
    sql`, `,
  );
  const removed = await rowsOf<{ projectId: number; files: string[]; file: string | null }>(
    db,
    sql`DELETE FROM documents WHERE participant_id IN (${ids}) RETURNING project_id AS "projectId", files, file`,
  );
  const versions = await rowsOf<{ projectId: number; storedName: string }>(
    db,
    sql`SELECT r.project_id AS "projectId", v.stored_name AS "storedName" FROM piece_versions v JOIN piece_requests r ON r.id = v.request_id WHERE r.participant_id IN (${ids})`,
  );
  await db.execute(sql`DELETE FROM participants WHERE id IN (${ids})`);
  const keys: Array<StorageKey | undefined> = [
    ...removed.flatMap((d) => [...d.files.map((name) => safeProjectFileKey(d.projectId, name)), questionnairePdfKey(d.file)]),
    ...versions.map((v) => safeProjectFileKey(v.projectId, v.storedName)),
  ];
  return keys.filter((key): key is StorageKey => key !== undefined);
}

/**
 * Empties the account's row of the person (GDPR art. 17) and closes it: no
 * name, a free e-mail (a new account may take it), no password, no photo,
 * every session ended (version bumped), no sign-in (inactive). The row stays
 * because the files an office keeps still point at it.
 */
export async function anonymiseAccount(db: Db, userId: number, now: Date): Promise<void> {
  await db.execute(sql`
    UPDATE users SET
      email = ${deletedAccountEmail(userId)}, pending_email = NULL,
      first_name = 'Compte', last_name = 'supprimé', password_hash = '!compte-supprime',
      password_version = password_version + 1, avatar = NULL, roles = ARRAY['ROLE_USER'],
      is_active = false, is_email_confirmed = false, is_pro = false, is_notary = false, needs_role_change = false,
      notary_office_id = NULL, last_connection_date = NULL, previous_connection_date = NULL, score_ec = NULL, complexity = NULL,
      deleted_at = ${now.toISOString()}::timestamptz
    WHERE id = ${userId}`);
  await db.execute(sql`DELETE FROM account_tokens WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM message_mail_batches WHERE user_id = ${userId} AND sent_at IS NULL`);
}
