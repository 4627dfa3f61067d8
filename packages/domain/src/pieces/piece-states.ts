/**
 * The life of a requested piece: demandée → reçue → acceptée, or à corriger
 * (sent again, it is reçue again), or refusée (final), or dispensée (the
 * office waives it or obtains it itself; the office may undo that).
 */

export const PIECE_STATES = ['requested', 'received', 'accepted', 'to_correct', 'refused', 'waived'] as const;
export type PieceState = (typeof PIECE_STATES)[number];

export const PIECE_STATE_LABELS: Record<PieceState, string> = {
  requested: 'Demandée',
  received: 'Reçue',
  accepted: 'Acceptée',
  to_correct: 'À corriger',
  refused: 'Refusée',
  waived: 'Dispensée',
};

/** Shown beside the state of a piece received that the answers no longer call for. */
export const NO_LONGER_REQUIRED_LABEL = 'Plus requise';

/** Why a piece must be sent again (the office adds a free text if it wishes). */
export const CORRECTION_REASONS = ['unreadable', 'incomplete', 'expired', 'wrong_document'] as const;
export type CorrectionReason = (typeof CORRECTION_REASONS)[number];

export const CORRECTION_REASON_LABELS: Record<CorrectionReason, string> = {
  unreadable: 'Illisible',
  incomplete: 'Incomplet',
  expired: 'Périmé',
  wrong_document: 'Mauvais document',
};

/** The office's free text on a correction or a refusal. */
export const REVIEW_TEXT_MAX_LENGTH = 500;

/** How a request came to be: derived from the answers and roles, added by the office, or a piece sent unasked ("Autre document"). */
export const PIECE_REQUEST_ORIGINS = ['derived', 'office', 'unrequested'] as const;
export type PieceRequestOrigin = (typeof PIECE_REQUEST_ORIGINS)[number];

export const PIECE_ACTIONS = ['upload', 'accept', 'to_correct', 'refuse', 'waive', 'unwaive'] as const;
export type PieceAction = (typeof PIECE_ACTIONS)[number];

export const PIECE_ACTION_LABELS: Record<PieceAction, string> = {
  upload: 'Envoi de la pièce',
  accept: 'Pièce acceptée',
  to_correct: 'Pièce à corriger',
  refuse: 'Pièce refusée',
  waive: 'Pièce dispensée',
  unwaive: 'Dispense annulée',
};

/** Who acts: the person asked for the piece (or a role mate) or the notary office (or an admin). */
export type PieceActorKind = 'person' | 'office';

export type PieceTransition = { ok: true; state: PieceState } | { ok: false; message: string };

export const PIECE_TRANSITION_MESSAGES = {
  officeOnly: "Seul l'office notarial peut examiner une pièce.",
  refusedIsFinal: "Cette pièce a été refusée par l'office : ce choix est définitif. Contactez votre notaire si besoin.",
  alreadyAccepted: "Cette pièce a déjà été acceptée par l'office : il n'est plus possible d'en envoyer une nouvelle version.",
  waived: "L'office vous a dispensé de cette pièce : il n'est pas nécessaire de l'envoyer.",
  nothingToReview: "Aucun fichier n'a encore été envoyé pour cette pièce : il n'y a rien à examiner.",
  alreadyInState: (label: string) => `Cette pièce est déjà dans l'état « ${label} ».`,
  notWaived: "Cette pièce n'a pas été dispensée : il n'y a pas de dispense à annuler.",
} as const;
const M = PIECE_TRANSITION_MESSAGES;

const ok = (state: PieceState): PieceTransition => ({ ok: true, state });
const refuse = (message: string): PieceTransition => ({ ok: false, message });

/**
 * The state a piece moves to when `actor` does `action`, or why it may not.
 * Pure: the server checks access first (who is the person, who the office),
 * then asks this whether the move itself is allowed.
 */
export function transitionPiece(state: PieceState, action: PieceAction, actor: PieceActorKind): PieceTransition {
  // Nothing moves a refused piece: the office asks for a new one if needed.
  if (state === 'refused') return refuse(M.refusedIsFinal);
  if (action === 'upload') return transitionOnUpload(state);
  if (actor !== 'office') return refuse(M.officeOnly);
  switch (action) {
    case 'accept':
      if (state === 'received' || state === 'to_correct') return ok('accepted');
      return state === 'accepted' ? refuse(M.alreadyInState(PIECE_STATE_LABELS.accepted)) : refuse(M.nothingToReview);
    case 'to_correct':
      // An accepted piece may still turn out wrong (a report expired as the signing date moved).
      if (state === 'received' || state === 'accepted') return ok('to_correct');
      return state === 'to_correct' ? refuse(M.alreadyInState(PIECE_STATE_LABELS.to_correct)) : refuse(M.nothingToReview);
    case 'refuse':
      if (state === 'received' || state === 'to_correct' || state === 'accepted') return ok('refused');
      return refuse(M.nothingToReview);
    case 'waive':
      // Waiving is allowed whatever was sent: the office may obtain the piece itself.
      return state === 'waived' ? refuse(M.alreadyInState(PIECE_STATE_LABELS.waived)) : ok('waived');
    case 'unwaive':
      return state === 'waived' ? ok('requested') : refuse(M.notWaived);
  }
}

/** Sending a file: anyone concerned may, until the piece is accepted or waived. */
function transitionOnUpload(state: Exclude<PieceState, 'refused'>): PieceTransition {
  switch (state) {
    case 'requested':
    case 'received':
    case 'to_correct':
      return ok('received');
    case 'accepted':
      return refuse(M.alreadyAccepted);
    case 'waived':
      return refuse(M.waived);
  }
}

/** States in which the person still has to send something. */
export const AWAITING_PERSON_STATES: readonly PieceState[] = ['requested', 'to_correct'];

export function isAwaitingPerson(state: PieceState): boolean {
  return AWAITING_PERSON_STATES.includes(state);
}
