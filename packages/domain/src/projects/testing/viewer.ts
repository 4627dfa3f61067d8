import type { Viewer } from '../permissions';

/** For tests: a signed-in client with no special right, changed by `overrides`. */
export function testViewer(id: number, overrides: Partial<Viewer> = {}): Viewer {
  return { id, roles: ['ROLE_USER'], isPro: false, isNotary: false, needsRoleChange: false, notary_office: null, ...overrides };
}
