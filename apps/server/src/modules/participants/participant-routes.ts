import {
  addPersonSchema,
  changeRoleSchema,
  positiveId,
  projectIdSchema,
  projectSchema,
  removeParticipantSchema,
  updateParticipantSchema,
} from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { errorAnswers } from '../../http/answers';
import * as service from './participant-service';

const tags = ['personnes'];
/** These calls answer the file as it now is. */
const response = { 200: projectSchema };
/** An invitation by e-mail counts against the sender's hourly limit. */
const inviting = { 200: projectSchema, ...errorAnswers(429) };
const participantParams = z.object({ id: positiveId('Identifiant de participant invalide.') });

export function participantRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/project/:id/addperson',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Ajouter une personne (invitée par mail si une adresse est donnée)',
          params: projectIdSchema,
          body: addPersonSchema,
          response: inviting,
        },
      },
      async (request) => service.addPerson(ctx, requireUser(request), request.params.id, request.body),
    );

    app.delete(
      '/project/:id/removeparticipant',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Retirer une personne (ses documents restent, non attribués)',
          params: projectIdSchema,
          body: removeParticipantSchema,
          response,
        },
      },
      async (request) => service.removeParticipant(ctx, requireUser(request), request.params.id, request.body.participantId),
    );

    app.patch(
      '/participant',
      {
        config: { access: 'project' },
        schema: { tags, summary: "Modifier le nom ou l'adresse d'une personne", body: updateParticipantSchema, response: inviting },
      },
      async (request) => service.updateParticipant(ctx, requireUser(request), request.body),
    );

    app.patch(
      '/participant/:id/confirmrole',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: "Confirmer le rôle d'une personne : elle voit alors les documents de son rôle",
          params: participantParams,
          response,
        },
      },
      async (request) => service.confirmParticipantRole(ctx, requireUser(request), request.params.id),
    );

    app.patch(
      '/participant/:id/changerole',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Déplacer une personne vers un autre rôle (admin)',
          params: participantParams,
          body: changeRoleSchema,
          response,
        },
      },
      async (request) => service.changeParticipantRole(ctx, requireUser(request), request.params.id, request.body.role),
    );
  };
}
