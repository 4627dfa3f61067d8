import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * From which address and browser the request being served came, for the
 * history's entries, without passing it through every service:
 * each request runs in its own async context, and `recordHistoryEvent`
 * reads it there. Outside a request (a periodic pass, a script) there is none.
 */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

const origins = new AsyncLocalStorage<RequestOrigin>();
/** A browser's User-Agent is some 150 characters; a longer one is cut, not refused. */
const USER_AGENT_MAX = 300;

export function registerRequestOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const agent = request.headers['user-agent'];
    origins.run(
      { ip: request.ip ?? null, userAgent: typeof agent === 'string' && agent !== '' ? agent.slice(0, USER_AGENT_MAX) : null },
      done,
    );
  });
}

export function currentRequestOrigin(): RequestOrigin {
  return origins.getStore() ?? { ip: null, userAgent: null };
}
