import {
  ceremonyOptionsSchema,
  passkeyAddedSchema,
  passkeyAssertionSchema,
  passkeyIdSchema,
  passkeyListSchema,
  passkeyRegistrationSchema,
  passkeySignInSchema,
  tokenAnswerSchema,
} from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate';
import { requireRecentAuthentication } from '../../auth/second-factor-gate';
import type { AppContext } from '../../context';
import { errorAnswers } from '../../http/answers';
import * as service from './passkey-service';

const tags = ['double authentification'];
const refusals = errorAnswers(400, 401, 403, 404, 409, 429);
const noBody = z.object({}).strict().nullish();

/**
 * Passkeys (WebAuthn, issue 27): added from the profile or the setup screen,
 * listed and removed; used as the sign-in step after the password, alone to
 * sign in (user verification required), and to re-authenticate.
 */
export function passkeyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Open while a stronger password is owed too: an office member or admin may add a passkey instead (the staff rule then no longer holds them).
    app.get('/auth/passkeys', {
      config: { access: 'user', openDuringGates: ['strongerPassword', 'secondFactorSetup'] },
      schema: {
        tags,
        summary: 'Les clés d’accès du compte (profil, rubrique « Sécurité »)',
        response: { 200: passkeyListSchema, ...refusals },
      },
      handler: async (request) => service.listOwnPasskeys(ctx, requireUser(request)),
    });

    app.post('/auth/passkeys/registration/options', {
      config: { access: 'user', openDuringGates: ['strongerPassword', 'secondFactorSetup'] },
      schema: {
        tags,
        summary:
          'Commencer l’ajout d’une clé d’accès : les options de navigator.credentials.create (défi valable 5 minutes, une fois) ; vérification récente exigée',
        body: noBody,
        response: { 200: ceremonyOptionsSchema, ...refusals },
      },
      handler: async (request) => {
        const user = requireUser(request);
        requireRecentAuthentication(request, ctx.now());
        return service.startRegistration(ctx, user);
      },
    });

    app.post('/auth/passkeys/registration', {
      config: { access: 'user', openDuringGates: ['strongerPassword', 'secondFactorSetup'] },
      schema: {
        tags,
        summary:
          'Enregistrer la clé d’accès créée par le navigateur, sous le nom donné : la session devient complète et cet appareil est reconnu 30 jours ; vérification récente exigée',
        body: passkeyRegistrationSchema,
        response: { 200: passkeyAddedSchema, ...refusals },
      },
      handler: async (request, reply) => {
        const user = requireUser(request);
        requireRecentAuthentication(request, ctx.now());
        const done = await service.finishRegistration(ctx, user, request.session!, request.body);
        return reply.header('set-cookie', done.deviceCookie).send({ token: done.token, passkey: done.passkey });
      },
    });

    app.delete('/auth/passkeys/:id', {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Retirer une de ses clés d’accès (un membre d’office ou un administrateur garde au moins un facteur) ; vérification récente exigée',
        params: passkeyIdSchema,
        response: { 200: passkeyListSchema, ...refusals },
      },
      handler: async (request) => {
        const user = requireUser(request);
        requireRecentAuthentication(request, ctx.now());
        return service.removePasskey(ctx, user, request.params.id);
      },
    });

    app.post('/auth/passkeys/authentication/options', {
      config: { access: 'user', openDuringGates: ['secondFactorCode', 'secondFactorSetup'] },
      schema: {
        tags,
        summary: 'Options de navigator.credentials.get pour l’étape de connexion ou une nouvelle vérification : les clés d’accès du compte',
        body: noBody,
        response: { 200: ceremonyOptionsSchema, ...refusals },
      },
      handler: async (request) => service.startAuthentication(ctx, requireUser(request)),
    });

    app.post('/auth/second-factor/passkey', {
      config: { access: 'user', openDuringGates: ['secondFactorCode'] },
      schema: {
        tags,
        summary:
          'Étape de connexion avec une clé d’accès du compte, au lieu du code : rend la session complète et fait confiance à cet appareil 30 jours',
        body: passkeyAssertionSchema,
        response: { 200: tokenAnswerSchema, ...refusals },
      },
      handler: async (request, reply) => {
        const done = await service.completeSignInWithPasskey(ctx, requireUser(request), request.session!, request.body.response);
        return reply.header('set-cookie', done.deviceCookie).send({ token: done.token });
      },
    });

    app.post('/auth/reauthenticate/passkey', {
      config: { access: 'user', openDuringGates: ['secondFactorSetup'] },
      schema: {
        tags,
        summary: 'Confirmer son identité avant une action sensible avec une clé d’accès du compte ; rend un jeton vérifié à l’instant',
        body: passkeyAssertionSchema,
        response: { 200: tokenAnswerSchema, ...refusals },
      },
      handler: async (request) => service.reauthenticateWithPasskey(ctx, requireUser(request), request.session!, request.body.response),
    });

    app.post('/users/login/passkey/options', {
      config: { access: 'public' },
      schema: {
        tags: ['comptes'],
        summary:
          'Se connecter avec une clé d’accès : les options de navigator.credentials.get (clés découvrables, vérification de l’utilisateur exigée)',
        body: noBody,
        response: { 200: ceremonyOptionsSchema, ...refusals },
      },
      handler: async (request) => service.startPasswordlessSignIn(ctx, request.ip),
    });

    app.post('/users/login/passkey', {
      config: { access: 'public' },
      schema: {
        tags: ['comptes'],
        summary:
          'Se connecter avec une clé d’accès seule (elle vaut les deux facteurs) : une session complète, « Se souvenir de moi » comme avec le mot de passe',
        body: passkeySignInSchema,
        response: { 200: tokenAnswerSchema, ...refusals },
      },
      handler: async (request, reply) => {
        const done = await service.passwordlessSignIn(ctx, request.body, request.ip);
        return reply.header('set-cookie', done.deviceCookie).send({ token: done.token });
      },
    });
  };
}
