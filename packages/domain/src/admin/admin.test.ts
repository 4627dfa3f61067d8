import { describe, expect, it } from 'vitest';
import { contactSchema, registrationSchema } from '../schemas/admin';
import { CONTACT_FIELD_REQUIRED, readContactErrors } from './contact-errors';
import { billingCsv, currentYearRange, formatBillingDate } from './billing';
import { csvField, neutralizeCsvFormula, toCsv } from './csv';
import { applyUserStatus, normalizeRoles, readUserStatus, USER_STATUS_ACTIONS, type UserStatuses } from './user-statuses';

const base: UserStatuses = {
  isActive: true,
  roles: ['ROLE_USER'],
  isEmailConfirmed: false,
  isPro: false,
  isNotary: false,
  needsRoleChange: true,
};

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

  it.each([
    ['=1+2', "'=1+2"],
    ['+1+2', "'+1+2"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+2', "'\t'=1+2"],
    ['\r=1+2', "'\r'=1+2"],
    ['\n=1+2', "'\n'=1+2"],
    ['  =1+2', "'  =1+2"],
    ['\uFF1D1+2', "'\uFF1D1+2"],
    ['=HYPERLINK("http://x.test","clic")', '\'=HYPERLINK("http://x.test","clic")'],
  ])('prefixes a cell a spreadsheet would read as a formula with a quote: %j', (value, neutral) => {
    expect(neutralizeCsvFormula(value)).toBe(neutral);
  });

  it('also neutralises a formula after a comma, semicolon, tab or line break, where another separator would start a cell', () => {
    expect(neutralizeCsvFormula('Vente,=1+2')).toBe("Vente,'=1+2");
    expect(neutralizeCsvFormula('Vente; -1+2')).toBe("Vente; '-1+2");
    expect(neutralizeCsvFormula('Vente\t@A1')).toBe("Vente\t'@A1");
    expect(neutralizeCsvFormula('deux\r\n+lignes')).toBe("deux\r\n'+lignes");
  });

  it('leaves ordinary text as it is', () => {
    for (const text of [
      'Vente Dupont-Martin',
      'Succession Lefèvre',
      'M. & Mme Durand',
      'Rue du 8-Mai-1945',
      "L'Haÿ-les-Roses",
      'a+b=c',
      '',
      '1-2',
    ]) {
      expect(neutralizeCsvFormula(text)).toBe(text);
    }
  });

  it('writes neutralised text cells, quoted when needed, and leaves numbers alone', () => {
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('=HYPERLINK("http://x.test")')).toBe('"\'=HYPERLINK(""http://x.test"")"');
    expect(csvField('a;=1+2')).toBe('"a;\'=1+2"');
    expect(csvField('\r=1+2')).toBe('"\'\r\'=1+2"');
    expect(csvField(-3)).toBe('-3');
  });

  it('neutralises project names and cities in the billing CSV', () => {
    const csv = billingCsv([
      { id: 5, name: '=1+2', city: '@SUM(A1)', created_at: '2026-03-31T22:30:00.000Z', status: 1 },
      { id: 6, name: '=HYPERLINK("http://x.test")', city: '-Lyon', created_at: '2026-03-31T22:30:00.000Z', status: 1 },
    ]);
    const [, first, second] = csv.split('\r\n');
    expect(first).toMatch(/^5;'=1\+2;'@SUM\(A1\);01\/04\/2026;/);
    expect(second).toMatch(/^6;"'=HYPERLINK\(""http:\/\/x\.test""\)";'-Lyon;/);
  });

  it('defaults the billing range to the calendar year', () => {
    expect(currentYearRange(new Date(2026, 5, 15))).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('takes the year of Paris, where the new year starts an hour or two before UTC', () => {
    expect(currentYearRange(new Date('2026-12-31T23:30:00Z'))).toEqual({ from: '2027-01-01', to: '2027-12-31' });
    expect(currentYearRange(new Date('2026-12-31T22:59:59Z'))).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('shows creation dates as days in Paris, summer and winter', () => {
    expect(formatBillingDate('2026-12-31T23:50:00Z')).toBe('01/01/2027');
    expect(formatBillingDate('2026-07-14T22:30:00Z')).toBe('15/07/2026');
    expect(formatBillingDate('2026-07-14T21:59:59Z')).toBe('14/07/2026');
  });
});

describe('admin and contact payloads', () => {
  it('needs the five registration fields and equal passwords', () => {
    const valid = { email: 'a@b.fr', password: 'Secret12', passwordConfirm: 'Secret12', firstName: 'A', lastName: 'B' };
    expect(registrationSchema.safeParse(valid).success).toBe(true);
    expect(registrationSchema.safeParse({ ...valid, passwordConfirm: 'Secret13' }).error?.issues[0]?.message).toBe(
      'Veuillez confirmer le mot de passe.',
    );
    expect(registrationSchema.safeParse({ ...valid, firstName: ' ' }).success).toBe(false);
  });

  it('answers the one "all fields required" message for a blank field, and says when a reason is not in the list', () => {
    const valid = {
      civility: 'M',
      firstName: 'A',
      lastName: 'B',
      phone: '0102030405',
      email: 'a@b.fr',
      reason: 'autre',
      message: 'Bonjour',
    };
    expect(contactSchema.safeParse(valid).success).toBe(true);
    for (const field of Object.keys(valid)) {
      expect(contactSchema.safeParse({ ...valid, [field]: ' ' }).error?.issues[0]?.message, field).toBe(
        'Erreur : tous les champs du formulaire sont requis.',
      );
    }
    expect(contactSchema.safeParse({ ...valid, reason: 'presse' }).error?.issues[0]?.message).toBe(
      'Merci de choisir un motif de contact dans la liste.',
    );
  });
});

describe('the contact form’s errors', () => {
  const valid = { civility: 'M', firstName: 'A', lastName: 'B', phone: '0102030405', email: 'a@b.fr', reason: 'autre', message: 'Bonjour' };
  const errorsOf = (values: typeof valid) => readContactErrors(values, contactSchema.safeParse(values).error?.issues ?? []);

  it('says under each of the seven empty fields what it needs, each differently, and the spec message once', () => {
    const errors = errorsOf(Object.fromEntries(Object.keys(valid).map((field) => [field, ''])) as typeof valid);
    expect(errors.fields).toEqual(CONTACT_FIELD_REQUIRED);
    expect(new Set(Object.values(errors.fields)).size).toBe(7);
    expect(errors.summary).toBe('Erreur : tous les champs du formulaire sont requis.');
  });

  it('names what is wrong in a filled field, without the form-wide message', () => {
    expect(errorsOf({ ...valid, email: 'pas-une-adresse' })).toEqual({
      fields: { email: "L'adresse email n'est pas valide." },
      summary: undefined,
    });
    expect(errorsOf({ ...valid, firstName: ' ', reason: 'presse' })).toEqual({
      fields: { firstName: "Merci d'indiquer votre prénom.", reason: 'Merci de choisir un motif de contact dans la liste.' },
      summary: 'Erreur : tous les champs du formulaire sont requis.',
    });
    expect(errorsOf(valid)).toEqual({ fields: {}, summary: undefined });
  });

  it('reads a missing field from its value, whatever the wording of the schema’s message', () => {
    expect(readContactErrors({ ...valid, phone: '  ' }, [{ path: ['phone'], message: 'Un autre texte.' }])).toEqual({
      fields: { phone: CONTACT_FIELD_REQUIRED.phone },
      summary: 'Erreur : tous les champs du formulaire sont requis.',
    });
  });
});
