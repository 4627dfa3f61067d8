import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isOpenWithoutToken } from '../auth/authenticate';

/**
 * At most `limit` signed-in API requests are worked on at once; the others
 * wait their turn, in order of arrival, before anything is asked of the
 * database (decision 0094).
 *
 * The database answers a handful of queries at a time (10 connections, or the
 * one of the embedded database); past that, more requests in progress only
 * wait in the pool's queue, once per query, holding what they have read so
 * far, and a server behind its load spent more per request instead of
 * catching up. Waiting here, a request holds its headers and small body only.
 *
 * A request takes its place once its body is read and leaves it when its
 * answer is handed over to be sent (a long download holds none), or when its
 * connection closes first. Not counted: uploads, whose handler reads the body
 * (a slow client's would hold a place), and routes open without a token
 * (sign-in and sign-up wait for argon2, which has its own queue: a flood of
 * them must not take the places of signed-in people; signed download links).
 */
export function registerRequestsInProgressLimit(app: FastifyInstance, limit: number): void {
  let inProgress = 0;
  const waiting: Array<() => void> = [];
  const leaveOf = new WeakMap<FastifyRequest, () => void>();

  // Handed straight to the next in line, so that a newcomer cannot pass those waiting.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else inProgress -= 1;
  };

  app.addHook('preHandler', (request, reply, done) => {
    if (request.isMultipart() || isOpenWithoutToken(request.routeOptions.config)) return done();
    let state: 'waiting' | 'in' | 'out' = 'waiting';
    const leave = () => {
      if (state === 'in') release();
      else if (state === 'waiting') waiting.splice(waiting.indexOf(enter), 1);
      state = 'out';
    };
    const enter = () => {
      state = 'in';
      done();
    };
    leaveOf.set(request, leave);
    reply.raw.once('close', leave);
    if (inProgress < limit) {
      inProgress += 1;
      enter();
    } else {
      waiting.push(enter);
    }
  });
  app.addHook('onSend', async (request) => leaveOf.get(request)?.());
}
