import { expect, it } from 'vitest';
import { clean } from '../engine/clean';
import type { QuestionnaireDefinition } from '../engine/definition';
import type { Answers } from '../engine/kinds';
import { isVisible } from '../engine/visibility';

// Test helpers: the display and clearing rules of spec 001, section 4 written
// as tables, one row per rule, each row a test named after the rule.

export interface DisplayRule {
  rule: string;
  definition: QuestionnaireDefinition;
  fields: string[];
  /** Answers that show the fields. */
  shownWith: Answers;
  /** Answers that leave them hidden. */
  hiddenWith: Answers[];
}

export interface ClearingRule {
  rule: string;
  definition: QuestionnaireDefinition;
  /** A consistent answer set with the dependants filled in. */
  before: Answers;
  /** The new answer to the parent. */
  change: Answers;
  /** The answers the change clears; every other answer is kept. */
  cleared: string[];
}

/** One test per row: the fields show with `shownWith` and stay hidden with each of `hiddenWith`. */
export function testDisplayRules(rules: DisplayRule[]): void {
  it.for(rules)('$rule', ({ definition, fields, shownWith, hiddenWith }) => {
    for (const field of fields) {
      expect(isVisible(definition, shownWith, field), `${field} with ${JSON.stringify(shownWith)}`).toBe(true);
      for (const answers of hiddenWith)
        expect(isVisible(definition, answers, field), `${field} with ${JSON.stringify(answers)}`).toBe(false);
    }
  });
}

/** One test per row: `before` is stable under `clean`; applying `change` clears exactly `cleared`. */
export function testClearingRules(rules: ClearingRule[]): void {
  it.for(rules)('$rule', ({ definition, before, change, cleared }) => {
    expect(clean(definition, before), 'the answers before the change are consistent').toEqual(before);
    for (const name of cleared) expect(before, `${name} is filled in before the change`).toHaveProperty(name);
    const after = { ...before, ...change };
    const expected = Object.fromEntries(Object.entries(after).filter(([name]) => !cleared.includes(name)));
    expect(clean(definition, after)).toEqual(expected);
  });
}
