import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { listOffices } from './office-data';

export function officeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Every office, inactive ones included (flag `active`): pickers and the map show the active ones.
    app.get('/notaryoffices', { config: { access: 'public' }, schema: { tags: ['offices'], summary: 'Les offices notariaux du réseau' } }, async () =>
      listOffices(ctx.db),
    );
  };
}
