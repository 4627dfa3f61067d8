import { isAdmin, MESSAGES } from '@notadoo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticationRequired, forbidden, unauthorized } from '../http/app-error';
import { findUserById, type UserWithOffice } from '../modules/users/user-data';
import type { Db } from '../db/database';
import type { TokenClaims, TokenService } from './session-tokens';

/**
 * Who may call a route, declared by every `/api` route in its options
 * (`config: { access }`) and checked by the authorization matrix test:
 * - `public`: anyone, no token (sign-up, sign-in, the office list);
 * - `link`: no bearer token, the signed short-lived link in the path is the credential (downloads);
 * - `user`: any signed-in user, acting on their own account or lists;
 * - `project`: a signed-in user whom the project (of the id, document or person named) opens to,
 *   further checked by the domain's `can…` function of the action;
 * - `admin`: signed-in administrators only (the service answers the spec's refusal).
 */
export const ACCESS_RULES = ['public', 'link', 'user', 'project', 'admin'] as const;
export type AccessRule = (typeof ACCESS_RULES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    /** The signed-in user, set on every non-public route. */
    currentUser: UserWithOffice | null;
    /** The claims of the bearer token, set with `currentUser`. */
    session: TokenClaims | null;
  }
}

/**
 * Deny by default: every route needs a valid bearer token unless its config
 * declares `access: 'public'` or `'link'`. A token whose password version is behind the
 * user's (password changed since) is treated as expired.
 */
interface AuthenticationDeps {
  db: Db;
  tokens: TokenService;
}

export function registerAuthentication(app: FastifyInstance, deps: AuthenticationDeps): void {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('session', null);
  app.addHook('preHandler', async (request) => {
    if (isOpenWithoutToken(request.routeOptions.config) || request.is404) return;
    request.currentUser = await authenticate(request, deps);
  });
}

/** Deny by default: only routes declaring `public` or `link` skip the bearer token. */
export function isOpenWithoutToken(config: { access?: AccessRule }): boolean {
  return config.access === 'public' || config.access === 'link';
}

async function authenticate(request: FastifyRequest, deps: AuthenticationDeps): Promise<UserWithOffice> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw authenticationRequired();
  const result = await deps.tokens.verify(token);
  if (!result.ok)
    throw result.reason === 'expired'
      ? unauthorized(MESSAGES.expiredToken, 'EXPIRED_TOKEN')
      : unauthorized(MESSAGES.invalidToken, 'INVALID_TOKEN');
  const { userId } = result.claims;
  // Read on every request, never kept: a deactivation or a password change made through any process acts on the next request.
  const user = await findUserById(deps.db, userId);
  if (!user || !user.isActive) throw unauthorized(MESSAGES.invalidToken, 'INVALID_TOKEN');
  if (user.passwordVersion !== result.claims.passwordVersion) throw unauthorized(MESSAGES.expiredToken, 'EXPIRED_TOKEN');
  request.session = result.claims;
  return user;
}

/** The signed-in user of a non-public route. */
export function requireUser(request: FastifyRequest): UserWithOffice {
  if (!request.currentUser) throw authenticationRequired();
  return request.currentUser;
}

export function requireAdmin(request: FastifyRequest): UserWithOffice {
  const user = requireUser(request);
  if (!isAdmin(user)) throw forbidden();
  return user;
}
