/** Platform roles of a user account (spec section 3). */
export const USER_ROLES = ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_AGENT', 'ROLE_CASE_MANAGER'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Roles hidden when a user's roles are shown read-only. */
export const HIDDEN_READONLY_ROLES: readonly UserRole[] = ['ROLE_AGENT', 'ROLE_CASE_MANAGER'];

export interface RoleHolder {
  roles: readonly string[];
}

export function isAdmin(user: RoleHolder): boolean {
  return user.roles.includes('ROLE_ADMIN');
}

export interface OfficeMembership {
  isNotary: boolean;
  notary_office: { id: number } | null;
}

/** A notary office member: attached to an office, or flagged notary (spec section 6). */
export function isOfficeMember(user: OfficeMembership): boolean {
  return user.isNotary || user.notary_office !== null;
}

/** The intranet link of the user menu is for office members and admins. */
export function canSeeIntranet(user: RoleHolder & OfficeMembership): boolean {
  return isAdmin(user) || isOfficeMember(user);
}
