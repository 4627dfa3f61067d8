import type { UserSort } from '@notadoo/domain';
import { and, asc, count, desc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { notaryOffices, users } from '../../db/schema';
import type { UserWithOffice } from '../users/user-data';
import { listTotal } from './list-totals';

export interface UserPageQuery {
  page: number;
  pageSize: number;
  search: string;
  sort: UserSort;
  order: 'asc' | 'desc';
  pending: boolean;
}

/** `%`, `_` and `\` typed by the admin are matched literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Each word of the search must start the first name, the last name or the
 * e-mail (case-insensitive). Prefix matching keeps to the btree indexes of
 * migration 0030, so the page stays fast with 100,000 users.
 */
function searchCondition(search: string): SQL | undefined {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  const parts = words.map((w) => {
    const prefix = `${escapeLike(w)}%`;
    return or(like(sql`lower(${users.lastName})`, prefix), like(sql`lower(${users.firstName})`, prefix), like(users.email, prefix))!;
  });
  return parts.length ? and(...parts) : undefined;
}

/**
 * One page of users and the total matching, both computed by the database.
 * The page's ids come first from an index alone (an index-only scan steps
 * over the OFFSET rows without reading the table; migration 0100 makes the
 * name order's index cover it), then only those rows are read. The total of
 * a large list may be a minute old (list-totals.ts).
 */
export async function listUsersPage(db: Db, query: UserPageQuery, now: Date): Promise<{ rows: UserWithOffice[]; total: number }> {
  const where = and(searchCondition(query.search), query.pending ? eq(users.needsRoleChange, true) : undefined);
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
      .select({ user: users, office: { id: notaryOffices.id, city: notaryOffices.city } })
      .from(ids)
      .innerJoin(users, eq(users.id, ids.id))
      .leftJoin(notaryOffices, eq(users.notaryOfficeId, notaryOffices.id))
      .orderBy(...orderBy),
    listTotal(db, `users ${query.pending} ${query.search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5).join(' ')}`, now.getTime(), async () => {
      const [totals] = await db.select({ total: count() }).from(users).where(where);
      return totals?.total ?? 0;
    }),
  ]);
  return { rows: rows.map((r) => ({ ...r.user, office: r.office })), total };
}
