import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/rows';

/**
 * The purge of abandoned files (GDPR: kept no longer than needed): drafts (status < 3) and "Sans
 * suite" files (7) whose last change is older than the configured time.
 * "Last change" is the latest of the file's own `updated_at`, its documents'
 * and its messages'. Candidates come from the partial index
 * projects_purge_candidates (updated_at, id); the documents' and messages'
 * times of each candidate are read by their project and thread indexes.
 */

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const PURGEABLE = sql`(p.status < 3 OR p.status = 7)`;

export interface PurgeCandidate {
  id: number;
  name: string;
  updatedAt: Date;
  /** The latest change of its documents or messages, if any. */
  touchedAt: Date | null;
  purgeWarnedAt: Date | null;
}

const candidateColumns = sql`p.id, p.name, p.updated_at AS "updatedAt", p.purge_warned_at AS "purgeWarnedAt",
  GREATEST(
    (SELECT max(d.updated_at) FROM documents d WHERE d.project_id = p.id),
    (SELECT max(m.created_at) FROM message_threads t JOIN messages m ON m.thread_id = t.id WHERE t.project_id = p.id)
  ) AS "touchedAt"`;

function normalise(row: PurgeCandidate): PurgeCandidate {
  return {
    ...row,
    updatedAt: new Date(row.updatedAt),
    touchedAt: row.touchedAt === null ? null : new Date(row.touchedAt),
    purgeWarnedAt: row.purgeWarnedAt === null ? null : new Date(row.purgeWarnedAt),
  };
}

/**
 * Files unchanged (by their own row) before `changedBefore` and not warned
 * since that change: a batch, oldest first, locked for this transaction
 * (rows another process holds are skipped).
 */
export async function claimFilesToWarn(db: Db, changedBefore: Date, limit: number): Promise<PurgeCandidate[]> {
  const found = await rowsOf<PurgeCandidate>(
    db,
    sql`SELECT ${candidateColumns} FROM projects p
        WHERE ${PURGEABLE} AND p.updated_at < ${at(changedBefore)} AND (p.purge_warned_at IS NULL OR p.purge_warned_at < p.updated_at)
        ORDER BY p.updated_at, p.id LIMIT ${limit} FOR UPDATE OF p SKIP LOCKED`,
  );
  return found.map(normalise);
}

/**
 * Files warned at or before `warnedBefore`, unchanged (by their own row) since
 * the warning and before `changedBefore`: read by the date of their warning
 * (index projects_purge_warned), so a pass reads only files whose time is up.
 */
export async function claimFilesToPurge(db: Db, changedBefore: Date, warnedBefore: Date, limit: number): Promise<PurgeCandidate[]> {
  const found = await rowsOf<PurgeCandidate>(
    db,
    sql`SELECT ${candidateColumns} FROM projects p
        WHERE ${PURGEABLE} AND p.purge_warned_at IS NOT NULL AND p.purge_warned_at <= ${at(warnedBefore)}
          AND p.purge_warned_at >= p.updated_at AND p.updated_at < ${at(changedBefore)}
        ORDER BY p.purge_warned_at, p.id LIMIT ${limit} FOR UPDATE OF p SKIP LOCKED`,
  );
  return found.map(normalise);
}

/**
 * A file changed through its documents or messages since its own row: its
 * `updated_at` takes that time, so the index holds it where it belongs (the
 * next passes no longer read it) and an older warning no longer counts.
 */
export async function recordLastChange(db: Db, projectId: number, changedAt: Date): Promise<void> {
  await db.execute(sql`UPDATE projects SET updated_at = ${at(changedAt)} WHERE id = ${projectId} AND updated_at < ${at(changedAt)}`);
}

export async function markWarned(db: Db, projectIds: readonly number[], now: Date): Promise<void> {
  if (projectIds.length === 0) return;
  await db.execute(
    sql`UPDATE projects SET purge_warned_at = ${at(now)} WHERE id IN (${sql.join(
      projectIds.map((id) => sql`${id}::integer`),
      sql`, `,
    )})`,
  );
}

/** Who is told: each person of the file with an address (their account's, else the one they were invited with), once. */
export async function loadPeopleToWarn(
  db: Db,
  projectIds: readonly number[],
): Promise<Array<{ projectId: number; participantId: number; email: string; firstName: string }>> {
  if (projectIds.length === 0) return [];
  return rowsOf(
    db,
    sql`SELECT DISTINCT ON (pa.project_id, lower(COALESCE(u.email, pa.email))) pa.project_id AS "projectId", pa.id AS "participantId", lower(COALESCE(u.email, pa.email)) AS email, COALESCE(u.first_name, pa.first_name) AS "firstName"
        FROM participants pa LEFT JOIN users u ON u.id = pa.user_id AND u.is_active AND u.deleted_at IS NULL
        WHERE pa.project_id IN (${sql.join(
          projectIds.map((id) => sql`${id}::integer`),
          sql`, `,
        )})
          AND COALESCE(u.email, pa.email) IS NOT NULL AND (pa.user_id IS NULL OR u.id IS NOT NULL)
        ORDER BY pa.project_id, lower(COALESCE(u.email, pa.email)), pa.id`,
  );
}
