import { PASSWORD_FORM_ACTIONS } from '@notadoo/domain';
import type { FastifyPluginAsync } from 'fastify';

/** A login or signup form's fields: far more than enough, and a bound on what is read for nothing. */
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * The forms holding a password post to their own page (`method="post"`): the
 * web app sends them itself through the API, but a form submitted before the
 * app's code ran (a prerendered page, a slow network, scripts turned off)
 * reaches the server. It answers 303 to the same page, whatever the body,
 * which is read and dropped unparsed: no field of it reaches a handler, an
 * error message or a log (request logs show the method and address only).
 */
export const passwordFormPosts: FastifyPluginAsync = async (app) => {
  // These parsers are this plugin's own: the API keeps its JSON, form and multipart parsers.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT }, (_request, _body, done) => done(null, undefined));
  for (const page of new Set(Object.values(PASSWORD_FORM_ACTIONS))) {
    app.post(page, { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => reply.redirect(page, 303));
  }
};
