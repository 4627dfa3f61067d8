import {
  askIntermediarySchema,
  passwordChangeSchema,
  positiveId,
  sessionSchema,
  tokenAnswerSchema,
  userPatchAnswerSchema,
  userPatchSchema,
  userSchema,
} from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { readParts } from '../../files/upload';
import { ANSWER_HEADERS, emptyAnswer, errorAnswers, jsonAnswer } from '../../http/answers';
import { entityTag, sendRevalidated } from '../../http/revalidation';
import { toSession, viewerTag } from './user-data';
import { askIntermediary, changeOwnPassword, getUserFor, resendPendingEmailConfirmation, updateUserFor } from './user-service';
import { enforceRateLimit } from '../accounts/account-service';
import { changeAvatar } from './avatar-service';

const idParams = z.object({ id: positiveId('Identifiant d’utilisateur invalide.') });
const tags = ['utilisateurs'];
const sessionAnswers = {
  200: jsonAnswer(sessionSchema, 'La session, étiquetée de sa version', ANSWER_HEADERS.etag),
  304: emptyAnswer('La session n’a pas changé depuis la version envoyée en If-None-Match', ANSWER_HEADERS.etag),
};

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Also read by the screens a held session shows: the stronger password's and the second factor's setup.
    app.get(
      '/users/me',
      {
        config: { access: 'user', openDuringGates: ['strongerPassword', 'secondFactorSetup'] },
        schema: { tags, summary: 'La session courante', response: sessionAnswers },
      },
      async (request, reply) => {
        // The session is the account's row and its office's, read by the authentication: their revisions tag it.
        const user = requireUser(request);
        return sendRevalidated(request, reply, entityTag([viewerTag(user)]), () => toSession(user));
      },
    );

    // The one change a session held at the "stronger password" gate may make (the profile's PATCH may change more).
    app.post('/users/me/password', {
      // A stronger password comes first, then the second factor's setup (they would otherwise wait on each other).
      config: { access: 'user', openDuringGates: ['strongerPassword', 'secondFactorSetup'] },
      schema: {
        tags,
        summary: 'Changer son mot de passe (seule action permise tant qu’un compte d’office doit choisir un mot de passe plus robuste)',
        body: passwordChangeSchema,
        response: { 200: tokenAnswerSchema },
      },
      handler: async (request) => changeOwnPassword(ctx, requireUser(request), request.body, request.session),
    });

    app.get(
      '/users/:id',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Un utilisateur (soi-même ou admin)', params: idParams, response: { 200: userSchema } },
      },
      async (request) => getUserFor(ctx, requireUser(request), request.params.id),
    );

    app.patch('/users/:id', {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Modifier un profil',
        params: idParams,
        body: userPatchSchema,
        response: { 200: userPatchAnswerSchema, ...errorAnswers(409) },
      },
      handler: async (request) => updateUserFor(ctx, requireUser(request), request.params.id, request.body, request.session),
    });

    // The new address's link again; a change is cancelled by sending the current address back to PATCH /users/{id}.
    app.post('/users/email/resendPending', {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Renvoyer le lien de confirmation de la nouvelle adresse email en attente',
        body: z.object({}).optional(),
        response: { 200: userSchema, ...errorAnswers(409, 429) },
      },
      handler: async (request) => {
        const user = requireUser(request);
        await enforceRateLimit(ctx, [
          [`resend:ip:${request.ip}`, ctx.rateLimits.mailPerIp],
          [`resend-pending:user:${user.id}`, ctx.rateLimits.mailPerEmail],
        ]);
        return resendPendingEmailConfirmation(ctx, user);
      },
    });

    // The profile's photo and the request for intermediary rights.
    app.post('/users/avatar', {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Photo de profil (multipart : email, avatar), redimensionnée en 104 px',
        consumes: ['multipart/form-data'],
        response: { 200: userSchema },
      },
      handler: async (request) => changeAvatar(ctx, requireUser(request), readParts(request)),
    });

    app.post('/users/askIntermediary', {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Demander les droits d'intermédiaire immobilier",
        body: askIntermediarySchema,
        response: { 200: userSchema },
      },
      handler: async (request) => askIntermediary(ctx, requireUser(request), request.body.userId),
    });
  };
}
