import { describe, expect, it } from 'vitest';
import { officeIdOf, planOfficeChange } from './office-attachment';

describe('planOfficeChange', () => {
  it('lets an admin attach, move and detach anyone', () => {
    expect(planOfficeChange({ editorIsAdmin: true, current: null, requested: 2 })).toBe('change');
    expect(planOfficeChange({ editorIsAdmin: true, current: 1, requested: 2, seen: 1 })).toBe('change');
    expect(planOfficeChange({ editorIsAdmin: true, current: 1, requested: null, seen: 1 })).toBe('change');
  });

  it('refuses any change of office to a user who is not an admin, their own included', () => {
    expect(planOfficeChange({ editorIsAdmin: false, current: null, requested: 2 })).toBe('refuseNotAdmin');
    expect(planOfficeChange({ editorIsAdmin: false, current: null, requested: 2, seen: null })).toBe('refuseNotAdmin');
    expect(planOfficeChange({ editorIsAdmin: false, current: 1, requested: 2, seen: 1 })).toBe('refuseNotAdmin');
    // Claiming to have seen the office asked for does not make it theirs.
    expect(planOfficeChange({ editorIsAdmin: false, current: null, requested: 2, seen: 2 })).toBe('unchanged');
  });

  it('treats a form sending back the office it showed as no change, even if it changed since', () => {
    expect(planOfficeChange({ editorIsAdmin: false, current: 1, requested: 1, seen: 1 })).toBe('unchanged');
    expect(planOfficeChange({ editorIsAdmin: false, current: 3, requested: 1, seen: 1 })).toBe('unchanged');
  });

  it("refuses an admin's change based on an office that is no longer the user's", () => {
    expect(planOfficeChange({ editorIsAdmin: true, current: 3, requested: 2, seen: 1 })).toBe('refuseChangedMeanwhile');
    expect(planOfficeChange({ editorIsAdmin: true, current: 3, requested: 2, seen: null })).toBe('refuseChangedMeanwhile');
  });
});

describe('officeIdOf', () => {
  it("reads '' and null as no office", () => {
    expect(officeIdOf('')).toBeNull();
    expect(officeIdOf(null)).toBeNull();
    expect(officeIdOf(4)).toBe(4);
  });
});
