import {
  BILLING_PAGE_SIZE,
  billingCsv,
  canListOpenProjects,
  currentYearRange,
  type OpenProject,
  type openProjectsQuerySchema,
} from '@notadoo/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/app-error';
import { toViewer } from '../projects/project-presenter';
import type { UserWithOffice } from '../users/user-data';
import { eachProjectCreatedBetween, listProjectsCreatedBetween, type BillingDays, type OpenProjectRow } from './billing-data';

type RangeQuery = z.output<typeof openProjectsQuerySchema>;

/** The days of the query, in Paris; by default 1 January to 31 December of the current year there, both included. */
function daysOf(ctx: AppContext, query: Pick<RangeQuery, 'from' | 'to'>): BillingDays {
  const year = currentYearRange(ctx.now());
  // The schema reads AAAA-MM-JJ as midnight UTC: its ISO form gives the day back.
  const day = (date: Date | undefined) => date?.toISOString().slice(0, 10);
  return { from: day(query.from) ?? year.from, to: day(query.to) ?? year.to };
}

export function requireBillingViewer(user: UserWithOffice): void {
  if (!canListOpenProjects(toViewer(user))) throw forbidden();
}

const toOpenProject = (r: OpenProjectRow): OpenProject => ({ ...r, created_at: r.created_at.toISOString() });

export async function listOpenProjects(
  ctx: AppContext,
  user: UserWithOffice,
  query: RangeQuery,
): Promise<{ projects: OpenProject[]; total: number }> {
  requireBillingViewer(user);
  const { rows, total } = await listProjectsCreatedBetween(ctx.db, daysOf(ctx, query), {
    limit: BILLING_PAGE_SIZE,
    offset: (query.page - 1) * BILLING_PAGE_SIZE,
  });
  return { projects: rows.map(toOpenProject), total };
}

/**
 * The whole range as CSV text chunks: the header (with the BOM) first, then
 * one chunk per batch of rows. The caller checks `requireBillingViewer` first.
 */
export async function* exportOpenProjects(ctx: AppContext, query: RangeQuery): AsyncGenerator<string> {
  yield billingCsv([]);
  for await (const batch of eachProjectCreatedBetween(ctx.db, daysOf(ctx, query))) {
    // The same formatting as the header, without repeating the header and BOM.
    const csv = billingCsv(batch.map(toOpenProject));
    yield csv.slice(csv.indexOf('\r\n') + 2);
  }
}
