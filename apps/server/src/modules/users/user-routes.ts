import { positiveId, userPatchSchema } from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { toSession } from './user-data';
import { getUserFor, updateUserFor } from './user-service';

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
      handler: async (request) => updateUserFor(ctx, requireUser(request), request.params.id, request.body),
    });
  };
}
