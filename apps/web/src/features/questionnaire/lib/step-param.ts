/**
 * The step on screen lives in the address (`?step=3` is "Étape 3 sur N", the
 * number people read), so a reload, back and forward, and a shared link open
 * the step being edited. Anything else opens the first step.
 */
export const STEP_PARAM = 'step';

/** The index (0-based) of the step `?step=` names among `count` steps; 0 when missing or out of range. */
export function stepIndexFromParam(value: string | null, count: number): number {
  if (value === null || !/^\d{1,4}$/.test(value)) return 0;
  const number = Number(value);
  return number >= 1 && number <= count ? number - 1 : 0;
}

/** The `?step=` value of step `index` (0-based). */
export function stepParamOf(index: number): string {
  return String(index + 1);
}
