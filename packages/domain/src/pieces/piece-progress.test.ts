import { describe, expect, it } from 'vitest';
import { projectProgress } from '../projects/progress';
import { projectProgressWithPieces, type PieceProgressItem } from './piece-progress';
import type { PieceState } from './piece-states';

const q = (...progress: number[]) => progress.map((p) => ({ progress: p }));
const piece = (state: PieceState, extra: Partial<PieceProgressItem> = {}): PieceProgressItem => ({
  state,
  noLongerRequired: false,
  origin: 'derived',
  ...extra,
});

describe('project progress with pieces', () => {
  it('keeps the current formula when the project has no piece request', () => {
    const parts = { questionnaires: q(100, 50), fileDrawers: [{ fileCount: 0 }] };
    expect(projectProgressWithPieces(parts)).toBe(projectProgress(parts));
    expect(projectProgressWithPieces({ ...parts, pieces: [] })).toBe(50);
    expect(projectProgressWithPieces({ questionnaires: [], fileDrawers: [] })).toBe(0);
  });

  it('weighs questionnaires and pieces half each (the worked example)', () => {
    const pieces = [
      piece('accepted'),
      piece('waived'),
      piece('received'),
      piece('requested'),
      piece('received', { noLongerRequired: true }),
    ];
    expect(projectProgressWithPieces({ questionnaires: q(100, 50), fileDrawers: [], pieces })).toBe(69);
  });

  it('counts only the pieces when there is no questionnaire, and ignores drawers once pieces are asked', () => {
    expect(
      projectProgressWithPieces({ questionnaires: [], fileDrawers: [{ fileCount: 3 }], pieces: [piece('accepted'), piece('requested')] }),
    ).toBe(50);
  });

  it('credits a piece to correct a quarter, and leaves out refused and unasked pieces', () => {
    expect(projectProgressWithPieces({ questionnaires: q(100), fileDrawers: [], pieces: [piece('to_correct')] })).toBe(63);
    expect(
      projectProgressWithPieces({
        questionnaires: q(100),
        fileDrawers: [],
        pieces: [piece('requested'), piece('refused'), piece('received', { origin: 'unrequested' })],
      }),
    ).toBe(50);
  });

  it('reaches 100 only when every questionnaire is done and every required piece accepted or waived', () => {
    expect(projectProgressWithPieces({ questionnaires: q(100), fileDrawers: [], pieces: [piece('accepted'), piece('waived')] })).toBe(100);
    expect(projectProgressWithPieces({ questionnaires: q(100), fileDrawers: [], pieces: [piece('accepted'), piece('received')] })).toBe(88);
  });
});
