import { describe, expect, it } from 'vitest';
import { exampleDefinition } from './example-definition';
import { isQuestionVisible, isVisible, visibleFieldNames } from './visibility';

describe('visibility', () => {
  it('shows a field when its question and its own condition hold', () => {
    expect(isVisible(exampleDefinition, {}, 'conditions')).toBe(true);
    expect(isVisible(exampleDefinition, {}, 'conditions_info')).toBe(false);
    expect(isVisible(exampleDefinition, { conditions: 1 }, 'conditions_info')).toBe(true);
    expect(isVisible(exampleDefinition, { lot: 1 }, 'asso')).toBe(true);
  });

  it('judges on cleaned answers: a stale answer to a hidden parent shows nothing', () => {
    // asso = 1 is stale (lot = 0 hides it), so the president stays hidden.
    expect(isVisible(exampleDefinition, { lot: 0, asso: 1 }, 'president_name')).toBe(false);
    expect(isVisible(exampleDefinition, { lot: '1', asso: 'true' }, 'president_name')).toBe(true);
  });

  it('handles all, any, not and answered conditions', () => {
    expect(isVisible(exampleDefinition, { tal: 0, simple: 0 }, 'street')).toBe(true);
    expect(isVisible(exampleDefinition, { tal: 0 }, 'street')).toBe(false);
    expect(isVisible(exampleDefinition, { simple: 1 }, 'last_check')).toBe(true);
    expect(isVisible(exampleDefinition, {}, 'last_check')).toBe(false);
    expect(isVisible(exampleDefinition, {}, 'no_price_reason')).toBe(true);
    expect(isVisible(exampleDefinition, { price: '10' }, 'no_price_reason')).toBe(false);
  });

  it('answers false for an unknown field or question', () => {
    expect(isVisible(exampleDefinition, {}, 'nope')).toBe(false);
    expect(isQuestionVisible(exampleDefinition, {}, 'nope')).toBe(false);
  });

  it('shows a question when its condition holds and one of its fields shows', () => {
    expect(isQuestionVisible(exampleDefinition, {}, 'asso')).toBe(false);
    expect(isQuestionVisible(exampleDefinition, { lot: 1 }, 'asso')).toBe(true);
    expect(isQuestionVisible(exampleDefinition, {}, 'tal')).toBe(true);
  });

  it('lists every visible field at once', () => {
    const visible = visibleFieldNames(exampleDefinition, { motivation: 4, destination: 'pro' });
    expect(visible.has('other_reason')).toBe(true);
    expect(visible.has('family_reason')).toBe(false);
    expect(visible.has('activity')).toBe(true);
    expect([...visible].every((name) => isVisible(exampleDefinition, { motivation: 4, destination: 'pro' }, name))).toBe(true);
  });
});
