import { describe, expect, it } from 'vitest';
import { searchParams } from './search-params';

describe('searchParams', () => {
  it('sends the fields set, in their order, and leaves out the undefined ones', () => {
    expect(searchParams({ q: 'vente', type: undefined, status: 3, city: '', after: 'abc' }).toString()).toBe(
      'q=vente&status=3&city=&after=abc',
    );
  });

  it('encodes the values', () => {
    expect(searchParams({ search: 'Jean & Marie', kinds: 'a,b' }).toString()).toBe('search=Jean+%26+Marie&kinds=a%2Cb');
  });
});
