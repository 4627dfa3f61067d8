import { evaluatePassword, isStaffAccount, passwordAudienceFor, type PasswordEvaluation, type PasswordOwner } from '@notadoo/domain';
import { COMMON_PASSWORDS } from '@notadoo/domain/common-passwords';
import { badRequest } from '../http/app-error';
import type { UserAndOffice } from '../modules/users/user-data';

/** The account fields the policy reads: roles, office, notary flag. */
type StaffFields = Pick<UserAndOffice, 'roles' | 'isNotary' | 'notaryOfficeId'>;

/** Office member or admin: their password opens an office's files. */
export function isStaffUser(user: StaffFields): boolean {
  return isStaffAccount({
    roles: user.roles,
    isNotary: user.isNotary,
    notary_office: user.notaryOfficeId === null ? null : { id: user.notaryOfficeId },
  });
}

/**
 * Whether this account signs in with a passkey: one that holds at least one
 * (read with the signed-in user, `hasPasskey`). Its password is then not the
 * key to the office's files, so the 80-bit staff rule does not hold it.
 */
export function signsInWithPasskey(user: { hasPasskey?: boolean }): boolean {
  return user.hasPasskey === true;
}

/**
 * Checks a password being set against the whole policy (domain), for an
 * account that is staff or not, built from `owner`'s name and address or not.
 * Refused: 400 with the French reason. Accepted: what to record of it.
 */
export function requireAcceptablePassword(
  password: string,
  account: { isStaff: boolean; signsInWithPasskey?: boolean; owner: PasswordOwner },
): { passwordMeetsStaffRule: boolean } {
  const audience = passwordAudienceFor({ isStaff: account.isStaff, signsInWithPasskey: account.signsInWithPasskey ?? false });
  const evaluation = evaluatePassword(password, { audience, owner: account.owner, commonPasswords: COMMON_PASSWORDS });
  if (evaluation.refusal) throw badRequest(evaluation.message!, 'PASSWORD_TOO_WEAK');
  return { passwordMeetsStaffRule: evaluation.meetsStaffRule };
}

/** At a sign-in, the password is checked against the staff rule whoever signs in, so that a later promotion is gated at once. */
export function evaluateSignInPassword(password: string, owner: PasswordOwner): PasswordEvaluation {
  return evaluatePassword(password, { audience: 'staff', owner, commonPasswords: COMMON_PASSWORDS });
}
