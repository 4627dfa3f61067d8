import type { Db } from '../../db/database';

/**
 * The totals of the admin's long lists (users, billing), sent in
 * X-Total-Count for the pager. Counting 100,000 rows reads them all and costs
 * more than the page itself (26 ms against 13 ms for a billing page on
 * PostgreSQL), on every page turn. So a total of `LARGE_TOTAL` rows or more is
 * kept for `TOTAL_KEPT_MS` per process and query: at that size a count a
 * minute old is off by the few rows added meanwhile, which the pager cannot
 * show anyway (the last page is still reachable, perhaps with a few more
 * rows). Smaller totals are counted exactly on every call.
 */
export const LARGE_TOTAL = 10_000;
export const TOTAL_KEPT_MS = 60_000;
/** Distinct queries (search, range, filter) remembered per database, oldest dropped first. */
const QUERIES_KEPT = 500;

const totalsByDb = new WeakMap<Db, Map<string, { total: number; countedAt: number }>>();

/** The total of the list `key` (its filters), counted by `count` unless a large total was counted less than a minute ago. */
export async function listTotal(db: Db, key: string, now: number, count: () => Promise<number>): Promise<number> {
  let totals = totalsByDb.get(db);
  if (!totals) {
    totals = new Map();
    totalsByDb.set(db, totals);
  }
  const kept = totals.get(key);
  if (kept && now - kept.countedAt < TOTAL_KEPT_MS && now >= kept.countedAt) return kept.total;
  const total = await count();
  totals.delete(key);
  if (total >= LARGE_TOTAL) {
    if (totals.size >= QUERIES_KEPT) totals.delete(totals.keys().next().value!);
    totals.set(key, { total, countedAt: now });
  }
  return total;
}
