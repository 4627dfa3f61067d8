import { describe, expect, it } from 'vitest';
import { contactSchema, registrationSchema } from '../schemas/admin';
import { billingCsv, currentYearRange } from './billing';
import { csvField, toCsv } from './csv';
import { applyUserStatus, normalizeRoles, readUserStatus, USER_STATUS_ACTIONS, type UserStatuses } from './user-statuses';

const base: UserStatuses = { isActive: true, roles: ['ROLE_USER'], isEmailConfirmed: false, isPro: false, isNotary: false, needsRoleChange: true };

describe('user statuses', () => {
  it.each(USER_STATUS_ACTIONS)('sets and reads back %s', (action) => {
    expect(readUserStatus(applyUserStatus(base, action, true), action)).toBe(true);
    expect(readUserStatus(applyUserStatus(base, action, false), action)).toBe(false);
  });

  it('answers a pending request when intermediary or notary rights are granted, not when they are removed', () => {
    expect(applyUserStatus(base, 'pro', true)).toMatchObject({ isPro: true, needsRoleChange: false });
    expect(applyUserStatus(base, 'notary', true)).toMatchObject({ isNotary: true, needsRoleChange: false });
    expect(applyUserStatus(base, 'pro', false).needsRoleChange).toBe(true);
  });

  it('keeps ROLE_USER first and drops unknown roles', () => {
    expect(normalizeRoles(['ROLE_CASE_MANAGER', 'ROLE_ROOT', 'ROLE_ADMIN'])).toEqual(['ROLE_USER', 'ROLE_ADMIN', 'ROLE_CASE_MANAGER']);
    expect(applyUserStatus(base, 'admin', true).roles).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
  });
});

describe('CSV for a French spreadsheet', () => {
  it('quotes only what needs it and doubles quotes', () => {
    expect(csvField('Lyon')).toBe('Lyon');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('dit "Le Clos"')).toBe('"dit ""Le Clos"""');
    expect(csvField('deux\nlignes')).toBe('"deux\nlignes"');
    expect(csvField(null)).toBe('');
  });

  it('starts with a BOM and separates rows with CRLF', () => {
    expect(toCsv(['a', 'b'], [[1, 'é']])).toBe('\uFEFFa;b\r\n1;é\r\n');
  });

  it('writes the billing rows with French dates and status labels', () => {
    const csv = billingCsv([{ id: 4, name: 'Vente', city: null, created_at: '2026-03-31T22:30:00.000Z', status: 3 }]);
    expect(csv.split('\r\n')[1]).toBe('4;Vente;;01/04/2026;Relecture étude');
  });

  it('defaults the billing range to the calendar year', () => {
    expect(currentYearRange(new Date(2026, 5, 15))).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });
});

describe('admin and contact payloads', () => {
  it('needs the five registration fields and equal passwords', () => {
    const valid = { email: 'a@b.fr', password: 'Secret12', passwordConfirm: 'Secret12', firstName: 'A', lastName: 'B' };
    expect(registrationSchema.safeParse(valid).success).toBe(true);
    expect(registrationSchema.safeParse({ ...valid, passwordConfirm: 'Secret13' }).error?.issues[0]?.message).toBe('Veuillez confirmer le mot de passe.');
    expect(registrationSchema.safeParse({ ...valid, firstName: ' ' }).success).toBe(false);
  });

  it('answers the one "all fields required" message for a blank field, and says when a reason is not in the list', () => {
    const valid = { civility: 'M', firstName: 'A', lastName: 'B', phone: '0102030405', email: 'a@b.fr', reason: 'autre', message: 'Bonjour' };
    expect(contactSchema.safeParse(valid).success).toBe(true);
    for (const field of Object.keys(valid)) {
      expect(contactSchema.safeParse({ ...valid, [field]: ' ' }).error?.issues[0]?.message, field).toBe('Erreur : tous les champs du formulaire sont requis.');
    }
    expect(contactSchema.safeParse({ ...valid, reason: 'presse' }).error?.issues[0]?.message).toBe('Merci de choisir un motif de contact dans la liste.');
  });
});
