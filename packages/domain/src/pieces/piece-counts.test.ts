import { describe, expect, it } from 'vitest';
import { countPersonPieces, expandPieceCounts } from './piece-counts';

describe("a person's piece count", () => {
  it('counts sent pieces over those still asked', () => {
    const count = countPersonPieces([
      { state: 'accepted', origin: 'derived', noLongerRequired: false, count: 2 },
      { state: 'received', origin: 'derived', noLongerRequired: false, count: 1 },
      { state: 'requested', origin: 'derived', noLongerRequired: false, count: 3 },
      { state: 'to_correct', origin: 'office', noLongerRequired: false, count: 1 },
      // Not counted: no longer required, sent unasked, waived, refused.
      { state: 'received', origin: 'derived', noLongerRequired: true, count: 4 },
      { state: 'received', origin: 'unrequested', noLongerRequired: false, count: 1 },
      { state: 'waived', origin: 'derived', noLongerRequired: false, count: 1 },
      { state: 'refused', origin: 'derived', noLongerRequired: false, count: 1 },
    ]);
    expect(count).toEqual({ received: 3, total: 7 });
  });

  it('expands counts into one item per request', () => {
    expect(expandPieceCounts([{ state: 'received', origin: 'derived', noLongerRequired: false, count: 2 }])).toHaveLength(2);
  });
});
