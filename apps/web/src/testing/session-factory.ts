import type { Session } from '@notadoo/domain';

/** A confirmed ordinary client; tests override what they check. */
export function createSession(overrides: Partial<Session> = {}): Session {
  return {
    id: 1,
    email: 'claire.martin@example.fr',
    firstName: 'Claire',
    lastName: 'Martin',
    username: 'claire.martin@example.fr',
    avatar: null,
    roles: ['ROLE_USER'],
    isActive: true,
    isEmailConfirmed: true,
    isPro: false,
    isNotary: false,
    needsRoleChange: false,
    notary_office: null,
    lastConnectionDate: '2026-11-21T13:05:00.000Z',
    previousConnectionDate: null,
    createdAt: '2026-01-10T09:00:00.000Z',
    passwordChangeRequired: false,
    ...overrides,
  };
}
