import {
  downloadFormAnswerSchema,
  downloadFormParamsSchema,
  errorWithDocumentSchema,
  questionnaireItemSchema,
  saveQuestionnaireSchema,
} from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { errorAnswers, jsonAnswer } from '../../http/answers';
import { generateQuestionnairePdf, saveQuestionnaire } from './questionnaire-service';

const tags = ['questionnaires'];

export function questionnaireRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.patch(
      '/document',
      {
        // Odd answers are cleaned by the engine (coerceAnswer), not refused.
        config: { access: 'project', cleansOwnText: true },
        schema: {
          tags,
          summary: 'Enregistrer les réponses d’un questionnaire',
          description:
            'docType : document_civil_status, document_succession... (ou le nom du tableau, document_civil_statuses...). ' +
            'document : { id, version, ...réponses }. Les réponses sont nettoyées (clés inconnues ignorées, réponses des ' +
            'questions masquées effacées) ; la réponse est le questionnaire enregistré, version incrémentée. 401 (avec le ' +
            'document enregistré) si l’utilisateur ne peut pas le modifier ; 409 (avec la version enregistrée) si la version ' +
            'envoyée n’est plus la dernière.',
          body: saveQuestionnaireSchema,
          response: {
            200: questionnaireItemSchema,
            401: jsonAnswer(
              errorWithDocumentSchema,
              'Questionnaire que ce compte ne peut pas modifier (avec le questionnaire enregistré), ou session absente',
            ),
            409: jsonAnswer(errorWithDocumentSchema, 'Version dépassée : le questionnaire enregistré est joint'),
          },
        },
      },
      async (request) => saveQuestionnaire(ctx, requireUser(request), request.body),
    );

    app.get(
      '/download_form/:type/:documentId',
      {
        // It records the PDF on the document: the project page read next must show it.
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Générer le PDF d’un questionnaire',
          description:
            'Produit (ou réutilise, si les réponses n’ont pas changé) le PDF du questionnaire, à télécharger ensuite par ' +
            'POST /generate_file_token puis GET /get_pdf/{docId}/{token}.',
          params: downloadFormParamsSchema,
          response: { 200: downloadFormAnswerSchema, ...errorAnswers(409) },
        },
      },
      async (request) => generateQuestionnairePdf(ctx, requireUser(request), request.params.type, request.params.documentId),
    );
  };
}
