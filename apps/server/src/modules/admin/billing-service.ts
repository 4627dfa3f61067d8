import { BILLING_PAGE_SIZE, billingCsv, canListOpenProjects, type OpenProject, type openProjectsQuerySchema } from '@notadoo/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/app-error';
import { toViewer } from '../projects/project-presenter';
import type { UserWithOffice } from '../users/user-data';
import { eachProjectCreatedBetween, listProjectsCreatedBetween, type OpenProjectRow } from './billing-data';

type RangeQuery = z.output<typeof openProjectsQuerySchema>;

/** The range of the query; by default 1 January to 31 December of the current year, both days included. */
function rangeOf(ctx: AppContext, query: Pick<RangeQuery, 'from' | 'to'>): { from: Date; end: Date } {
  const year = ctx.now().getUTCFullYear();
  const from = query.from ?? new Date(Date.UTC(year, 0, 1));
  const to = query.to ?? new Date(Date.UTC(year, 11, 31));
  return { from, end: new Date(to.getTime() + 24 * 3600_000) };
}

export function requireBillingViewer(user: UserWithOffice): void {
  if (!canListOpenProjects(toViewer(user))) throw forbidden();
}

const toOpenProject = (r: OpenProjectRow): OpenProject => ({ ...r, created_at: r.created_at.toISOString() });

export async function listOpenProjects(ctx: AppContext, user: UserWithOffice, query: RangeQuery): Promise<{ projects: OpenProject[]; total: number }> {
  requireBillingViewer(user);
  const { from, end } = rangeOf(ctx, query);
  const { rows, total } = await listProjectsCreatedBetween(ctx.db, from, end, { limit: BILLING_PAGE_SIZE, offset: (query.page - 1) * BILLING_PAGE_SIZE }, ctx.now());
  return { projects: rows.map(toOpenProject), total };
}

/**
 * The whole range as CSV text chunks: the header (with the BOM) first, then
 * one chunk per batch of rows. The caller checks `requireBillingViewer` first.
 */
export async function* exportOpenProjects(ctx: AppContext, query: RangeQuery): AsyncGenerator<string> {
  const { from, end } = rangeOf(ctx, query);
  yield billingCsv([]);
  for await (const batch of eachProjectCreatedBetween(ctx.db, from, end)) {
    // The same formatting as the header, without repeating the header and BOM.
    const csv = billingCsv(batch.map(toOpenProject));
    yield csv.slice(csv.indexOf('\r\n') + 2);
  }
}
