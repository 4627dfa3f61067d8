import type { UserRole } from '../accounts/roles';

/**
 * The six admin toggles of spec section 4 ("Sessions"), as data: the `action`
 * sent to `POST /admin/user/toggleStatus`, the user field it sets, and its
 * French label in the users table.
 */
export const USER_STATUS_ACTIONS = ['active', 'validated', 'admin', 'pro', 'notary', 'needsRoleChange'] as const;
export type UserStatusAction = (typeof USER_STATUS_ACTIONS)[number];

export const USER_STATUS_LABELS: Record<UserStatusAction, string> = {
  active: 'Actif',
  validated: 'Email validé',
  admin: 'Admin',
  pro: 'Intermédiaire',
  notary: 'Notaire',
  needsRoleChange: 'Demande en attente',
};

/** What the toggle call answers (spec section 7). */
export interface UserStatuses {
  isActive: boolean;
  roles: UserRole[];
  isEmailConfirmed: boolean;
  isPro: boolean;
  isNotary: boolean;
  needsRoleChange: boolean;
}

/** Reads the current value of one toggle. */
export function readUserStatus(user: UserStatuses, action: UserStatusAction): boolean {
  switch (action) {
    case 'active':
      return user.isActive;
    case 'validated':
      return user.isEmailConfirmed;
    case 'admin':
      return user.roles.includes('ROLE_ADMIN');
    case 'pro':
      return user.isPro;
    case 'notary':
      return user.isNotary;
    case 'needsRoleChange':
      return user.needsRoleChange;
  }
}

/**
 * The statuses after one toggle. Granting intermediary or notary rights also
 * answers a pending role-change request (docs/decisions.md, 2026-11-22), so
 * the user who asked is no longer blocked from creating projects.
 */
export function applyUserStatus(user: UserStatuses, action: UserStatusAction, value: boolean): UserStatuses {
  const next: UserStatuses = { ...user, roles: [...user.roles] };
  switch (action) {
    case 'active':
      next.isActive = value;
      break;
    case 'validated':
      next.isEmailConfirmed = value;
      break;
    case 'admin':
      next.roles = withRole(next.roles, 'ROLE_ADMIN', value);
      break;
    case 'pro':
      next.isPro = value;
      if (value) next.needsRoleChange = false;
      break;
    case 'notary':
      next.isNotary = value;
      if (value) next.needsRoleChange = false;
      break;
    case 'needsRoleChange':
      next.needsRoleChange = value;
      break;
  }
  return next;
}

/** Roles an admin ticks in the users table; ROLE_USER is always kept. */
export const EDITABLE_ROLES: readonly UserRole[] = ['ROLE_ADMIN', 'ROLE_AGENT', 'ROLE_CASE_MANAGER'];

export const ROLE_LABELS: Record<UserRole, string> = {
  ROLE_USER: 'Utilisateur',
  ROLE_ADMIN: 'Administrateur',
  ROLE_AGENT: 'Agent',
  ROLE_CASE_MANAGER: 'Gestionnaire de dossiers',
};

/** The roles to save from the ticked ones: ROLE_USER first, no duplicates, known roles only. */
export function normalizeRoles(ticked: readonly string[]): UserRole[] {
  const wanted = new Set(ticked);
  return ['ROLE_USER', ...EDITABLE_ROLES.filter((r) => wanted.has(r))];
}

export function withRole(roles: readonly UserRole[], role: UserRole, present: boolean): UserRole[] {
  const rest = roles.filter((r) => r !== role);
  return present ? [...rest, role] : rest;
}

/** Users table 10 per page, billing table 100 per page (spec section 9). */
export const USERS_PAGE_SIZE = 10;
export const BILLING_PAGE_SIZE = 100;
/** The billing export's file name (spec section 9). */
export const BILLING_EXPORT_FILENAME = 'export_projet.csv';
