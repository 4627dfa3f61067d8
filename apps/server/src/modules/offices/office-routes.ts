import { notaryOfficeSchema, OFFICE_MESSAGES, officeIdSchema } from '@notadoo/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { notFound } from '../../http/app-error';
import { findOfficeById, listOffices } from './office-data';

const tags = ['offices'];

export function officeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Every office, inactive ones included (flag `active`): pickers and the map show the active ones.
    app.get(
      '/notaryoffices',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'Les offices notariaux du réseau', response: { 200: z.array(notaryOfficeSchema) } },
      },
      async () => listOffices(ctx.db),
    );

    // The office's public page (/offices/{id}): its address, phone and e-mail are the network's public contact details.
    app.get(
      '/notaryoffices/:id',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Un office notarial du réseau (actif ou non : voir `active`)',
          params: officeIdSchema,
          response: { 200: notaryOfficeSchema },
        },
      },
      async (request) => {
        const office = await findOfficeById(ctx.db, request.params.id);
        if (!office) throw notFound(OFFICE_MESSAGES.officeNotFound);
        return office;
      },
    );
  };
}
