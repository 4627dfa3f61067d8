import { isAdmin, MESSAGES } from '@notadoo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/app-error';
import { findUserById, type UserWithOffice } from '../modules/users/user-data';
import type { Db } from '../db/database';
import type { TokenService } from './session-tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes open to visitors say so; every other route needs a valid token. */
    public?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, set on every non-public route. */
    currentUser: UserWithOffice | null;
  }
}

/**
 * Deny by default: every route needs a valid bearer token unless its config
 * declares `public: true`. A token whose password version is behind the
 * user's (password changed since) is treated as expired.
 */
export function registerAuthentication(app: FastifyInstance, deps: { db: Db; tokens: TokenService }): void {
  app.decorateRequest('currentUser', null);
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.public || request.is404) return;
    request.currentUser = await authenticate(request, deps);
  });
}

async function authenticate(request: FastifyRequest, deps: { db: Db; tokens: TokenService }): Promise<UserWithOffice> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw unauthorized(MESSAGES.authenticationRequired);
  const result = await deps.tokens.verify(token);
  if (!result.ok) throw unauthorized(result.reason === 'expired' ? MESSAGES.expiredToken : MESSAGES.invalidToken);
  const user = await findUserById(deps.db, result.claims.userId);
  if (!user || !user.isActive) throw unauthorized(MESSAGES.invalidToken);
  if (user.passwordVersion !== result.claims.passwordVersion) throw unauthorized(MESSAGES.expiredToken);
  return user;
}

/** The signed-in user of a non-public route. */
export function requireUser(request: FastifyRequest): UserWithOffice {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

export function requireAdmin(request: FastifyRequest): UserWithOffice {
  const user = requireUser(request);
  if (!isAdmin(user)) throw forbidden();
  return user;
}
