import type { AnswerValue } from './kinds';

/**
 * When a question, a field, a note or a supporting document applies, written
 * as data so the server, the web, the PDF and the tests all read the same rule
 * (spec 001, section 4). Examples:
 *   { field: 'succession_q2_will', equals: 1 }
 *   { field: 'marital_status', in: ['married', 'divorced'] }
 *   { all: [{ field: 'sanitation_q1_tal', equals: 0 }, { field: 'sanitation_q1_simple', equals: 0 }] }
 */
export type Condition =
  | { field: string; equals: AnswerValue }
  | { field: string; in: readonly AnswerValue[] }
  /** True when the field holds an answer (false: when it holds none). */
  | { field: string; answered: boolean }
  | { all: readonly Condition[] }
  | { any: readonly Condition[] }
  | { not: Condition };

/**
 * Whether `condition` holds for `answers` (no condition always holds).
 * Answers are read as stored: pass answers that went through `clean`.
 * Texts compare without regard to case, accents or surrounding spaces, since
 * people type them freely ("Française", "francaise ").
 */
export function evaluateCondition(condition: Condition | undefined, answers: Readonly<Record<string, unknown>>): boolean {
  if (condition === undefined) return true;
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, answers));
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, answers));
  if ('not' in condition) return !evaluateCondition(condition.not, answers);
  const value = Object.hasOwn(answers, condition.field) ? answers[condition.field] : undefined;
  if ('answered' in condition) return (value !== undefined) === condition.answered;
  if ('equals' in condition) return isSameAnswer(value, condition.equals);
  return condition.in.some((expected) => isSameAnswer(value, expected));
}

/** Every field name a condition reads, in order of appearance. */
export function conditionFields(condition: Condition | undefined): string[] {
  if (condition === undefined) return [];
  if ('all' in condition) return condition.all.flatMap(conditionFields);
  if ('any' in condition) return condition.any.flatMap(conditionFields);
  if ('not' in condition) return conditionFields(condition.not);
  return [condition.field];
}

/** Every value a condition compares a field with, paired with that field. */
export function conditionValues(condition: Condition | undefined): Array<{ field: string; value: AnswerValue }> {
  if (condition === undefined) return [];
  if ('all' in condition) return condition.all.flatMap(conditionValues);
  if ('any' in condition) return condition.any.flatMap(conditionValues);
  if ('not' in condition) return conditionValues(condition.not);
  if ('equals' in condition) return [{ field: condition.field, value: condition.equals }];
  if ('in' in condition) return condition.in.map((value) => ({ field: condition.field, value }));
  return [];
}

function isSameAnswer(value: unknown, expected: AnswerValue): boolean {
  if (typeof value === 'string' && typeof expected === 'string') return normalizeText(value) === normalizeText(expected);
  return value === expected;
}

function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
}
