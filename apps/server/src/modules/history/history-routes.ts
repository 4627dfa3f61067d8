import { Readable } from 'node:stream';
import {
  historyFileName,
  historyFilterSchema,
  historyPageQuerySchema,
  historyPageSchema,
  historyVerificationSchema,
  projectIdSchema,
} from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { ANSWER_HEADERS, fileAnswer } from '../../http/answers';
import { historyCsv, historyPdf } from './history-exports';
import { getHistoryPage, historyPeriod, requireHistoryReader, verifyProjectHistory } from './history-service';

const tags = ['historique'];
const DOWNLOADS = {
  csv: { mime: 'text/csv', contentType: 'text/csv; charset=utf-8', summary: "L'historique en CSV (UTF-8 avec BOM, point-virgule)" },
  pdf: { mime: 'application/pdf', contentType: 'application/pdf', summary: "L'historique en PDF (A4, en français)" },
} as const;
const FILTERS =
  '`kinds` (types séparés par des virgules), `actor` (identifiant de compte ou `system`), `from` et `to` (AAAA-MM-JJ, jours de Paris)';

export function historyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/project/:id/history',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: `L'historique du dossier, les plus récents d'abord (office et admins : tout ; une personne : ses réponses, ses pièces et ses connexions). Filtres ${FILTERS} ; \`limit\` 1 à 500, \`cursor\` la page suivante`,
          params: projectIdSchema,
          querystring: historyPageQuerySchema,
          response: { 200: historyPageSchema },
        },
      },
      async (request) => getHistoryPage(ctx, requireUser(request), request.params.id, request.query),
    );

    // The two downloads differ only in their format: the same checks, filters and headers.
    for (const format of ['csv', 'pdf'] as const) {
      const { mime, contentType, summary } = DOWNLOADS[format];
      app.get(
        `/project/:id/history.${format}`,
        {
          config: { access: 'project' },
          schema: {
            tags,
            summary: `${summary}, mêmes filtres : ${FILTERS}`,
            params: projectIdSchema,
            querystring: historyFilterSchema,
            produces: [mime],
            response: { 200: fileAnswer([mime], `Le ${format.toUpperCase()} de l'historique`, ANSWER_HEADERS.download) },
          },
        },
        async (request, reply) => {
          const { loaded, scope } = await requireHistoryReader(ctx, requireUser(request), request.params.id);
          historyPeriod(request.query); // a refusal must come before the first byte
          const body =
            format === 'csv'
              ? Readable.from(historyCsv(ctx, loaded, scope, request.query))
              : await historyPdf(ctx, { loaded, scope, filter: request.query, generatedAt: ctx.now() });
          return reply
            .header('content-type', contentType)
            .header('content-disposition', `attachment; filename="${historyFileName(request.params.id, format)}"`)
            .header('cache-control', 'private, no-store')
            .send(body);
        },
      );
    }

    app.get(
      '/admin/project/:id/history/verify',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: "Vérifier la chaîne d'empreintes de l'historique d'un dossier (admin) : la première entrée rompue, s'il y en a une",
          params: projectIdSchema,
          response: { 200: historyVerificationSchema },
        },
      },
      async (request) => verifyProjectHistory(ctx, requireUser(request), request.params.id),
    );
  };
}
