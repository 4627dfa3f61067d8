import {
  createProjectSchema,
  dashboardQuerySchema,
  NEXT_PAGE_HEADER,
  projectIdSchema,
  projectOfficePatchSchema,
  projectStatusSchema,
  renameProjectSchema,
} from '@notadoo/domain';
import type { FastifyReply } from 'fastify';
import { sendRevalidated } from '../../http/revalidation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { readParts } from '../../files/upload';
import { listOfficeMoves } from './office-moves';
import * as service from './project-service';

const tags = ['dossiers'];

/** The list is the body, as the spec's calls answer it; the next page's cursor travels in a header. */
function sendDashboardPage(reply: FastifyReply, page: service.DashboardPage) {
  if (page.next) reply.header(NEXT_PAGE_HEADER, page.next);
  return reply.send(page.projects);
}

export function projectRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/projects/mine',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: `Mes dossiers (archivés exclus, ou seuls les archivés avec archived=true), les plus récents d'abord, par pages ; l'en-tête ${NEXT_PAGE_HEADER} donne la page suivante`,
          querystring: dashboardQuerySchema,
        },
      },
      async (request, reply) => sendDashboardPage(reply, await service.listMyProjects(ctx, requireUser(request), request.query)),
    );

    // GET /projects/open (billing) lives in modules/admin/billing-routes.ts.

    app.get('/project/:id', { config: { access: 'project' }, schema: { tags, summary: 'Un dossier complet', params: projectIdSchema } }, async (request, reply) => {
      const user = requireUser(request);
      // Without a copy to revalidate, the page and its tag come from one read.
      if (request.headers['if-none-match'] === undefined) {
        const { page, etag } = await service.getProjectPage(ctx, user, request.params.id);
        return sendRevalidated(request, reply, etag, () => page);
      }
      // Otherwise access is checked and the tag read in one short statement; the page itself only when the copy is stale.
      const etag = await service.projectPageTagFor(ctx, user, request.params.id);
      return sendRevalidated(request, reply, etag, () => service.getProjectFor(ctx, user, request.params.id));
    });

    app.post('/project', { config: { access: 'user' }, schema: { tags, summary: 'Créer un dossier', body: createProjectSchema } }, async (request, reply) =>
      reply.status(201).send(await service.createProject(ctx, requireUser(request), request.body)),
    );

    app.post('/project/rename', { config: { access: 'project' }, schema: { tags, summary: 'Renommer un dossier (répond la première page de mes dossiers)', body: renameProjectSchema } }, async (request, reply) => {
      const user = requireUser(request);
      await service.renameProject(ctx, user, request.body.id, request.body.name);
      return sendDashboardPage(reply, await service.listMyProjects(ctx, user));
    });

    app.post('/project/status', { config: { access: 'project' }, schema: { tags, summary: 'Changer le statut (répond la première page de mes dossiers)', body: projectStatusSchema } }, async (request, reply) => {
      const user = requireUser(request);
      await service.setProjectStatus(ctx, user, request.body.id, request.body.status);
      return sendDashboardPage(reply, await service.listMyProjects(ctx, user));
    });

    app.patch('/project/status', { config: { access: 'project' }, schema: { tags, summary: 'Changer le statut, ou transmettre au notaire (statut 3)', body: projectStatusSchema } }, async (request) =>
      service.setProjectStatus(ctx, requireUser(request), request.body.id, request.body.status),
    );

    app.patch('/project/:id', { config: { access: 'project' }, schema: { tags, summary: "Choisir ou changer l'office notarial", params: projectIdSchema, body: projectOfficePatchSchema } }, async (request) =>
      service.changeProjectOffice(ctx, requireUser(request), request.params.id, request.body.office),
    );

    app.get(
      '/project/:id/office-moves',
      { config: { access: 'project' }, schema: { tags, summary: "Changements d'office du dossier, les plus récents d'abord (offices et administrateurs)", params: projectIdSchema } },
      async (request) => listOfficeMoves(ctx, requireUser(request), request.params.id),
    );

    app.post('/project/cover', { config: { access: 'project' }, schema: { tags, summary: 'Image de couverture (multipart : id, cover_image)', consumes: ['multipart/form-data'] } }, async (request) =>
      service.changeProjectCover(ctx, requireUser(request), readParts(request)),
    );

    app.delete('/project/cover', { config: { access: 'project' }, schema: { tags, summary: "Retirer l'image de couverture", body: projectIdSchema } }, async (request) =>
      service.removeProjectCover(ctx, requireUser(request), request.body.id),
    );

    app.delete('/project/:id', { config: { access: 'project' }, schema: { tags, summary: 'Archiver un dossier (répond la première page de mes dossiers ; 409 s’il l’est déjà)', params: projectIdSchema } }, async (request, reply) => {
      const user = requireUser(request);
      await service.archiveProject(ctx, user, request.params.id);
      return sendDashboardPage(reply, await service.listMyProjects(ctx, user));
    });

    app.post(
      '/project/:id/restore',
      { config: { access: 'project' }, schema: { tags, summary: "Restaurer un dossier archivé (l'office du dossier, les administrateurs, son créateur avant transmission ; 409 s'il n'est pas archivé)", params: projectIdSchema } },
      async (request) => service.restoreProject(ctx, requireUser(request), request.params.id),
    );
  };
}
