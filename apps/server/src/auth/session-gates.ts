import type { ErrorCodeOf } from '@notadoo/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error';
import type { UserAndOffice } from '../modules/users/user-data';
import type { TokenClaims } from './session-tokens';

/**
 * Session gates: a signed-in session that must do one thing before anything
 * else (give its second factor's code, set a stronger password, set up a
 * second factor) is held there by the server. Each gate names itself; a route
 * that stays open while a gate holds declares it in its options
 * (`config: { openDuringGates: [...] }`), never by matching its URL.
 * Gates are checked in the order given and the first that holds answers
 * alone: a route open through it passes, any other gets 403 with its French
 * message and its `code`, which the web reads to show the matching screen.
 * So a session owing its code reaches only the code step, and a stronger
 * password comes before the second factor's setup.
 */
export const SESSION_GATE_NAMES = ['secondFactorCode', 'strongerPassword', 'secondFactorSetup'] as const;
export type SessionGateName = (typeof SESSION_GATE_NAMES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The gates this route stays open through (e.g. the session read, the password change, the second factor's setup). */
    openDuringGates?: readonly SessionGateName[];
  }
}

export interface SessionGate {
  name: SessionGateName;
  /** The code of the 403 answer, for the web. */
  code: ErrorCodeOf<403>;
  message: string;
  /** Reads only the token's claims and the account's row, which the authentication has just read: no query. */
  holds(user: UserAndOffice, session: TokenClaims): boolean;
}

/** After the authentication's hook: the first gate that holds refuses every route not open through it. */
export function registerSessionGates(app: FastifyInstance, gates: readonly SessionGate[]): void {
  app.addHook('preHandler', async (request) => {
    const { currentUser: user, session } = request;
    if (!user || !session) return;
    const holding = gates.find((gate) => gate.holds(user, session));
    if (holding && !request.routeOptions.config.openDuringGates?.includes(holding.name)) {
      throw new AppError(holding.code, holding.message, { status: 403 });
    }
  });
}
