import type { PieceProgressItem } from './piece-progress';

/**
 * "3 / 7 reçues" on a person's card: of the pieces still asked of them (not
 * "plus requise", not sent unasked, neither refused nor waived), how many
 * were sent and not sent back (reçue or acceptée).
 */
export interface PersonPieceCount {
  received: number;
  total: number;
}

/** Requests of one kind, counted: what the server reads with GROUP BY instead of every row. */
export interface PieceCountItem extends PieceProgressItem {
  count: number;
}

export function countPersonPieces(items: readonly PieceCountItem[]): PersonPieceCount {
  let received = 0;
  let total = 0;
  for (const item of items) {
    if (item.noLongerRequired || item.origin === 'unrequested' || item.state === 'refused' || item.state === 'waived') continue;
    total += item.count;
    if (item.state === 'received' || item.state === 'accepted') received += item.count;
  }
  return { received, total };
}

/** The counted items one by one, as `projectProgressWithPieces` takes them. */
export function expandPieceCounts(items: readonly PieceCountItem[]): PieceProgressItem[] {
  return items.flatMap((item) =>
    Array.from({ length: item.count }, () => ({ state: item.state, origin: item.origin, noLongerRequired: item.noLongerRequired })),
  );
}
