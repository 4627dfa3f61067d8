import { describe, expect, it } from 'vitest';
import { projectProgress } from './progress';

const q = (...progress: number[]) => progress.map((p) => ({ progress: p }));
const drawers = (...fileCount: number[]) => fileCount.map((n) => ({ fileCount: n }));

describe('project progress', () => {
  it('is 0 with nothing to fill in', () => {
    expect(projectProgress({ questionnaires: [], fileDrawers: [] })).toBe(0);
  });

  it('averages questionnaires and drawers, each counting the same', () => {
    expect(projectProgress({ questionnaires: q(100, 50), fileDrawers: [] })).toBe(75);
    expect(projectProgress({ questionnaires: q(0), fileDrawers: drawers(3) })).toBe(50);
    expect(projectProgress({ questionnaires: q(0, 0), fileDrawers: drawers(1, 0) })).toBe(25);
    expect(projectProgress({ questionnaires: [], fileDrawers: drawers(0, 0) })).toBe(0);
    expect(projectProgress({ questionnaires: q(100), fileDrawers: drawers(12) })).toBe(100);
  });

  it('counts a drawer done from its first file, whatever the number of files', () => {
    expect(projectProgress({ questionnaires: [], fileDrawers: drawers(1) })).toBe(
      projectProgress({ questionnaires: [], fileDrawers: drawers(40) }),
    );
  });

  it('rounds to an integer', () => {
    expect(projectProgress({ questionnaires: q(0, 0), fileDrawers: drawers(1) })).toBe(33);
    expect(projectProgress({ questionnaires: q(0), fileDrawers: drawers(1, 1) })).toBe(67);
  });

  it('keeps each questionnaire within 0-100 so one bad value cannot skew the whole', () => {
    expect(projectProgress({ questionnaires: q(250, -10, Number.NaN), fileDrawers: [] })).toBe(33);
  });
});
