import { Readable } from 'node:stream';
import { BILLING_EXPORT_FILENAME, openProjectSchema, openProjectsQuerySchema } from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { ANSWER_HEADERS, fileAnswer, jsonAnswer } from '../../http/answers';
import { exportOpenProjects, listOpenProjects, requireBillingViewer } from './billing-service';

const tags = ['administration'];

/** The billing tab of /admin: projects created over a period, 100 per page, and their CSV export. */
export function billingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/projects/open', {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Dossiers créés sur une période (admin, facturation), 100 par page ; le total est dans X-Total-Count',
        querystring: openProjectsQuerySchema,
        response: { 200: jsonAnswer(z.array(openProjectSchema), 'Une page de dossiers de la période', ANSWER_HEADERS.totalCount) },
      },
      handler: async (request, reply) => {
        const { projects, total } = await listOpenProjects(ctx, requireUser(request), request.query);
        return reply.header('X-Total-Count', String(total)).send(projects);
      },
    });

    app.get('/projects/open/export', {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: `Export CSV de la période (${BILLING_EXPORT_FILENAME} : UTF-8 avec BOM, séparateur point-virgule)`,
        querystring: openProjectsQuerySchema,
        response: { 200: fileAnswer(['text/csv'], 'Le CSV de la période', ANSWER_HEADERS.download) },
      },
      handler: async (request, reply) => {
        requireBillingViewer(requireUser(request));
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${BILLING_EXPORT_FILENAME}"`)
          .header('Cache-Control', 'no-store')
          .send(Readable.from(exportOpenProjects(ctx, request.query)));
      },
    });
  };
}
