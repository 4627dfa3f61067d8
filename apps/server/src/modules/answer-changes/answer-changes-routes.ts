import { answerMarkListSchema, answerMarksParamsSchema } from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { listAnswerMarks } from './answer-changes-service';

export function answerChangeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/document/:documentId/answer-marks',
      {
        config: { access: 'project' },
        schema: {
          tags: ['questionnaires'],
          summary: 'Réponses modifiées par l’office',
          description:
            "Les réponses d'un questionnaire que l'office notarial (ou un administrateur) a modifiées en dernier : champ, " +
            'date, auteur. Une réponse que le client modifie ensuite perd sa marque. Réservé à qui peut lire le questionnaire.',
          params: answerMarksParamsSchema,
          response: { 200: answerMarkListSchema },
        },
      },
      async (request) => listAnswerMarks(ctx, requireUser(request), request.params.documentId),
    );
  };
}
