import { askIntermediarySchema, positiveId, userPatchSchema } from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { toSession } from './user-data';
import { askIntermediary, getUserFor, updateUserFor } from './user-service';
import { changeAvatar } from './avatar-service';

const idParams = z.object({ id: positiveId('Identifiant d’utilisateur invalide.') });

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/users/me', { config: { access: 'user' }, schema: { tags: ['utilisateurs'], summary: 'La session courante' } }, async (request) =>
      toSession(requireUser(request)),
    );

    app.get('/users/:id', { config: { access: 'user' }, schema: { tags: ['utilisateurs'], summary: 'Un utilisateur (soi-même ou admin)', params: idParams } }, async (request) =>
      getUserFor(ctx, requireUser(request), request.params.id),
    );

    app.patch('/users/:id', {
      config: { access: 'user' },
      schema: { tags: ['utilisateurs'], summary: 'Modifier un profil', params: idParams, body: userPatchSchema },
      handler: async (request) => updateUserFor(ctx, requireUser(request), request.params.id, request.body, request.rememberedSession),
    });

    // Issue 10: the profile's photo and the request for intermediary rights.
    app.post('/users/avatar', {
      config: { access: 'user' },
      schema: { tags: ['utilisateurs'], summary: 'Photo de profil (multipart : email, avatar), redimensionnée en 104 px', consumes: ['multipart/form-data'] },
      handler: async (request) => changeAvatar(ctx, requireUser(request), request.parts()),
    });

    app.post('/users/askIntermediary', {
      config: { access: 'user' },
      schema: { tags: ['utilisateurs'], summary: "Demander les droits d'intermédiaire immobilier", body: askIntermediarySchema },
      handler: async (request) => askIntermediary(ctx, requireUser(request), request.body.userId),
    });
  };
}
