import {
  backupCodesSchema,
  messageAnswerSchema,
  resetSecondFactorSchema,
  secondFactorCodeSchema,
  secondFactorStatusSchema,
  tokenAnswerSchema,
  totpConfirmedSchema,
  totpConfirmSchema,
  totpSetupSchema,
} from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../../auth/authenticate';
import { requireRecentAuthentication } from '../../auth/second-factor-gate';
import type { AppContext } from '../../context';
import { errorAnswers } from '../../http/answers';
import { parseWith } from '../../http/parse';
import * as service from './second-factor-service';

const tags = ['double authentification'];
const refusals = errorAnswers(400, 401, 403, 404, 409, 429);
const codeBody = z.object({ code: z.string().max(40, 'Code trop long.') }).strict();
// Either field, checked by the service against what the account has (a code with a factor, else the password).
const reauthBody = z
  .object({ code: z.string().max(40, 'Code trop long.').optional(), password: z.string().max(4096, 'Mot de passe trop long.').optional() })
  .strict()
  .refine(
    (b) => (b.code === undefined) !== (b.password === undefined),
    'Saisissez un code de double authentification ou votre mot de passe.',
  );

/** TOTP and backup codes, the sign-in step, re-authentication and an admin's reset. */
export function secondFactorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/auth/second-factor', {
      // Open at the sign-in step too: the web offers the passkey there only to an account that has one.
      config: { access: 'user', openDuringGates: ['secondFactorCode', 'secondFactorSetup'] },
      schema: {
        tags,
        summary: 'État de la double authentification du compte (profil, rubrique « Sécurité »)',
        response: { 200: secondFactorStatusSchema, ...refusals },
      },
      handler: async (request) => service.getSecondFactorStatus(ctx, requireUser(request)),
    });

    app.post('/auth/second-factor/verify', {
      config: { access: 'user', openDuringGates: ['secondFactorCode', 'secondFactorSetup'] },
      schema: {
        tags,
        summary:
          'Étape de connexion : code de l’application (6 chiffres) ou code de secours ; rend la session complète et fait confiance à cet appareil 30 jours',
        body: codeBody,
        response: { 200: tokenAnswerSchema, ...refusals },
      },
      handler: async (request, reply) => {
        const input = parseWith(secondFactorCodeSchema, request.body);
        const done = await service.completeSignIn(ctx, requireUser(request), request.session!, input);
        return reply.header('set-cookie', done.deviceCookie).send({ token: done.token });
      },
    });

    app.post('/auth/second-factor/totp/setup', {
      config: { access: 'user', openDuringGates: ['secondFactorSetup'] },
      schema: {
        tags,
        summary: 'Commencer la configuration : un secret (base32 et adresse otpauth://) à ajouter à une application d’authentification',
        body: z.object({}).strict().nullish(),
        response: { 200: totpSetupSchema, ...refusals },
      },
      handler: async (request) => service.startTotpSetup(ctx, requireUser(request)),
    });

    app.post('/auth/second-factor/totp/confirm', {
      config: { access: 'user', openDuringGates: ['secondFactorSetup'] },
      schema: {
        tags,
        summary:
          'Confirmer la configuration avec le premier code : active la double authentification et rend les 10 codes de secours (affichés une seule fois)',
        body: codeBody,
        response: { 200: totpConfirmedSchema, ...refusals },
      },
      handler: async (request, reply) => {
        const { code } = parseWith(totpConfirmSchema, request.body);
        const done = await service.confirmTotpSetup(ctx, requireUser(request), request.session!, code);
        return reply.header('set-cookie', done.deviceCookie).send({ token: done.token, backupCodes: done.backupCodes });
      },
    });

    app.post('/auth/second-factor/backup-codes', {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Générer 10 nouveaux codes de secours (les anciens cessent de fonctionner) ; vérification récente exigée',
        body: z.object({}).strict().nullish(),
        response: { 200: backupCodesSchema, ...refusals },
      },
      handler: async (request) => {
        const user = requireUser(request);
        requireRecentAuthentication(request, ctx.now());
        return service.renewBackupCodes(ctx, user);
      },
    });

    app.delete('/auth/second-factor', {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Retirer sa double authentification (impossible pour un membre d’office ou un administrateur) ; vérification récente exigée',
        response: { 200: secondFactorStatusSchema, ...refusals },
      },
      handler: async (request) => {
        const user = requireUser(request);
        requireRecentAuthentication(request, ctx.now());
        return service.disableOwnSecondFactor(ctx, user);
      },
    });

    app.post('/auth/reauthenticate', {
      config: { access: 'user', openDuringGates: ['secondFactorSetup'] },
      schema: {
        tags,
        summary:
          'Confirmer son identité avant une action sensible : code (compte avec double authentification) ou mot de passe ; rend un jeton vérifié à l’instant',
        body: reauthBody,
        response: { 200: tokenAnswerSchema, ...refusals },
      },
      handler: async (request) => {
        const body = request.body;
        const input = body.code !== undefined ? { code: body.code } : { password: body.password! };
        return service.reauthenticate(ctx, requireUser(request), request.session!, input);
      },
    });

    app.post('/admin/user/resetSecondFactor', {
      config: { access: 'admin' },
      schema: {
        tags: ['administration'],
        summary:
          'Réinitialiser la double authentification d’un autre compte (jamais la sienne) : le compte est prévenu par mail, l’action est tracée',
        body: resetSecondFactorSchema,
        response: { 200: messageAnswerSchema, ...refusals },
      },
      handler: async (request) => {
        const admin = requireAdmin(request);
        requireRecentAuthentication(request, ctx.now());
        return service.resetSecondFactorOf(ctx, admin, request.body.id);
      },
    });
  };
}
