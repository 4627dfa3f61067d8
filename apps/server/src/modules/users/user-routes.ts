import { askIntermediarySchema, positiveId, userPatchSchema } from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { readParts } from '../../files/upload';
import { entityTag, sendRevalidated } from '../../http/revalidation';
import { toSession, viewerTag } from './user-data';
import { askIntermediary, getUserFor, resendPendingEmailConfirmation, updateUserFor } from './user-service';
import { enforceRateLimit } from '../accounts/account-service';
import { changeAvatar } from './avatar-service';

const idParams = z.object({ id: positiveId('Identifiant d’utilisateur invalide.') });

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/users/me', { config: { access: 'user' }, schema: { tags: ['utilisateurs'], summary: 'La session courante' } }, async (request, reply) => {
      // Issue 24: the session is the account's row and its office's, read by the authentication: their revisions tag it.
      const user = requireUser(request);
      return sendRevalidated(request, reply, entityTag([viewerTag(user)]), () => toSession(user));
    });

    app.get('/users/:id', { config: { access: 'user' }, schema: { tags: ['utilisateurs'], summary: 'Un utilisateur (soi-même ou admin)', params: idParams } }, async (request) =>
      getUserFor(ctx, requireUser(request), request.params.id),
    );

    app.patch('/users/:id', {
      config: { access: 'user' },
      schema: { tags: ['utilisateurs'], summary: 'Modifier un profil', params: idParams, body: userPatchSchema },
      handler: async (request) => updateUserFor(ctx, requireUser(request), request.params.id, request.body, request.rememberedSession),
    });

    // The new address's link again; a change is cancelled by sending the current address back to PATCH /users/{id}.
    app.post('/users/email/resendPending', {
      config: { access: 'user' },
      schema: { tags: ['utilisateurs'], summary: 'Renvoyer le lien de confirmation de la nouvelle adresse email en attente', body: z.object({}).optional() },
      handler: async (request) => {
        const user = requireUser(request);
        await enforceRateLimit(ctx, [
          [`resend:ip:${request.ip}`, ctx.rateLimits.mailPerIp],
          [`resend-pending:user:${user.id}`, ctx.rateLimits.mailPerEmail],
        ]);
        return resendPendingEmailConfirmation(ctx, user);
      },
    });

    // Issue 10: the profile's photo and the request for intermediary rights.
    app.post('/users/avatar', {
      config: { access: 'user' },
      schema: { tags: ['utilisateurs'], summary: 'Photo de profil (multipart : email, avatar), redimensionnée en 104 px', consumes: ['multipart/form-data'] },
      handler: async (request) => changeAvatar(ctx, requireUser(request), readParts(request)),
    });

    app.post('/users/askIntermediary', {
      config: { access: 'user' },
      schema: { tags: ['utilisateurs'], summary: "Demander les droits d'intermédiaire immobilier", body: askIntermediarySchema },
      handler: async (request) => askIntermediary(ctx, requireUser(request), request.body.userId),
    });
  };
}
