import type { Answers } from '@notadoo/domain';

/** Same answered fields with the same values. */
export function equalAnswers(a: Answers, b: Answers): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}

/** The field names whose answer differs between `a` and `b` (answered in one only included). */
export function differingFields(a: Answers, b: Answers): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((key) => a[key] !== b[key]);
}

/**
 * After a conflict: the server's answers, with every change the user made
 * since `base` (the version they started from) applied on top, a cleared
 * answer included. Answers the user did not touch keep the server's value.
 * The caller cleans the result with the engine.
 */
export function reapplyChanges(base: Answers, mine: Answers, server: Answers): Answers {
  const result: Answers = { ...server };
  for (const key of differingFields(base, mine)) {
    const value = mine[key];
    if (value === undefined) delete result[key];
    else result[key] = value;
  }
  return result;
}
