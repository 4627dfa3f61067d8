import { describe, expect, it } from 'vitest';
import {
  addPersonSchema,
  calendarDateSchema,
  COMMON_SCHEMA_MESSAGES as M,
  createProjectSchema,
  positiveId,
  signupSchema,
  updateParticipantSchema,
  userPatchSchema,
} from '../index';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('names typed by people', () => {
  const hostile = ['Jean\u0000ne', 'fdp\u202Eexe.pdf', 'Ja\u200Bne', 'A\u2066B', 'Jeanne\u0007', 'Lone\uD800', 'Ma\uFEFFrie'];

  it('refuses NUL, bidirectional overrides and other invisible characters in every name field', () => {
    for (const name of hostile) {
      expect(firstMessage(createProjectSchema.safeParse({ name, type: 'realty', subtype: 'house', role: 'seller' })), name).toBe(
        M.invisibleCharacters,
      );
      expect(firstMessage(addPersonSchema.safeParse({ firstName: name, lastName: 'Durand', role: 'seller' })), name).toBe(
        M.invisibleCharacters,
      );
      expect(firstMessage(updateParticipantSchema.safeParse({ id: 1, firstName: 'Jeanne', lastName: name })), name).toBe(
        M.invisibleCharacters,
      );
      expect(firstMessage(userPatchSchema.safeParse({ lastName: name })), name).toBe(M.invisibleCharacters);
      const signup = { email: 'a@b.fr', password: 'Motdepasse1', passwordConfirm: 'Motdepasse1', firstName: name, lastName: 'Durand' };
      expect(firstMessage(signupSchema.safeParse(signup)), name).toBe(M.invisibleCharacters);
    }
  });

  it('keeps accents, apostrophes, hyphens and non-Latin scripts', () => {
    for (const name of ['Éloïse-Marie', "N'Diaye", 'Ødegård', '王芳', 'Ахматова', 'Dupont & fils']) {
      expect(addPersonSchema.safeParse({ firstName: name, lastName: name, role: 'seller' }).success, name).toBe(true);
    }
  });
});

describe('ids', () => {
  const id = positiveId('Identifiant invalide.');
  it('accepts positive 32-bit integers as numbers or text', () => {
    expect(id.parse('12')).toBe(12);
    expect(id.parse(2_147_483_647)).toBe(2_147_483_647);
  });
  it('refuses what the database could not hold', () => {
    for (const value of ['abc', '', '0', '-1', '1.5', '2147483648', '99999999999999999999', 2 ** 53, Number.NaN, Infinity]) {
      expect(firstMessage(id.safeParse(value)), String(value)).toBe('Identifiant invalide.');
    }
  });
});

describe('calendar dates', () => {
  it('reads a real date as midnight UTC', () => {
    expect(calendarDateSchema.parse('2026-02-28').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(calendarDateSchema.parse('2028-02-29').toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
  it('refuses impossible dates instead of rolling them over, and year 0', () => {
    for (const text of ['2026-02-31', '2026-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '0000-01-01', '0001-12-31']) {
      expect(firstMessage(calendarDateSchema.safeParse(text)), text).toBe(M.dateDoesNotExist);
    }
    for (const text of ['2026-2-3', '03/02/2026', '2026-02-03T10:00', '']) {
      expect(firstMessage(calendarDateSchema.safeParse(text)), text).toBe(M.dateFormat);
    }
  });
});
