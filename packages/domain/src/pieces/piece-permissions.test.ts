import { describe, expect, it } from 'vitest';
import { testViewer } from '../projects/testing/viewer';
import type { PersonForAccess, ProjectForAccess } from '../projects/permissions';
import type { ParticipantRole } from '../projects/project';
import { canReviewPieces, canSendPiece, canSetReportDate, canSetSigningDate, canViewPiecesOf, pieceActorKind } from './piece-permissions';

const viewer = testViewer;
const person = (id: number, role: ParticipantRole, userId: number | null, confirmed = true): PersonForAccess => ({
  id,
  role,
  user: userId === null ? null : { id: userId },
  joined: userId !== null,
  role_confirmed: confirmed,
});

// A house sale at office 1: seller (user 1), buyer (user 2), a pro intermediary (user 3),
// the buyer's second account planted as a seller (user 4, unconfirmed), a notary of office 2
// added as a buyer (user 5).
const seller = person(11, 'seller', 1);
const planted = person(14, 'seller', 4, false);
const project = (status = 2): ProjectForAccess => ({
  status,
  creator: 1,
  notary_office: { id: 1 },
  participants: [seller, person(12, 'buyer', 2), person(13, 'intermediary', 3), planted, person(15, 'buyer', 5)],
});
const sellerUser = viewer(1);
const buyerUser = viewer(2);
const intermediary = viewer(3, { isPro: true });
const plantedUser = viewer(4);
const otherOfficeAsBuyer = viewer(5, { isNotary: true, notary_office: { id: 2 } });
const notary = viewer(6, { isNotary: true, notary_office: { id: 1 } });
const admin = viewer(7, { roles: ['ROLE_USER', 'ROLE_ADMIN'] });

describe('piece permissions', () => {
  it("shows the seller's pieces to the seller, the intermediary, the office and admins only", () => {
    const allowed = [sellerUser, intermediary, notary, admin].map((v) => canViewPiecesOf(v, project(), seller));
    const refused = [buyerUser, plantedUser, otherOfficeAsBuyer].map((v) => canViewPiecesOf(v, project(), seller));
    expect(allowed).toEqual([true, true, true, true]);
    expect(refused).toEqual([false, false, false]);
  });

  it('lets a planted seller see and send only their own pieces', () => {
    expect(canViewPiecesOf(plantedUser, project(), planted)).toBe(true);
    expect(canSendPiece(plantedUser, project(), planted)).toBe(true);
    expect(canSendPiece(plantedUser, project(), seller)).toBe(false);
  });

  it('keeps reviewing and the signing date to the chosen office and admins', () => {
    for (const v of [notary, admin]) {
      expect(canReviewPieces(v, project())).toBe(true);
      expect(canSetSigningDate(v, project())).toBe(true);
      expect(pieceActorKind(v, project())).toBe('office');
    }
    for (const v of [sellerUser, intermediary, otherOfficeAsBuyer]) {
      expect(canReviewPieces(v, project())).toBe(false);
      expect(canSetSigningDate(v, project())).toBe(false);
      expect(pieceActorKind(v, project())).toBe('person');
    }
  });

  it('lets the seller send and date their reports until signature, the office always', () => {
    expect(canSendPiece(sellerUser, project(), seller)).toBe(true);
    expect(canSetReportDate(sellerUser, project(), seller)).toBe(true);
    expect(canSendPiece(sellerUser, project(5), seller)).toBe(false);
    expect(canSetReportDate(sellerUser, project(5), seller)).toBe(false);
    expect(canSendPiece(notary, project(5), seller)).toBe(true);
    expect(canSetReportDate(intermediary, project(), seller)).toBe(false);
    expect(canSendPiece(buyerUser, project(), seller)).toBe(false);
  });

  it('refuses a person of another file', () => {
    expect(canViewPiecesOf(admin, project(), person(99, 'seller', 1))).toBe(false);
    expect(canSendPiece(notary, project(), person(99, 'seller', 1))).toBe(false);
  });
});
