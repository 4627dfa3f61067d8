import { describe, expect, it } from 'vitest';
import { coerceAnswer, describeAnswer, TEXTAREA_MAX_LENGTH, type FieldKind } from './kinds';

const YES_NO: FieldKind = { type: 'yesNo' };
const TEXT_50: FieldKind = { type: 'text', maxLength: 50 };
const TEXT_255: FieldKind = { type: 'text', maxLength: 255 };
const TEXTAREA: FieldKind = { type: 'textarea', maxLength: TEXTAREA_MAX_LENGTH };
const DATE: FieldKind = { type: 'date', maxLength: 50 };
const SUCCESSION_DATE: FieldKind = { type: 'date', maxLength: 10 };
const MOTIVATION: FieldKind = {
  type: 'choice',
  options: [
    { code: 1, label: 'Mobilité professionnelle' },
    { code: 2, label: 'Évènement familial' },
  ],
};
const CIVILITY: FieldKind = {
  type: 'choice',
  options: [
    { code: 'M', label: 'Monsieur' },
    { code: 'MME', label: 'Madame' },
  ],
};

describe('coercion of yes/no answers', () => {
  it.for([
    [1, 1],
    [0, 0],
    [true, 1],
    [false, 0],
    ['1', 1],
    ['0', 0],
    ['true', 1],
    ['false', 0],
    [' yes ', 1],
    ['NO', 0],
  ] as Array<[unknown, number]>)('%o is stored as %o', ([raw, stored]) => {
    expect(coerceAnswer(YES_NO, raw)).toBe(stored);
  });

  it.for([[2], [-1], [0.5], ['oui?'], [''], [null], [undefined], [[1]], [{}], [Number.NaN]] as Array<[unknown]>)(
    '%o is no answer',
    ([raw]) => {
      expect(coerceAnswer(YES_NO, raw)).toBeUndefined();
    },
  );
});

describe('coercion of texts', () => {
  it('cuts texts to their maximum length: 50, 255, and the text area cap', () => {
    expect(coerceAnswer(TEXT_50, 'a'.repeat(80))).toBe('a'.repeat(50));
    expect(coerceAnswer(TEXT_255, 'b'.repeat(300))).toBe('b'.repeat(255));
    expect(coerceAnswer(TEXTAREA, 'c'.repeat(TEXTAREA_MAX_LENGTH + 1))).toBe('c'.repeat(TEXTAREA_MAX_LENGTH));
    expect(coerceAnswer(TEXT_50, 'court')).toBe('court');
  });

  it('counts characters, never splitting an emoji or an accented letter', () => {
    const cut = coerceAnswer(TEXT_50, `${'a'.repeat(49)}😀😀`) as string;
    expect(Array.from(cut)).toHaveLength(50);
    expect(cut.endsWith('😀')).toBe(true);
    expect(coerceAnswer(TEXT_50, 'é'.repeat(60))).toBe('é'.repeat(50));
  });

  it('keeps the text as typed, spaces and line breaks included', () => {
    expect(coerceAnswer(TEXT_255, ' Rue de la Paix ')).toBe(' Rue de la Paix ');
    expect(coerceAnswer(TEXTAREA, 'ligne 1\nligne 2')).toBe('ligne 1\nligne 2');
  });

  it('stores numbers as their text (an amount typed in a JSON client)', () => {
    expect(coerceAnswer(TEXT_50, 250000)).toBe('250000');
    expect(coerceAnswer(TEXT_50, Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it('treats empty or blank text, and other types, as no answer', () => {
    for (const raw of ['', '   ', '\n', null, undefined, true, {}, ['a']]) expect(coerceAnswer(TEXT_255, raw)).toBeUndefined();
  });

  it('removes what the database cannot store (NUL characters, unpaired surrogates)', () => {
    expect(coerceAnswer(TEXT_50, 'a\u0000b')).toBe('ab');
    expect(coerceAnswer(TEXT_50, 'x\uD800y')).toBe('x\uFFFDy');
    expect(coerceAnswer(TEXT_50, '\u0000')).toBeUndefined();
  });
});

describe('coercion of dates', () => {
  it('keeps dates as the text typed, without parsing or reformatting them', () => {
    expect(coerceAnswer(DATE, '31/12/1999')).toBe('31/12/1999');
    expect(coerceAnswer(DATE, '1999-12-31')).toBe('1999-12-31');
    expect(coerceAnswer(DATE, 'fin 1999')).toBe('fin 1999');
    expect(coerceAnswer(DATE, '31/12/1999 00:00:00')).toBe('31/12/1999 00:00:00');
  });

  it('trims a date to its length: 10 characters for the succession', () => {
    expect(coerceAnswer(SUCCESSION_DATE, '31/12/1999 00:00:00')).toBe('31/12/1999');
    expect(coerceAnswer(SUCCESSION_DATE, '31/12/1999')).toBe('31/12/1999');
  });

  it('refuses what is not text', () => {
    expect(coerceAnswer(DATE, new Date(0))).toBeUndefined();
    expect(coerceAnswer(DATE, null)).toBeUndefined();
  });
});

describe('coercion of choices', () => {
  it('keeps a known code, typed as the spec gives it', () => {
    expect(coerceAnswer(MOTIVATION, 2)).toBe(2);
    expect(coerceAnswer(MOTIVATION, '2')).toBe(2);
    expect(coerceAnswer(CIVILITY, 'MME')).toBe('MME');
  });

  it('rejects unknown codes', () => {
    for (const raw of [5, '5', 0, 'Évènement familial', true, null, {}]) expect(coerceAnswer(MOTIVATION, raw)).toBeUndefined();
    for (const raw of ['mme', ' MME', 'Madame', 1, null]) expect(coerceAnswer(CIVILITY, raw)).toBeUndefined();
  });
});

describe('description of an answer for a reader', () => {
  it('says Oui/Non, the label of a choice, or the text', () => {
    expect(describeAnswer(YES_NO, 1)).toBe('Oui');
    expect(describeAnswer(YES_NO, 0)).toBe('Non');
    expect(describeAnswer(MOTIVATION, 2)).toBe('Évènement familial');
    expect(describeAnswer(CIVILITY, 'M')).toBe('Monsieur');
    expect(describeAnswer(DATE, '01/02/2003')).toBe('01/02/2003');
    expect(describeAnswer(TEXT_50, undefined)).toBe('');
  });
});
