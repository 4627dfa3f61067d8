import { describe, expect, it } from 'vitest';
import { differingFields, equalAnswers, reapplyChanges } from './answers';

describe('answer sets', () => {
  it('compares answers key by key', () => {
    expect(equalAnswers({ a: 1, b: 'x' }, { b: 'x', a: 1 })).toBe(true);
    expect(equalAnswers({ a: 1 }, { a: 1, b: 'x' })).toBe(false);
    expect(equalAnswers({ a: 1 }, { a: 0 })).toBe(false);
    expect(differingFields({ a: 1, b: 'x' }, { a: 1, c: 2 })).toEqual(['b', 'c']);
  });

  it('re-applies only what the user changed on top of the server version, clearings included', () => {
    const base = { first_name: 'Claire', city: 'Lyon', email: 'c@example.fr' };
    const mine = { first_name: 'Claire-Marie', city: 'Lyon' };
    const server = { first_name: 'Claire', city: 'Dijon', email: 'c@example.fr', profession: 'Architecte' };
    expect(reapplyChanges(base, mine, server)).toEqual({ first_name: 'Claire-Marie', city: 'Dijon', profession: 'Architecte' });
  });
});
