import { describe, expect, it } from 'vitest';
import { stepIndexFromParam, stepParamOf } from './step-param';

describe('the step in the address', () => {
  it('reads the step number people see (1 to N) as its index', () => {
    expect(stepIndexFromParam('1', 15)).toBe(0);
    expect(stepIndexFromParam('15', 15)).toBe(14);
    expect(stepParamOf(14)).toBe('15');
    expect(stepIndexFromParam(stepParamOf(6), 15)).toBe(6);
  });

  it('falls back to the first step when the value is missing, out of range or not a number', () => {
    for (const value of [null, '', '0', '16', '-2', '2.5', 'abc', '1e3', '99999999999'])
      expect(stepIndexFromParam(value, 15), String(value)).toBe(0);
  });
});
