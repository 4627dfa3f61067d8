/** What the progress of a project is made of. */
export interface ProgressParts {
  /** Each questionnaire's own progress, 0 to 100. */
  questionnaires: ReadonlyArray<{ progress: number }>;
  fileDrawers: ReadonlyArray<{ fileCount: number }>;
}

/**
 * The project's progress, an integer from 0 to 100: the mean of its
 * questionnaires' progress and of its file drawers (done once they hold a
 * file), each counting the same. 0 when there is nothing to fill in.
 */
export function projectProgress(parts: ProgressParts): number {
  const scores = [
    ...parts.questionnaires.map((q) => clampPercent(q.progress)),
    ...parts.fileDrawers.map((d) => (d.fileCount > 0 ? 100 : 0)),
  ];
  if (scores.length === 0) return 0;
  return Math.round(scores.reduce((sum, s) => sum + s, 0) / scores.length);
}

function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}
