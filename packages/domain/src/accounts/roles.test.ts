import { describe, expect, it } from 'vitest';
import { canSeeIntranet, isAdmin, isOfficeMember } from './roles';

const user = { roles: ['ROLE_USER'], isNotary: false, notary_office: null };

describe('roles', () => {
  it('recognises an admin by ROLE_ADMIN only', () => {
    expect(isAdmin({ roles: ['ROLE_USER', 'ROLE_ADMIN'] })).toBe(true);
    expect(isAdmin({ roles: ['ROLE_USER', 'ROLE_CASE_MANAGER'] })).toBe(false);
  });

  it('counts as office member a notary or a user attached to an office', () => {
    expect(isOfficeMember(user)).toBe(false);
    expect(isOfficeMember({ ...user, isNotary: true })).toBe(true);
    expect(isOfficeMember({ ...user, notary_office: { id: 3 } })).toBe(true);
  });

  it('shows the intranet link to office members and admins only', () => {
    expect(canSeeIntranet(user)).toBe(false);
    expect(canSeeIntranet({ ...user, roles: ['ROLE_ADMIN'] })).toBe(true);
    expect(canSeeIntranet({ ...user, notary_office: { id: 1 } })).toBe(true);
  });
});
