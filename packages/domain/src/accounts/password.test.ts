import { describe, expect, it } from 'vitest';
import { describePasswordRule, isPasswordStrongEnough } from './password';

describe('password rule (more than 6 characters with a digit)', () => {
  it.each([
    ['abcdef1', true],
    ['1234567', true],
    ['Secret2026', true],
    ['abcde1', false],
    ['abcdefgh', false],
    ['', false],
  ])('%s → %s', (password, ok) => {
    expect(isPasswordStrongEnough(password)).toBe(ok);
  });

  it('reports each part of the rule for the live checklist', () => {
    expect(describePasswordRule('abc')).toEqual({ longEnough: false, hasDigit: false });
    expect(describePasswordRule('abcdefg')).toEqual({ longEnough: true, hasDigit: false });
    expect(describePasswordRule('ab1')).toEqual({ longEnough: false, hasDigit: true });
  });
});
