import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { COMMON_PASSWORDS } from './common-passwords';
import {
  countEffectiveCharacters,
  evaluatePassword,
  isCommonPassword,
  isPersonalPassword,
  isStaffAccount,
  mustStrengthenPassword,
  PASSWORD_POLICY_MESSAGES,
  passwordAudienceFor,
  passwordEntropyBits,
  STAFF_PASSWORD_MIN_BITS,
} from './password-policy';

const jean = { firstName: 'Jean', lastName: 'Dupont', email: 'jean.dupont@exemple.fr' };
const client = { audience: 'client' as const, owner: jean, commonPasswords: COMMON_PASSWORDS };
const staff = { ...client, audience: 'staff' as const };

describe('the CNIL 2022-100 strength (length × log2 of the character set)', () => {
  it.each([
    // The deliberation's examples: 12 characters of the four sets, 14 of upper, lower and digits.
    ['K7#mPq9!xLr2', 80],
    ['K7mPq9xLr2Tw4B', 83],
    // Lower case only: 17 counted characters reach 80 bits (a passphrase).
    ['gribouillecaramels', 80],
    // 11 characters of the four sets, 13 without special: below.
    ['K7#mPq9!xLr', 73],
    ['K7mPq9xLr2Tw4', 77],
  ])('%s → %d bits', (password, bits) => {
    expect(passwordEntropyBits(password)).toBe(bits);
  });

  it('counts repeated characters and runs like abc or 321 once', () => {
    expect(countEffectiveCharacters('aaaaaa1')).toBe(2);
    expect(countEffectiveCharacters('1234567')).toBe(1);
    expect(countEffectiveCharacters('Abcdefgh1234!')).toBe(4);
    expect(passwordEntropyBits('Aaaaaaaaaaaaaaaaaaaa1!')).toBeLessThan(STAFF_PASSWORD_MIN_BITS);
  });
});

describe('the rules for every account', () => {
  it.each(['1234567', 'azerty1', 'aaaaaa1'])('refuses %s to clients and staff alike', (password) => {
    expect(evaluatePassword(password, client).refusal).not.toBeNull();
    expect(evaluatePassword(password, staff).refusal).not.toBeNull();
  });

  it('tells why: trivial, common, personal, each in French', () => {
    expect(evaluatePassword('aaaaaa1', client)).toMatchObject({ refusal: 'trivial', message: PASSWORD_POLICY_MESSAGES.trivial });
    expect(evaluatePassword('azerty1', client)).toMatchObject({ refusal: 'common', message: PASSWORD_POLICY_MESSAGES.common });
    expect(evaluatePassword('Dupont2024', client)).toMatchObject({ refusal: 'personal', message: PASSWORD_POLICY_MESSAGES.personal });
  });

  it('keeps the specification’s rule and its hint for clients, who may use other 7-character passwords', () => {
    expect(evaluatePassword('abcde1', client)).toMatchObject({ refusal: 'specRule', message: MESSAGES.passwordHint });
    expect(evaluatePassword('sans-chiffre', client)).toMatchObject({ refusal: 'specRule', message: MESSAGES.passwordHint });
    for (const password of ['k7mpq2x', 'Lapin42', 'tulipe9', 'Bx9-qrz']) expect(evaluatePassword(password, client).refusal).toBeNull();
  });

  it.each(['motdepasse', 'MotDePasse2024', 'Soleil!', 'azertyuiop1', 'P@ssw0rd', 'password1', '2024soleil', 'Marseille13', 'm0td3p@sse'])(
    'finds %s among the common passwords or their variants',
    (password) => {
      expect(isCommonPassword(password, COMMON_PASSWORDS)).toBe(true);
    },
  );

  it.each(['k7mpq2x', 'Tr0mpette-Bleue-Lyon!', 'K7#mPq9!xLr2'])('does not take %s for a common password', (password) => {
    expect(isCommonPassword(password, COMMON_PASSWORDS)).toBe(false);
  });

  it.each(['Dupont2024', 'jean.dupont1', 'J3an-Dup0nt', 'DUPONT!!77', 'Jéan2024', 'jeandupont', 'dupont.jean75'])(
    'refuses %s, built from Jean Dupont’s name or address',
    (password) => {
      expect(isPersonalPassword(password, jean)).toBe(true);
    },
  );

  it('accepts a password that holds the name among enough else, and one of someone else’s name', () => {
    expect(isPersonalPassword('Dupont-Lavande-Rouge7', jean)).toBe(false);
    expect(isPersonalPassword('Martin2024', jean)).toBe(false);
    expect(isPersonalPassword('Martin2024', { firstName: 'Léa', lastName: 'Martin', email: 'lea@exemple.fr' })).toBe(true);
  });

  it('checks the address’s local part by its pieces (a short first name is not looked for)', () => {
    expect(isPersonalPassword('notaire.lyon3', { email: 'notaire.lyon@exemple.fr' })).toBe(true);
    expect(isPersonalPassword('Li-8kq2zw', { firstName: 'Li', lastName: 'Wu', email: 'x@y.fr' })).toBe(false);
  });
});

describe('the rule for office members and admins', () => {
  it('needs 80 bits and says how far the password is', () => {
    const evaluation = evaluatePassword('Lapin42', staff);
    expect(evaluation.refusal).toBe('staffStrength');
    expect(evaluation.message).toBe(PASSWORD_POLICY_MESSAGES.staffStrength(evaluation.bits));
    expect(evaluation.message).toContain('80 bits');
    expect(evaluatePassword('K7#mPq9!xLr2', staff)).toMatchObject({ refusal: null, meetsStaffRule: true });
  });

  it('still refuses a long but personal or common password', () => {
    expect(evaluatePassword('Jean-Dupont-2024!!', staff).refusal).toBe('personal');
    expect(evaluatePassword('motdepasse123456789', staff).refusal).toBe('common');
  });

  it('records whether a client’s password would meet the staff rule', () => {
    expect(evaluatePassword('Lapin42', client)).toMatchObject({ refusal: null, meetsStaffRule: false });
    expect(evaluatePassword('K7#mPq9!xLr2', client)).toMatchObject({ refusal: null, meetsStaffRule: true });
  });

  it('is for office members and admins, unless they sign in with a passkey', () => {
    const none = { roles: ['ROLE_USER'], isNotary: false, notary_office: null };
    expect(isStaffAccount(none)).toBe(false);
    expect(isStaffAccount({ ...none, isNotary: true })).toBe(true);
    expect(isStaffAccount({ ...none, notary_office: { id: 3 } })).toBe(true);
    expect(isStaffAccount({ ...none, roles: ['ROLE_USER', 'ROLE_ADMIN'] })).toBe(true);
    expect(passwordAudienceFor({ isStaff: true, signsInWithPasskey: false })).toBe('staff');
    expect(passwordAudienceFor({ isStaff: true, signsInWithPasskey: true })).toBe('client');
    expect(passwordAudienceFor({ isStaff: false, signsInWithPasskey: false })).toBe('client');
  });

  it('gates a staff session whose password is known to be weak, not an unknown one', () => {
    const gate = (isStaff: boolean, passwordMeetsStaffRule: boolean | null, signsInWithPasskey = false) =>
      mustStrengthenPassword({ isStaff, passwordMeetsStaffRule, signsInWithPasskey });
    expect(gate(true, false)).toBe(true);
    expect(gate(true, true)).toBe(false);
    expect(gate(true, null)).toBe(false);
    expect(gate(false, false)).toBe(false);
    expect(gate(true, false, true)).toBe(false);
  });
});
