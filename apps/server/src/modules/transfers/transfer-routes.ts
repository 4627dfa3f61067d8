import { bridgeSettingsSchema, projectIdSchema, recordTransferSchema, transferPageSchema, transferRecordSchema } from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import * as service from './transfer-service';

const tags = ['transferts'];
const pageQuery = z.object({
  page: z.coerce
    .number({ error: 'Le numéro de page doit être un entier positif.' })
    .int('Le numéro de page doit être un entier positif.')
    .min(1, 'Le numéro de page doit être un entier positif.')
    .max(100_000, 'Le numéro de page doit être un entier positif.')
    .default(1),
});

export function transferRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/transfer/bridge',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "Adresse et clé de service de la passerelle du logiciel de rédaction d'actes, adresse de l'API (offices et admins)",
          response: { 200: bridgeSettingsSchema },
        },
      },
      async (request) => service.getBridgeSettings(ctx, requireUser(request)),
    );

    app.post(
      '/project/:id/transfers',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: "Enregistrer un transfert vers le logiciel de rédaction d'actes et son résultat",
          params: projectIdSchema,
          body: recordTransferSchema,
          response: { 201: transferRecordSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.recordTransfer(ctx, requireUser(request), request.params.id, request.body)),
    );

    app.get(
      '/project/:id/transfers',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Les transferts du dossier, les plus récents d’abord (10 par page)',
          params: projectIdSchema,
          querystring: pageQuery,
          response: { 200: transferPageSchema },
        },
      },
      async (request) => service.listProjectTransfers(ctx, requireUser(request), request.params.id, request.query.page),
    );
  };
}
