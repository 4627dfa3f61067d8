import { projectProgress, type ProgressParts } from '../projects/progress';
import type { PieceRequestOrigin, PieceState } from './piece-states';

/** What the progress needs of a piece request. */
export interface PieceProgressItem {
  state: PieceState;
  noLongerRequired: boolean;
  origin: PieceRequestOrigin;
}

export interface ProgressPartsWithPieces extends ProgressParts {
  pieces?: readonly PieceProgressItem[];
}

/** How much each state of a required piece counts: sent counts half until the office has looked at it. */
export const PIECE_PROGRESS_CREDIT: Record<Exclude<PieceState, 'refused'>, number> = {
  requested: 0,
  to_correct: 0.25,
  received: 0.5,
  accepted: 1,
  waived: 1,
};

/**
 * The project's progress counting its pieces, an integer from 0 to 100.
 *
 * Counted pieces: the requests still required (not "plus requise"), neither
 * refused (final: the office asks anew if it still needs one) nor sent unasked
 * ("Autre document": nothing was required).
 * - No counted piece: `projectProgress` unchanged (questionnaires and drawers).
 * - Otherwise, Q = the mean of the questionnaires' progress (rounded, as
 *   `projectProgress` gives it), P = 100 × the mean credit of the counted
 *   pieces (`PIECE_PROGRESS_CREDIT`), and the progress is round((Q + P) / 2),
 *   or round(P) with no questionnaire. File drawers no longer count apart:
 *   a sent file counts through its request.
 *
 * Worked example: questionnaires at 100 and 50 (Q = 75); four required pieces,
 * accepted, waived, received and requested (P = 100 × (1 + 1 + 0.5 + 0) / 4
 * = 62.5); a fifth marked "plus requise" is not counted. Progress =
 * round((75 + 62.5) / 2) = round(68.75) = 69.
 */
export function projectProgressWithPieces(parts: ProgressPartsWithPieces): number {
  const credits = (parts.pieces ?? []).flatMap((piece) =>
    piece.noLongerRequired || piece.origin === 'unrequested' || piece.state === 'refused' ? [] : [PIECE_PROGRESS_CREDIT[piece.state]],
  );
  if (credits.length === 0) return projectProgress(parts);
  const piecesScore = (100 * credits.reduce((sum, credit) => sum + credit, 0)) / credits.length;
  if (parts.questionnaires.length === 0) return Math.round(piecesScore);
  const questionnairesScore = projectProgress({ questionnaires: parts.questionnaires, fileDrawers: [] });
  return Math.round((questionnairesScore + piecesScore) / 2);
}
