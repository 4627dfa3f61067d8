import {
  emailConfirmSchema,
  loginSchema,
  messageAnswerSchema,
  resendConfirmSchema,
  resetRequestSchema,
  resetSetSchema,
  signInAnswerSchema,
  signupSchema,
  tokenAnswerSchema,
} from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorAnswers } from '../../http/answers';
import { parseWith } from '../../http/parse';
import * as accounts from './account-service';

/** Sign-up, sign-in, password reset and e-mail confirmation: the unauthenticated calls. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const limits = ctx.rateLimits;

    app.post('/users/signup', {
      config: { access: 'public' },
      schema: {
        tags: ['comptes'],
        summary: 'Créer un compte',
        body: signupSchema,
        response: { 201: tokenAnswerSchema, ...errorAnswers(403, 429) },
      },
      handler: async (request, reply) => {
        await accounts.enforceRateLimit(ctx, [[`signup:ip:${request.ip}`, limits.signupPerIp]]);
        const token = await accounts.signup(ctx, request.body);
        return reply.status(201).send({ token });
      },
    });

    app.post('/users/login', {
      config: { access: 'public' },
      schema: {
        tags: ['comptes'],
        summary: 'Se connecter (puis, selon le compte, le code de double authentification)',
        body: loginSchema,
        response: { 200: signInAnswerSchema, ...errorAnswers(401, 429) },
      },
      handler: async (request) => {
        // The address's attempts are counted by `login`, in the same statement that reads its failures.
        return accounts.login(ctx, request.body, request.ip, request.headers.cookie);
      },
    });

    // One path, two calls (spec section 7): `{email}` asks for a link, `{password, token}` sets the password.
    app.post('/users/reset/password', {
      config: { access: 'public' },
      schema: {
        tags: ['comptes'],
        summary: 'Demander un lien de réinitialisation, ou définir le nouveau mot de passe',
        body: z.object({
          email: z.string().optional().describe('Demande de lien'),
          password: z.string().optional().describe('Nouveau mot de passe (avec token)'),
          token: z.string().optional().describe('Jeton reçu par mail'),
        }),
        response: { 200: messageAnswerSchema, ...errorAnswers(429) },
      },
      handler: async (request) => {
        if (request.body.token !== undefined) {
          await accounts.enforceRateLimit(ctx, [[`reset:ip:${request.ip}`, limits.mailPerIp]]);
          return { message: await accounts.resetPassword(ctx, parseWith(resetSetSchema, request.body)) };
        }
        const body = parseWith(resetRequestSchema, request.body);
        await accounts.enforceRateLimit(ctx, [
          [`reset:ip:${request.ip}`, limits.mailPerIp],
          [`reset:email:${body.email}`, limits.mailPerEmail],
        ]);
        return { message: await accounts.requestPasswordReset(ctx, body.email) };
      },
    });

    app.post('/users/email/confirm', {
      config: { access: 'public' },
      schema: {
        tags: ['comptes'],
        summary: "Confirmer l'adresse email",
        body: emailConfirmSchema,
        response: { 200: messageAnswerSchema, ...errorAnswers(409) },
      },
      handler: async (request) => ({ message: await accounts.confirmEmail(ctx, request.body) }),
    });

    app.post('/users/email/resendConfirm', {
      config: { access: 'public' },
      schema: {
        tags: ['comptes'],
        summary: 'Renvoyer le mail de confirmation',
        body: resendConfirmSchema,
        response: { 200: messageAnswerSchema, ...errorAnswers(429) },
      },
      handler: async (request) => {
        await accounts.enforceRateLimit(ctx, [
          [`resend:ip:${request.ip}`, limits.mailPerIp],
          [`resend:email:${request.body.email}`, limits.mailPerEmail],
        ]);
        return { message: await accounts.resendConfirmation(ctx, request.body.email) };
      },
    });
  };
}
