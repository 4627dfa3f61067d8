import {
  adminUsersQuerySchema,
  changeRolesSchema,
  registrationSchema,
  toggleStatusSchema,
  userSchema,
  userStatusesSchema,
} from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/authenticate';
import { requireRecentAuthentication } from '../../auth/second-factor-gate';
import type { AppContext } from '../../context';
import { ANSWER_HEADERS, errorAnswers, jsonAnswer } from '../../http/answers';
import * as service from './admin-service';

const tags = ['administration'];

/** The users tab of /admin (spec sections 2, 4 and 7); every call is for admins only (403 otherwise). */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/admin/users', {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Utilisateurs, 10 par page (recherche, tri par nom ou date) ; le total est dans X-Total-Count',
        querystring: adminUsersQuerySchema,
        response: { 200: jsonAnswer(z.array(userSchema), 'Une page d’utilisateurs', ANSWER_HEADERS.totalCount) },
      },
      handler: async (request, reply) => {
        requireAdmin(request);
        const { users, total } = await service.listUsers(ctx, request.query);
        return reply.header('X-Total-Count', String(total)).send(users);
      },
    });

    app.post('/admin/users', {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Créer un utilisateur (formulaire d'inscription)",
        body: registrationSchema,
        response: { 201: userSchema, ...errorAnswers(409) },
      },
      handler: async (request, reply) => {
        requireAdmin(request);
        return reply.status(201).send(await service.registerUser(ctx, request.body));
      },
    });

    app.post('/admin/user/toggleStatus', {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Basculer un statut (active, validated, admin, pro, notary, needsRoleChange) ; pas les siens',
        body: toggleStatusSchema,
        response: { 200: userStatusesSchema, ...errorAnswers(404, 409) },
      },
      handler: async (request) => {
        const admin = requireAdmin(request);
        // Issue 27: every admin toggle asks the second factor again after 5 minutes.
        requireRecentAuthentication(request, ctx.now());
        return service.toggleUserStatus(ctx, admin, request.body);
      },
    });

    app.post('/admin/user/roles', {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Changer les rôles cochés (ROLE_USER toujours conservé) ; pas les siens',
        body: changeRolesSchema,
        response: { 200: userSchema, ...errorAnswers(404, 409) },
      },
      handler: async (request) => {
        const admin = requireAdmin(request);
        requireRecentAuthentication(request, ctx.now());
        return service.changeUserRoles(ctx, admin, request.body);
      },
    });
  };
}
