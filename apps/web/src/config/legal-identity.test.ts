import { describe, expect, it } from 'vitest';
import { isValidSiren, readLegalIdentity } from './legal-identity';

describe('the publisher’s identity', () => {
  it('checks a SIREN by its Luhn sum', () => {
    expect(isValidSiren('732829320')).toBe(true);
    expect(isValidSiren('732829321')).toBe(false);
    expect(isValidSiren('73282932')).toBe(false);
  });

  it('names the network alone and nothing invented when nothing is set', () => {
    const problems: string[] = [];
    expect(readLegalIdentity({}, 'Notadoo', problems)).toEqual({ company: 'Notadoo', address: undefined, rcs: undefined });
    expect(readLegalIdentity({ VITE_NETWORK_ADDRESS: '  ', VITE_NETWORK_RCS: '' }, 'Notadoo', problems)).toEqual({
      company: 'Notadoo',
      address: undefined,
      rcs: undefined,
    });
    expect(problems).toEqual([]);
  });

  it('keeps what is set and lists every bad value', () => {
    const problems: string[] = [];
    const identity = readLegalIdentity(
      {
        VITE_NETWORK_COMPANY: 'Notadoo SAS',
        VITE_NETWORK_ADDRESS: '3 place  Bellecour, 69002 Lyon',
        VITE_NETWORK_RCS: 'RCS Lyon 732 829 320',
      },
      'Notadoo',
      problems,
    );
    expect(identity).toEqual({ company: 'Notadoo SAS', address: '3 place Bellecour, 69002 Lyon', rcs: 'RCS Lyon 732 829 320' });
    readLegalIdentity({ VITE_NETWORK_RCS: 'RCS Paris 912 345 678', VITE_NETWORK_ADDRESS: 'x' }, 'Notadoo', problems);
    expect(problems).toEqual([
      'VITE_NETWORK_ADDRESS doit faire entre 5 et 200 caractères.',
      'VITE_NETWORK_RCS doit avoir la forme « RCS <ville du greffe> <numéro SIREN à 9 chiffres> », avec un numéro SIREN valide.',
    ]);
  });
});
