import { ADMIN_MESSAGES, contactSchema, messageAnswerSchema } from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorAnswers } from '../../http/answers';
import { parseWith } from '../../http/parse';
import { enforceRateLimit } from '../accounts/account-service';
import { sendContactMessage } from './contact-service';

/**
 * The fields as the OpenAPI document shows them; the handler checks them with
 * the domain schema so that its messages (spec section 5) answer as written.
 */
const contactFields = z.object(
  Object.fromEntries(Object.keys(contactSchema.shape).map((k) => [k, z.unknown().optional()])) as Record<
    keyof typeof contactSchema.shape,
    z.ZodOptional<z.ZodUnknown>
  >,
);

/** `POST /contact` (spec section 7): public, rate limited per address. */
export function contactRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/contact', {
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary: 'Envoyer un message au réseau',
        body: contactFields,
        response: { 200: messageAnswerSchema, ...errorAnswers(429) },
      },
      handler: async (request) => {
        await enforceRateLimit(ctx, [[`contact:ip:${request.ip}`, ctx.rateLimits.contactPerIp]]);
        await sendContactMessage(ctx, parseWith(contactSchema, request.body));
        return { message: ADMIN_MESSAGES.contactSent };
      },
    });
  };
}
