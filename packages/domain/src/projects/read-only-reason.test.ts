import { describe, expect, it } from 'vitest';
import { testViewer } from './testing/viewer';
import type { DocumentForAccess, PersonForAccess, ProjectForAccess } from './permissions';
import { documentReadOnlyReason, READ_ONLY_MESSAGES } from './read-only-reason';

const viewer = testViewer;
const seller: PersonForAccess = { id: 1, role: 'seller', user: { id: 10 }, joined: true, role_confirmed: true };
const buyer: PersonForAccess = { id: 2, role: 'buyer', user: { id: 20 }, joined: true, role_confirmed: true };
const sellerOwns: DocumentForAccess = { participant: { id: 1 } };
const unassigned: DocumentForAccess = { participant: null };
const fileAt = (status: number): ProjectForAccess => ({ status, creator: 10, notary_office: { id: 1 }, participants: [seller, buyer] });

describe('why a questionnaire is read-only', () => {
  it('gives no reason to whoever may change it', () => {
    expect(documentReadOnlyReason(viewer(10), fileAt(2), sellerOwns)).toBeNull();
    expect(documentReadOnlyReason(viewer(30, { notary_office: { id: 1 } }), fileAt(6), sellerOwns)).toBeNull();
    expect(documentReadOnlyReason(viewer(1, { roles: ['ROLE_USER', 'ROLE_ADMIN'] }), fileAt(5), unassigned)).toBeNull();
  });

  it('says the file is signed, or closed without follow-up, before anything else', () => {
    for (const status of [5, 6]) expect(documentReadOnlyReason(viewer(10), fileAt(status), sellerOwns)).toBe(READ_ONLY_MESSAGES.signed);
    expect(documentReadOnlyReason(viewer(10), fileAt(7), sellerOwns)).toBe(READ_ONLY_MESSAGES.closed);
  });

  it('says the questionnaire is somebody else’s, or nobody’s, while the file is open', () => {
    expect(documentReadOnlyReason(viewer(20), fileAt(2), sellerOwns)).toBe(READ_ONLY_MESSAGES.someoneElse);
    expect(documentReadOnlyReason(viewer(10), fileAt(4), unassigned)).toBe(READ_ONLY_MESSAGES.unassigned);
  });

  it('says a superseded copy is kept for reading, and a shared questionnaire belongs to its role', () => {
    expect(documentReadOnlyReason(viewer(10), fileAt(2), { participant: { id: 1 }, superseded: true })).toBe(READ_ONLY_MESSAGES.superseded);
    expect(documentReadOnlyReason(viewer(20), fileAt(2), { participant: null, shared_role: 'seller' })).toBe(READ_ONLY_MESSAGES.otherRole);
    expect(documentReadOnlyReason(viewer(10), fileAt(2), { participant: null, shared_role: 'seller' })).toBeNull();
  });
});
