import { describe, expect, it } from 'vitest';
import {
  CORRECTION_REASON_LABELS,
  PIECE_ACTIONS,
  PIECE_STATE_LABELS,
  PIECE_STATES,
  PIECE_TRANSITION_MESSAGES,
  transitionPiece,
  type PieceAction,
  type PieceActorKind,
  type PieceState,
} from './piece-states';

/** Every move allowed, as "state action actor -> new state"; anything else is refused. */
const ALLOWED: Record<string, PieceState> = {
  'requested upload person': 'received',
  'requested upload office': 'received',
  'received upload person': 'received',
  'received upload office': 'received',
  'to_correct upload person': 'received',
  'to_correct upload office': 'received',
  'received accept office': 'accepted',
  'to_correct accept office': 'accepted',
  'received to_correct office': 'to_correct',
  'accepted to_correct office': 'to_correct',
  'received refuse office': 'refused',
  'to_correct refuse office': 'refused',
  'accepted refuse office': 'refused',
  'requested waive office': 'waived',
  'received waive office': 'waived',
  'accepted waive office': 'waived',
  'to_correct waive office': 'waived',
  'waived unwaive office': 'requested',
};

const ACTORS: readonly PieceActorKind[] = ['person', 'office'];

describe('the states of a piece', () => {
  it('allows exactly the moves of the table, and refuses every other with a French message', () => {
    for (const state of PIECE_STATES) {
      for (const action of PIECE_ACTIONS) {
        for (const actor of ACTORS) {
          const move = `${state} ${action} ${actor}`;
          const result = transitionPiece(state, action, actor);
          const expected = ALLOWED[move];
          if (expected) expect(result, move).toEqual({ ok: true, state: expected });
          else {
            expect(result.ok, move).toBe(false);
            expect(!result.ok && result.message, move).toMatch(/^[A-ZÀ-Ü].+\.$/u);
          }
        }
      }
    }
  });

  it('returns a piece to "reçue" when it is sent again after "à corriger"', () => {
    expect(transitionPiece('to_correct', 'upload', 'person')).toEqual({ ok: true, state: 'received' });
  });

  it('keeps "refusée" final, whoever acts', () => {
    for (const action of PIECE_ACTIONS) {
      expect(transitionPiece('refused', action, 'office')).toEqual({ ok: false, message: PIECE_TRANSITION_MESSAGES.refusedIsFinal });
    }
  });

  it('lets only the office review, and undo a waiver back to "demandée"', () => {
    const reviews: PieceAction[] = ['accept', 'to_correct', 'refuse', 'waive', 'unwaive'];
    for (const action of reviews)
      expect(transitionPiece('received', action, 'person')).toEqual({ ok: false, message: PIECE_TRANSITION_MESSAGES.officeOnly });
    expect(transitionPiece('waived', 'unwaive', 'office')).toEqual({ ok: true, state: 'requested' });
  });

  it('tells a person why a new version is not taken', () => {
    expect(transitionPiece('accepted', 'upload', 'person')).toEqual({ ok: false, message: PIECE_TRANSITION_MESSAGES.alreadyAccepted });
    expect(transitionPiece('waived', 'upload', 'person')).toEqual({ ok: false, message: PIECE_TRANSITION_MESSAGES.waived });
  });

  it('has a French label for every state and correction reason', () => {
    expect(Object.values(PIECE_STATE_LABELS)).toEqual(['Demandée', 'Reçue', 'Acceptée', 'À corriger', 'Refusée', 'Dispensée']);
    expect(Object.values(CORRECTION_REASON_LABELS)).toEqual(['Illisible', 'Incomplet', 'Périmé', 'Mauvais document']);
  });
});
