import type { UserRole } from './roles';

export interface OfficeRef {
  id: number;
  city: string;
}

/**
 * What `GET /users/me` answers: the session fields of spec section 3 (id,
 * roles, isPro, isNotary, needsRoleChange, notary_office) and what the header
 * and banners show.
 */
export interface Session {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  avatar: string | null;
  roles: UserRole[];
  isActive: boolean;
  isEmailConfirmed: boolean;
  isPro: boolean;
  isNotary: boolean;
  needsRoleChange: boolean;
  notary_office: OfficeRef | null;
  lastConnectionDate: string | null;
  previousConnectionDate: string | null;
  createdAt: string;
  /** A new e-mail waiting for its confirmation link; `email` stays in use until then (issue 9). */
  pendingEmail?: string | null;
  /**
   * Issue 27: an office member or admin whose password is below the staff
   * rule must set a stronger one before anything else (the server answers 403
   * `PASSWORD_CHANGE_REQUIRED` elsewhere; the web shows its screen).
   */
  passwordChangeRequired: boolean;
}

/** What `GET /users/{id}` answers. */
export interface User extends Session {
  scores: { EC: number | null };
  complexity: number | null;
}

/** Spec section 4: after a password reset or a change of one's own e-mail, the user is signed out this long after. */
export const SIGN_OUT_AFTER_ACCOUNT_CHANGE_MS = 3000;
