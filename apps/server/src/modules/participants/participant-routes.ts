import { addPersonSchema, changeRoleSchema, positiveId, projectIdSchema, removeParticipantSchema, updateParticipantSchema } from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import * as service from './participant-service';

const tags = ['personnes'];
const participantParams = z.object({ id: positiveId('Identifiant de participant invalide.') });

export function participantRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/project/:id/addperson', { config: { access: 'project' }, schema: { tags, summary: 'Ajouter une personne (invitée par mail si une adresse est donnée)', params: projectIdSchema, body: addPersonSchema } }, async (request) =>
      service.addPerson(ctx, requireUser(request), request.params.id, request.body),
    );

    app.delete('/project/:id/removeparticipant', { config: { access: 'project' }, schema: { tags, summary: 'Retirer une personne (ses documents restent, non attribués)', params: projectIdSchema, body: removeParticipantSchema } }, async (request) =>
      service.removeParticipant(ctx, requireUser(request), request.params.id, request.body.participantId),
    );

    app.patch('/participant', { config: { access: 'project' }, schema: { tags, summary: "Modifier le nom ou l'adresse d'une personne", body: updateParticipantSchema } }, async (request) =>
      service.updateParticipant(ctx, requireUser(request), request.body),
    );

    app.patch('/participant/:id/confirmrole', { config: { access: 'project' }, schema: { tags, summary: "Confirmer le rôle d'une personne : elle voit alors les documents de son rôle", params: participantParams } }, async (request) =>
      service.confirmParticipantRole(ctx, requireUser(request), request.params.id),
    );

    app.patch('/participant/:id/changerole', { config: { access: 'admin' }, schema: { tags, summary: 'Déplacer une personne vers un autre rôle (admin)', params: participantParams, body: changeRoleSchema } }, async (request) =>
      service.changeParticipantRole(ctx, requireUser(request), request.params.id, request.body.role),
    );
  };
}
