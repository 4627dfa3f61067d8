import { outboxListQuerySchema, outboxMailSchema, outboxPageSchema } from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { errorAnswers } from '../../http/answers';
import { listMails, resendMail } from './mail-outbox-service';

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive('Identifiant invalide.')
    .max(2 ** 53 - 1, 'Identifiant invalide.'),
});

/** The admin's view of the mail outbox: failed mails (recipient, subject, error, attempts) and sending one again. */
export function mailOutboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/admin/mails', {
      config: { access: 'admin' },
      schema: {
        tags: ['administration'],
        summary: "Mails de la file d'envoi par statut (failed par défaut), les plus récents d'abord, paginés",
        querystring: outboxListQuerySchema,
        response: { 200: outboxPageSchema },
      },
      handler: async (request) => {
        requireAdmin(request);
        return listMails(ctx, request.query);
      },
    });

    app.post('/admin/mails/:id/resend', {
      config: { access: 'admin' },
      schema: {
        tags: ['administration'],
        summary: 'Envoyer à nouveau un mail en échec',
        params: idParams,
        response: { 200: outboxMailSchema, ...errorAnswers(409) },
      },
      handler: async (request) => {
        requireAdmin(request);
        return resendMail(ctx, request.params.id);
      },
    });
  };
}
