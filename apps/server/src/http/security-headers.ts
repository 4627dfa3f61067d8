import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * The security headers of every answer (helmet's, with the app's content
 * security policy). helmet's middleware is built once, here: the Fastify
 * plugin (@fastify/helmet) built it again for every request, parsing the
 * policy each time, a visible share of a short API call.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects its CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // The drafting software's local bridge is called from the browser (issue 12).
        connectSrc: ["'self'", 'http://localhost:*', 'http://127.0.0.1:*', ...(config.bridge ? [new URL(config.bridge.url).origin] : [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The bridge's authorization pop-up tells this page, its opener, that access was granted (issue 12).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
