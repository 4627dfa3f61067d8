import { ADMIN_MESSAGES, errorBody, siteInfoSchema } from '@notadoo/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

const SITE_PATH = '/api/site';

/** What the web app needs before anything else: the network's name and whether the site is in maintenance. */
export function siteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/site', {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: 'Nom du réseau et mode maintenance',
        response: { 200: siteInfoSchema },
      },
      handler: async (_request, reply) => {
        reply.header('Cache-Control', 'no-cache');
        return { networkName: ctx.config.site.networkName, maintenance: ctx.config.site.maintenance };
      },
    });
  };
}

/**
 * The MAINTENANCE switch: every API call answers 503 with a French message,
 * except the site information the maintenance page reads. The web app itself
 * (and its assets) is still served, so every visitor sees that page.
 */
export function registerMaintenanceMode(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.site.maintenance) return;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/api/') || path === SITE_PATH) return;
    return reply.status(503).header('Retry-After', '600').send(errorBody('MAINTENANCE', ADMIN_MESSAGES.maintenance));
  });
}
