import { describe, expect, it } from 'vitest';
import { ANSWER_WARNINGS, answerWarning } from './answer-warnings';
import type { FieldKind } from './kinds';

const AMOUNT: FieldKind = { type: 'text', maxLength: 50, format: 'amount' };
const PERCENT: FieldKind = { type: 'text', maxLength: 50, format: 'percent' };
const COUNT: FieldKind = { type: 'text', maxLength: 50, format: 'number' };
const EMAIL: FieldKind = { type: 'text', maxLength: 255, format: 'email' };
const DATE: FieldKind = { type: 'date', maxLength: 50 };
const PLAIN: FieldKind = { type: 'text', maxLength: 255 };

describe('answerWarning', () => {
  it('accepts amounts as people write them, and warns for words', () => {
    for (const ok of [
      '300000',
      '300 000',
      '300\u00A0000',
      '300\u202F000',
      '1 250 000',
      '300.000',
      '300 000,50',
      '300 000 €',
      '250000 euros',
      '12,5',
    ]) {
      expect(answerWarning(AMOUNT, ok), ok).toBeUndefined();
    }
    for (const bad of ['trois cent mille', '300 k€', '-5', '30 00', 'environ 300 000']) {
      expect(answerWarning(AMOUNT, bad), bad).toBe('Montant attendu en euros, en chiffres, par exemple 300 000.');
    }
  });

  it('checks dates against the calendar, not only their shape', () => {
    expect(answerWarning(DATE, '29/02/2024')).toBeUndefined();
    expect(answerWarning(DATE, '31/02/2015')).toBe(ANSWER_WARNINGS.dateDoesNotExist);
    expect(answerWarning(DATE, '29/02/2023')).toBe(ANSWER_WARNINGS.dateDoesNotExist);
    expect(answerWarning(DATE, '2015-02-03')).toBe('Date attendue au format JJ/MM/AAAA, par exemple 15/03/1980.');
    expect(answerWarning(DATE, 'le 3 février')).toBe(ANSWER_WARNINGS.dateFormat);
  });

  it('warns for counts, percentages and e-mails that do not look like one', () => {
    expect(answerWarning(COUNT, '2')).toBeUndefined();
    expect(answerWarning(COUNT, 'deux')).toBe(ANSWER_WARNINGS.number);
    expect(answerWarning(PERCENT, '50')).toBeUndefined();
    expect(answerWarning(PERCENT, '33,3 %')).toBeUndefined();
    expect(answerWarning(PERCENT, '150')).toBe(ANSWER_WARNINGS.percent);
    expect(answerWarning(PERCENT, 'moitié')).toBe(ANSWER_WARNINGS.percent);
    expect(answerWarning(EMAIL, 'jean.dupont@exemple.fr')).toBeUndefined();
    expect(answerWarning(EMAIL, 'jean.dupont@exemple')).toBe(ANSWER_WARNINGS.email);
  });

  it('says nothing on empty answers, free text and yes/no', () => {
    expect(answerWarning(AMOUNT, undefined)).toBeUndefined();
    expect(answerWarning(AMOUNT, '   ')).toBeUndefined();
    expect(answerWarning(PLAIN, 'trois cent mille')).toBeUndefined();
    expect(answerWarning({ type: 'yesNo' }, 1)).toBeUndefined();
  });
});
