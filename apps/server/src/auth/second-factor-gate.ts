import { isRecentAuthentication, mustUseSecondFactor, SECOND_FACTOR_ERROR_CODES, SECOND_FACTOR_MESSAGES } from '@notadoo/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import type { UserAndOffice } from '../modules/users/user-data';
import type { SessionGate } from './session-gates';

/** Password right, code still to give: only the code step (a short-lived partial token). */
export const secondFactorCodeGate = {
  name: 'secondFactorCode',
  code: SECOND_FACTOR_ERROR_CODES.required,
  message: SECOND_FACTOR_MESSAGES.required,
  holds: (_user, session) => session.stage === 'partial',
} satisfies SessionGate;

/** An office member or admin whose session has passed no second factor: the setup screen first. */
export const secondFactorSetupGate = {
  name: 'secondFactorSetup',
  code: SECOND_FACTOR_ERROR_CODES.setupRequired,
  message: SECOND_FACTOR_MESSAGES.setupRequired,
  holds: (user, session) => !session.secondFactor && accountMustUseSecondFactor(user),
} satisfies SessionGate;

/**
 * Sensitive actions (download of a whole file, transfer, e-mail or password
 * change, admin toggles and roles): the session must have proved its holder
 * within the last 5 minutes (its second factor, or the password of an account
 * without one), else 403 with the code that opens the web's dialog.
 */
export function requireRecentAuthentication(request: FastifyRequest, now: Date): void {
  requireRecentCheck(request.session?.checkedAt ?? null, now);
}

/** The same check on a session's `checkedAt` (ms), for a service deciding itself whether the action is sensitive. */
export function requireRecentCheck(checkedAt: number | null, now: Date): void {
  if (!isRecentAuthentication(checkedAt, now.getTime())) {
    throw new AppError(SECOND_FACTOR_ERROR_CODES.reauthRequired, SECOND_FACTOR_MESSAGES.reauthRequired);
  }
}

/** The domain's rule on the server's account row (its office under `office`). */
export function accountMustUseSecondFactor(user: UserAndOffice): boolean {
  return mustUseSecondFactor({ roles: user.roles, isNotary: user.isNotary, notary_office: user.office });
}
