import { searchWords, type UserSort } from '@notadoo/domain';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { notaryOffices, users } from '../../db/schema';
import { USER_COLUMNS, type UserAndOffice } from '../users/user-data';

export interface UserPageQuery {
  page: number;
  pageSize: number;
  search: string;
  sort: UserSort;
  order: 'asc' | 'desc';
  pending: boolean;
}

/**
 * Each word of the search (`searchWords`) must appear somewhere in the first
 * name, last name or e-mail, accents and case ignored: `search_text` holds
 * the three folded, indexed by trigrams (migration 0180). Words are letters
 * and digits only, so none holds a LIKE wildcard; a search without any word
 * finds nothing.
 */
function searchCondition(words: readonly string[] | undefined): SQL | undefined {
  if (!words) return undefined;
  if (words.length === 0) return sql`false`;
  return and(...words.map((word) => sql`${users.searchText} LIKE ${`%${word}%`}`));
}

/**
 * One page of users and the total matching, both computed by the database.
 * The page's ids come first from an index alone (an index-only scan steps
 * over the OFFSET rows without reading the table; migration 0100 makes the
 * name order's index cover it), then only those rows are read. The total is
 * counted on every call, so it is exact whichever process answers (issue 24).
 */
export async function listUsersPage(db: Db, query: UserPageQuery): Promise<{ rows: UserAndOffice[]; total: number }> {
  const words = searchWords(query.search);
  const where = and(searchCondition(words), query.pending ? eq(users.needsRoleChange, true) : undefined);
  const direction = query.order === 'asc' ? asc : desc;
  const orderBy =
    query.sort === 'name'
      ? [direction(sql`lower(${users.lastName})`), direction(sql`lower(${users.firstName})`), direction(users.id)]
      : [direction(users.createdAt), direction(users.id)];
  const ids = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page');
  const [rows, total] = await Promise.all([
    db
      .select({ user: USER_COLUMNS, office: { id: notaryOffices.id, city: notaryOffices.city } })
      .from(ids)
      .innerJoin(users, eq(users.id, ids.id))
      .leftJoin(notaryOffices, eq(users.notaryOfficeId, notaryOffices.id))
      .orderBy(...orderBy),
    (async () => {
      const [totals] = await db.select({ total: count() }).from(users).where(where);
      return totals?.total ?? 0;
    })(),
  ]);
  return { rows: rows.map((r) => ({ ...r.user, office: r.office })), total };
}
