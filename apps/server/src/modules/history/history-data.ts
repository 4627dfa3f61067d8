import { HISTORY_GENESIS_HASH, SYSTEM_ACTOR_NAME, userChain, type HistoryEventKind, type StoredHistoryEntry } from '@notadoo/domain';
import { and, arrayOverlaps, asc, desc, eq, gt, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { preparedStatement } from '../../db/prepared-statements';
import { historyEntries, historyHeads } from '../../db/schema';

export type HistoryRow = typeof historyEntries.$inferSelect;
export type NewHistoryRow = typeof historyEntries.$inferInsert;

/**
 * Locks the chain's head for the rest of the transaction and answers it (a
 * new chain starts at the genesis). Called last in a writing transaction.
 * Both statements of an append are prepared once per connection: they run
 * on every save (the append: its entries' insert, as a CTE, then the head's
 * update, in one statement).
 */
export async function lockHistoryHead(tx: Db, chain: string, projectId: number | null): Promise<{ seq: number; hash: string }> {
  const statement = preparedStatement(tx, 'history_lock_head', (handle, name) =>
    handle
      .insert(historyHeads)
      .values({ chain: sql.placeholder('chain'), projectId: sql`${sql.placeholder('projectId')}::int`, seq: 0, hash: HISTORY_GENESIS_HASH })
      .onConflictDoUpdate({ target: historyHeads.chain, set: { seq: sql`${historyHeads.seq}` } })
      .returning({ seq: historyHeads.seq, hash: historyHeads.hash })
      .prepare(name),
  );
  const [head] = await statement.execute({ chain, projectId });
  return head!;
}

/** Inserts the entries and moves the head, in one statement (the rows travel as one JSON array). */
export async function appendHistoryRows(tx: Db, chain: string, rows: NewHistoryRow[], head: { seq: number; hash: string }): Promise<void> {
  const statement = preparedStatement(tx, 'history_append', (handle, name) => {
    const added = handle.$with('added', {}).as(
      sql`INSERT INTO history_entries (chain, seq, project_id, at, actor_user_id, actor_name, ip, user_agent, kind, subject_participant_ids, details, hash)
          SELECT r.chain, r.seq, r.project_id, r.at, r.actor_user_id, r.actor_name, r.ip, r.user_agent, r.kind,
                 ARRAY(SELECT jsonb_array_elements_text(r.subjects)::int), r.details, r.hash
          FROM jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) AS r(chain text, seq int, project_id int, at timestamptz, actor_user_id int, actor_name text,
                 ip text, user_agent text, kind text, subjects jsonb, details jsonb, hash text)
          RETURNING 1`,
    );
    return handle
      .with(added)
      .update(historyHeads)
      .set({ seq: sql`${sql.placeholder('seq')}::int`, hash: sql`${sql.placeholder('hash')}` })
      .where(eq(historyHeads.chain, sql.placeholder('chain')))
      .prepare(name);
  });
  const json = rows.map((row) => ({
    chain: row.chain,
    seq: row.seq,
    project_id: row.projectId ?? null,
    at: row.at.toISOString(),
    actor_user_id: row.actorUserId ?? null,
    actor_name: row.actorName,
    ip: row.ip ?? null,
    user_agent: row.userAgent ?? null,
    kind: row.kind,
    subjects: row.subjectParticipantIds,
    details: row.details,
    hash: row.hash,
  }));
  await statement.execute({ rows: JSON.stringify(json), seq: head.seq, hash: head.hash, chain });
}

/** What a page or an export reads: the file's entries and the sign-ins of some accounts, filtered. */
export interface HistoryQuery {
  projectId: number;
  /** Accounts whose sign-ins show in this file (its participants', or the reader's own). */
  signInUserIds: number[];
  /** Only entries about these participations (a participant's view); undefined: all. */
  aboutParticipantIds?: number[];
  kinds?: HistoryEventKind[];
  actor?: number | 'system';
  from?: Date;
  to?: Date;
  /** Entries older than this id (keyset). */
  beforeId?: number;
  limit: number;
}

function commonFilters(query: HistoryQuery): SQL[] {
  const where: SQL[] = [];
  if (query.actor === 'system') where.push(isNull(historyEntries.actorUserId));
  else if (query.actor !== undefined) where.push(eq(historyEntries.actorUserId, query.actor));
  if (query.from) where.push(gte(historyEntries.at, query.from));
  if (query.to) where.push(lt(historyEntries.at, query.to));
  if (query.beforeId !== undefined) where.push(lt(historyEntries.id, query.beforeId));
  return where;
}

/** One page, newest first, read off the two partial indexes (each half limited before the union). */
export async function findHistoryPage(db: Db, query: HistoryQuery): Promise<HistoryRow[]> {
  const fileKinds = query.kinds?.filter((kind) => kind !== 'sign_in');
  const wantsFile = query.kinds === undefined || (fileKinds?.length ?? 0) > 0;
  const wantsSignIns =
    (query.kinds === undefined || query.kinds.includes('sign_in')) && query.signInUserIds.length > 0 && query.actor !== 'system';
  const fileHalf = () => {
    const where = [eq(historyEntries.projectId, query.projectId), ...commonFilters(query)];
    if (query.kinds) where.push(inArray(historyEntries.kind, fileKinds!));
    if (query.aboutParticipantIds) where.push(arrayOverlaps(historyEntries.subjectParticipantIds, query.aboutParticipantIds));
    return db
      .select()
      .from(historyEntries)
      .where(and(...where))
      .orderBy(desc(historyEntries.id))
      .limit(query.limit);
  };
  const signInHalf = () => {
    const where = [eq(historyEntries.kind, 'sign_in'), inArray(historyEntries.actorUserId, query.signInUserIds), ...commonFilters(query)];
    return db
      .select()
      .from(historyEntries)
      .where(and(...where))
      .orderBy(desc(historyEntries.id))
      .limit(query.limit);
  };
  if (wantsFile && wantsSignIns) {
    return unionAll(fileHalf(), signInHalf()).orderBy(desc(historyEntries.id)).limit(query.limit);
  }
  if (wantsFile) return fileHalf();
  if (wantsSignIns) return signInHalf();
  return [];
}

/**
 * Who acted in the file, for the "Personne" filter: the distinct actors read
 * by skipping through `history_entries_project_actor` (one index probe per
 * person, not a scan of the file's entries), each with their latest name.
 * For a participant, only those who acted on what they may read.
 */
export async function listHistoryActors(
  db: Db,
  projectId: number,
  aboutParticipantIds?: number[],
): Promise<Array<{ id: number | null; name: string }>> {
  const visible = aboutParticipantIds
    ? sql`AND h.subject_participant_ids && ${sql.raw(`ARRAY[${aboutParticipantIds.map((id) => Number(id)).join(',')}]::int[]`)}`
    : sql``;
  const rows = await rowsOf<{ id: number | null; name: string | null }>(
    db,
    sql`
    WITH RECURSIVE actors(id) AS (
      (SELECT actor_user_id FROM history_entries WHERE project_id = ${projectId} AND actor_user_id IS NOT NULL ORDER BY actor_user_id LIMIT 1)
      UNION ALL
      SELECT (SELECT e.actor_user_id FROM history_entries e WHERE e.project_id = ${projectId} AND e.actor_user_id > a.id ORDER BY e.actor_user_id LIMIT 1)
      FROM actors a WHERE a.id IS NOT NULL
    )
    SELECT a.id, (SELECT h.actor_name FROM history_entries h WHERE h.project_id = ${projectId} AND h.actor_user_id = a.id ${visible} ORDER BY h.id DESC LIMIT 1) AS name
    FROM actors a WHERE a.id IS NOT NULL
    UNION ALL
    SELECT NULL, ${SYSTEM_ACTOR_NAME} WHERE EXISTS (SELECT 1 FROM history_entries h WHERE h.project_id = ${projectId} AND h.actor_user_id IS NULL ${visible})`,
  );
  return rows.flatMap((row) => (row.name === null ? [] : [{ id: row.id, name: row.name }]));
}

// ---------------------------------------------------------------- checking a chain

export function toStoredEntry(row: HistoryRow): StoredHistoryEntry {
  return {
    id: row.id,
    chain: row.chain,
    seq: row.seq,
    projectId: row.projectId,
    at: row.at.toISOString(),
    actorUserId: row.actorUserId,
    actorName: row.actorName,
    ip: row.ip,
    userAgent: row.userAgent,
    kind: row.kind as HistoryEventKind,
    subjectParticipantIds: row.subjectParticipantIds,
    details: row.details as StoredHistoryEntry['details'],
    hash: row.hash,
  };
}

/** A chain's entries in sequence order, after `afterSeq`, `limit` at a time (the `(chain, seq)` unique index). */
export async function findChainEntries(db: Db, chain: string, afterSeq: number, limit: number): Promise<HistoryRow[]> {
  return db
    .select()
    .from(historyEntries)
    .where(and(eq(historyEntries.chain, chain), gt(historyEntries.seq, afterSeq)))
    .orderBy(asc(historyEntries.seq))
    .limit(limit);
}

export async function findChainHead(db: Db, chain: string): Promise<{ seq: number; hash: string } | null> {
  const [head] = await db
    .select({ seq: historyHeads.seq, hash: historyHeads.hash })
    .from(historyHeads)
    .where(eq(historyHeads.chain, chain));
  return head ?? null;
}

/** Every chain, `limit` at a time after `afterChain` (the verify script). */
export async function listChains(db: Db, afterChain: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ chain: historyHeads.chain })
    .from(historyHeads)
    .where(gt(historyHeads.chain, afterChain))
    .orderBy(asc(historyHeads.chain))
    .limit(limit);
  return rows.map((row) => row.chain);
}

/** An account's own chain (sign-ins, its deletion), newest first, before `beforeSeq` (the `(chain, seq)` unique index read backwards). */
export async function findAccountChainPage(db: Db, userId: number, beforeSeq: number | undefined, limit: number): Promise<HistoryRow[]> {
  const where = [eq(historyEntries.chain, userChain(userId))];
  if (beforeSeq !== undefined) where.push(lt(historyEntries.seq, beforeSeq));
  return db
    .select()
    .from(historyEntries)
    .where(and(...where))
    .orderBy(desc(historyEntries.seq))
    .limit(limit);
}
