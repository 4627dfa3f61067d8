import {
  batchAcceptSchema,
  diagnosticReportSchema,
  pieceReviewSchema,
  positiveId,
  projectIdSchema,
  projectPiecesSchema,
  remindNowResultSchema,
  remindNowSchema,
  signingDateSchema,
} from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { errorAnswers } from '../../http/answers';
import * as reminders from './piece-reminder-service';
import * as service from './piece-service';

const tags = ['pièces'];
const pieceParams = z.object({ id: positiveId('Identifiant de pièce invalide.') });
const versionParams = z.object({ id: positiveId('Identifiant de fichier de pièce invalide.') });
const response = { 200: projectPiecesSchema };
/** A change the piece's state no longer allows (or made meanwhile by someone else) is a 409. */
const changed = { 200: projectPiecesSchema, ...errorAnswers(409) };

/**
 * Issue 22: the pieces of a file. Sending a file for a piece goes through
 * `POST /project/{id}/addfile` with its `pieceRequestId` field (documents module);
 * `pieceRequestId=other` sends a piece nobody asked for ("Autre document").
 */
export function pieceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/project/:id/pieces',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Les pièces du dossier que je peux voir : états, fichiers, examens, validité des diagnostics',
          params: projectIdSchema,
          response,
        },
      },
      async (request) => service.getProjectPieces(ctx, requireUser(request), request.params.id),
    );
    app.post(
      '/piece/:id/review',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Examiner une pièce (office) : accepter, à corriger, refuser, dispenser, annuler la dispense',
          params: pieceParams,
          body: pieceReviewSchema,
          response: changed,
        },
      },
      async (request) => service.reviewPiece(ctx, requireUser(request), request.params.id, request.body),
    );
    app.post(
      '/project/:id/pieces/accept',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Accepter plusieurs pièces reçues à la fois (office)',
          params: projectIdSchema,
          body: batchAcceptSchema,
          response: changed,
        },
      },
      async (request) => service.acceptPieces(ctx, requireUser(request), request.params.id, request.body.ids),
    );
    app.patch(
      '/piece-version/:id/report',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: "Date (et constat) d'un rapport de diagnostic envoyé comme pièce",
          params: versionParams,
          body: diagnosticReportSchema,
          response: changed,
        },
      },
      async (request) => service.setReportDate(ctx, requireUser(request), request.params.id, request.body),
    );
    app.patch(
      '/project/:id/signing-date',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Date de signature prévue (office) ; vide pour la retirer',
          params: projectIdSchema,
          body: signingDateSchema,
          response,
        },
      },
      async (request) => service.setSigningDate(ctx, requireUser(request), request.params.id, request.body.signingDate),
    );
    app.post(
      '/project/:id/pieces/remind',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary:
            "Relancer maintenant (office) une personne, ou chacune, pour les pièces qu'elle doit encore ; 429 si une relance lui est déjà partie aujourd'hui",
          params: projectIdSchema,
          body: remindNowSchema,
          response: { 200: remindNowResultSchema, ...errorAnswers(409, 429) },
        },
      },
      async (request) => reminders.sendReminderNow(ctx, requireUser(request), request.params.id, request.body.participantId),
    );
  };
}
