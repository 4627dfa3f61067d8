import { describe, expect, it } from 'vitest';
import type { PersonForAccess, ProjectForAccess, Viewer } from './permissions';
import { documentReadOnlyReason, READ_ONLY_MESSAGES } from './read-only-reason';

const viewer = (id: number, overrides: Partial<Viewer> = {}): Viewer => ({
  id,
  roles: ['ROLE_USER'],
  isPro: false,
  isNotary: false,
  needsRoleChange: false,
  notary_office: null,
  ...overrides,
});
const seller: PersonForAccess = { id: 1, role: 'seller', user: { id: 10 }, joined: true, role_confirmed: true };
const buyer: PersonForAccess = { id: 2, role: 'buyer', user: { id: 20 }, joined: true, role_confirmed: true };
const fileAt = (status: number): ProjectForAccess => ({ status, creator: 10, notary_office: { id: 1 }, participants: [seller, buyer] });

describe('why a questionnaire is read-only', () => {
  it('gives no reason to whoever may change it', () => {
    expect(documentReadOnlyReason(viewer(10), fileAt(2), seller)).toBeNull();
    expect(documentReadOnlyReason(viewer(30, { notary_office: { id: 1 } }), fileAt(6), seller)).toBeNull();
    expect(documentReadOnlyReason(viewer(1, { roles: ['ROLE_USER', 'ROLE_ADMIN'] }), fileAt(5), null)).toBeNull();
  });

  it('says the file is signed, or closed without follow-up, before anything else', () => {
    for (const status of [5, 6]) expect(documentReadOnlyReason(viewer(10), fileAt(status), seller)).toBe(READ_ONLY_MESSAGES.signed);
    expect(documentReadOnlyReason(viewer(10), fileAt(7), seller)).toBe(READ_ONLY_MESSAGES.closed);
  });

  it('says the questionnaire is somebody else’s, or nobody’s, while the file is open', () => {
    expect(documentReadOnlyReason(viewer(20), fileAt(2), seller)).toBe(READ_ONLY_MESSAGES.someoneElse);
    expect(documentReadOnlyReason(viewer(10), fileAt(4), null)).toBe(READ_ONLY_MESSAGES.unassigned);
  });
});
