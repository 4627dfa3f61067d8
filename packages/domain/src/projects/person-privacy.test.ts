import { describe, expect, it } from 'vitest';
import { canChangePersonEmail, canSeePersonEmail, type PersonForAccess, type ProjectForAccess, type Viewer } from './permissions';

/** Issue 9: a pending person's e-mail is read and changed by the office, admins and the one who added them only. */
const viewer = (id: number, overrides: Partial<Viewer> = {}): Viewer => ({
  id,
  roles: ['ROLE_USER'],
  isPro: false,
  isNotary: false,
  needsRoleChange: false,
  notary_office: null,
  ...overrides,
});
const seller: PersonForAccess = { id: 1, role: 'seller', user: { id: 10 }, joined: true, added_by: null };
const mate: PersonForAccess = { id: 2, role: 'seller', user: { id: 11 }, joined: true, added_by: 10 };
const pending: PersonForAccess = { id: 3, role: 'buyer', user: null, joined: false, added_by: 10 };
const project: ProjectForAccess = { status: 2, creator: 10, notary_office: { id: 1 }, participants: [seller, mate, pending] };

describe('pending people’s e-mail', () => {
  it('may be changed by the one who added them, the office and admins, not by another participant', () => {
    expect(canChangePersonEmail(viewer(10), project, pending)).toBe(true);
    expect(canChangePersonEmail(viewer(11), project, pending)).toBe(false);
    expect(canChangePersonEmail(viewer(20, { isNotary: true, notary_office: { id: 1 } }), project, pending)).toBe(true);
    expect(canChangePersonEmail(viewer(21, { roles: ['ROLE_USER', 'ROLE_ADMIN'] }), project, pending)).toBe(true);
    expect(canChangePersonEmail(viewer(10), project, mate)).toBe(false);
  });

  it('is seen by the person, who added them, the office and admins', () => {
    expect(canSeePersonEmail(viewer(11), project, mate)).toBe(true);
    expect(canSeePersonEmail(viewer(10), project, mate)).toBe(true);
    expect(canSeePersonEmail(viewer(11), project, seller)).toBe(false);
    expect(canSeePersonEmail(viewer(11), project, pending)).toBe(false);
    expect(canSeePersonEmail(viewer(20, { isNotary: true, notary_office: { id: 1 } }), project, seller)).toBe(true);
  });
});
