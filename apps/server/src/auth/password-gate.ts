import { mustStrengthenPassword, PASSWORD_CHANGE_REQUIRED_CODE, PASSWORD_POLICY_MESSAGES } from '@notadoo/domain';
import type { UserAndOffice } from '../modules/users/user-data';
import { isStaffUser, signsInWithPasskey } from './password-policy';
import type { SessionGate } from './session-gates';

/**
 * An office member or admin whose password is known to be below the staff
 * rule (found at sign-in, or a client's password when an admin made them
 * staff) opens every file of an office: they may only read their session and
 * set a stronger password.
 */
export const strongerPasswordGate = {
  name: 'strongerPassword',
  code: PASSWORD_CHANGE_REQUIRED_CODE,
  message: PASSWORD_POLICY_MESSAGES.changeRequired,
  holds: (user: UserAndOffice) =>
    mustStrengthenPassword({
      isStaff: isStaffUser(user),
      signsInWithPasskey: signsInWithPasskey(user),
      passwordMeetsStaffRule: user.passwordMeetsStaffRule,
    }),
} satisfies SessionGate;
