import {
  createdProjectSchema,
  createProjectSchema,
  dashboardPageSchema,
  dashboardQuerySchema,
  NEXT_PAGE_HEADER,
  officeMoveSchema,
  projectCoverSchema,
  projectIdSchema,
  projectSchema,
  projectOfficePatchSchema,
  projectStatusSchema,
  renameProjectSchema,
} from '@notadoo/domain';
import type { FastifyReply } from 'fastify';
import { sendRevalidated } from '../../http/revalidation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANSWER_HEADERS, emptyAnswer, errorAnswers, jsonAnswer } from '../../http/answers';
import { requireUser } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { readParts } from '../../files/upload';
import { listOfficeMoves } from './office-moves';
import * as service from './project-service';

const tags = ['dossiers'];
/** The first page of my files, which the dashboard's actions answer (their cursor in X-Next-Page). */
const dashboardAnswer = jsonAnswer(
  dashboardPageSchema,
  'Une page de mes dossiers (entrées partielles là où mon rôle ne donne pas accès)',
  ANSWER_HEADERS.nextPage,
);
const projectAnswer = { 200: projectSchema };
const projectPageAnswers = {
  200: jsonAnswer(projectSchema, 'Le dossier, étiqueté de sa version', ANSWER_HEADERS.etag),
  304: emptyAnswer('Le dossier n’a pas changé depuis la version envoyée en If-None-Match', ANSWER_HEADERS.etag),
};

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
          response: { 200: dashboardAnswer },
        },
      },
      async (request, reply) => sendDashboardPage(reply, await service.listMyProjects(ctx, requireUser(request), request.query)),
    );

    // GET /projects/open (billing) lives in modules/admin/billing-routes.ts.

    app.get(
      '/project/:id',
      {
        config: { access: 'project' },
        schema: { tags, summary: 'Un dossier complet', params: projectIdSchema, response: projectPageAnswers },
      },
      async (request, reply) => {
        const user = requireUser(request);
        // Without a copy to revalidate, the page and its tag come from one read.
        if (request.headers['if-none-match'] === undefined) {
          const { page, etag } = await service.getProjectPage(ctx, user, request.params.id);
          return sendRevalidated(request, reply, etag, () => page);
        }
        // Otherwise access is checked and the tag read in one short statement; the page itself only when the copy is stale.
        const etag = await service.projectPageTagFor(ctx, user, request.params.id);
        return sendRevalidated(request, reply, etag, () => service.getProjectFor(ctx, user, request.params.id));
      },
    );

    app.post(
      '/project',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Créer un dossier', body: createProjectSchema, response: { 201: createdProjectSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.createProject(ctx, requireUser(request), request.body)),
    );

    app.post(
      '/project/rename',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Renommer un dossier (répond la première page de mes dossiers)',
          body: renameProjectSchema,
          response: { 200: dashboardAnswer },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        await service.renameProject(ctx, user, request.body.id, request.body.name);
        return sendDashboardPage(reply, await service.listMyProjects(ctx, user));
      },
    );

    app.post(
      '/project/status',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Changer le statut (répond la première page de mes dossiers)',
          body: projectStatusSchema,
          response: { 200: dashboardAnswer },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        await service.setProjectStatus(ctx, user, request.body.id, request.body.status);
        return sendDashboardPage(reply, await service.listMyProjects(ctx, user));
      },
    );

    app.patch(
      '/project/status',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Changer le statut, ou transmettre au notaire (statut 3)',
          body: projectStatusSchema,
          response: projectAnswer,
        },
      },
      async (request) => service.setProjectStatus(ctx, requireUser(request), request.body.id, request.body.status),
    );

    app.patch(
      '/project/:id',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: "Choisir ou changer l'office notarial",
          params: projectIdSchema,
          body: projectOfficePatchSchema,
          response: projectAnswer,
        },
      },
      async (request) => service.changeProjectOffice(ctx, requireUser(request), request.params.id, request.body.office),
    );

    app.get(
      '/project/:id/office-moves',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: "Changements d'office du dossier, les plus récents d'abord (offices et administrateurs)",
          params: projectIdSchema,
          response: { 200: z.array(officeMoveSchema) },
        },
      },
      async (request) => listOfficeMoves(ctx, requireUser(request), request.params.id),
    );

    app.post(
      '/project/cover',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Image de couverture (multipart : id, cover_image)',
          consumes: ['multipart/form-data'],
          response: { 200: projectCoverSchema },
        },
      },
      async (request) => service.changeProjectCover(ctx, requireUser(request), readParts(request)),
    );

    app.delete(
      '/project/cover',
      {
        config: { access: 'project' },
        schema: { tags, summary: "Retirer l'image de couverture", body: projectIdSchema, response: projectAnswer },
      },
      async (request) => service.removeProjectCover(ctx, requireUser(request), request.body.id),
    );

    app.delete(
      '/project/:id',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Archiver un dossier (répond la première page de mes dossiers ; 409 s’il l’est déjà)',
          params: projectIdSchema,
          response: { 200: dashboardAnswer, ...errorAnswers(409) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        await service.archiveProject(ctx, user, request.params.id);
        return sendDashboardPage(reply, await service.listMyProjects(ctx, user));
      },
    );

    app.post(
      '/project/:id/restore',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary:
            "Restaurer un dossier archivé (l'office du dossier, les administrateurs, son créateur avant transmission ; 409 s'il n'est pas archivé)",
          params: projectIdSchema,
          response: { ...projectAnswer, ...errorAnswers(409) },
        },
      },
      async (request) => service.restoreProject(ctx, requireUser(request), request.params.id),
    );
  };
}
