import {
  accountDeletionPlanSchema,
  accountDeletionResultSchema,
  accountDeletionSchema,
  dataExportLinkParamsSchema,
  dataExportLinkSchema,
  dataExportParamsSchema,
  dataExportViewSchema,
} from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { ANSWER_HEADERS, errorAnswers, fileAnswer } from '../../http/answers';
import { enforceRateLimit } from '../accounts/account-service';
import { deleteOwnAccount, planAccountDeletion } from './account-deletion-service';
import { getMyDataExport, issueDataExportLink, listMyDataExports, openDataExportDownload, requestDataExport } from './export-service';

const tags = ['mes données'];

/** A copy of one's data (GDPR art. 15, 20) and the deletion of one's account (art. 17). */
export function personalDataRoutes(ctx: AppContext, wakeExportBuilder: () => void): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/me/data-exports',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Mes dernières copies de données (5), la plus récente d’abord',
          response: { 200: z.array(dataExportViewSchema) },
        },
      },
      async (request) => listMyDataExports(ctx, requireUser(request)),
    );
    app.post(
      '/users/me/data-exports',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Demander une copie de mes données (ZIP préparé en arrière-plan, un e-mail quand elle est prête) ; 409 si une copie est déjà en préparation',
          body: z.object({}).optional(),
          response: { 201: dataExportViewSchema, ...errorAnswers(409) },
        },
      },
      async (request, reply) => reply.code(201).send(await requestDataExport(ctx, requireUser(request), wakeExportBuilder)),
    );
    app.get(
      '/users/me/data-exports/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'L’état d’une de mes copies (avancement en %)',
          params: dataExportParamsSchema,
          response: { 200: dataExportViewSchema },
        },
      },
      async (request) => getMyDataExport(ctx, requireUser(request), request.params.id),
    );
    app.post(
      '/users/me/data-exports/:id/link',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Un lien de téléchargement (5 minutes) de ma copie prête ; 409 si elle n’est pas prête ou a expiré',
          params: dataExportParamsSchema,
          body: z.object({}).optional(),
          response: { 200: dataExportLinkSchema, ...errorAnswers(409) },
        },
      },
      async (request) => issueDataExportLink(ctx, requireUser(request), request.params.id),
    );
    app.get(
      '/data-export/:id/:token',
      {
        // The token in the path is the credential (the owner's, for this copy): the link is opened without the bearer token.
        config: { access: 'link' },
        schema: {
          tags,
          summary: 'Télécharger ma copie de données (ZIP, lien à jeton)',
          security: [],
          params: dataExportLinkParamsSchema,
          produces: ['application/zip'],
          response: { 200: fileAnswer(['application/zip'], 'La copie de mes données', ANSWER_HEADERS.download), ...errorAnswers(403, 409) },
        },
      },
      async (request, reply) => {
        const file = await openDataExportDownload(ctx, request.params.id, request.params.token);
        return reply
          .type('application/zip')
          .header('content-length', file.size)
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );
    app.get(
      '/users/me/deletion-plan',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Ce que la suppression de mon compte supprimerait, et les dossiers qui resteraient à leur office',
          response: { 200: accountDeletionPlanSchema },
        },
      },
      async (request) => planAccountDeletion(ctx, requireUser(request)),
    );
    app.post(
      '/users/me/delete',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Supprimer mon compte (mot de passe et confirmation) : mes brouillons supprimés, les dossiers transmis restent à leur office',
          body: accountDeletionSchema,
          response: { 200: accountDeletionResultSchema, ...errorAnswers(409, 429) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        // A session left open must not become a way to guess the password: as many tries as a sign-in from one address.
        await enforceRateLimit(ctx, [[`delete-account:user:${user.id}`, ctx.rateLimits.loginFailuresPerAccountAndIp]]);
        return deleteOwnAccount(ctx, user, request.body);
      },
    );
  };
}
