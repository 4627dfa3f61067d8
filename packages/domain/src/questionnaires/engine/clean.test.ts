import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUESTIONNAIRE_DEFINITIONS } from '../registry';
import { clean, resetQuestion } from './clean';
import type { Field, QuestionnaireDefinition } from './definition';
import { indexDefinition, isEntryVisible, listFields } from './definition-index';
import { exampleDefinition } from './example-definition';
import { coerceAnswer } from './kinds';

describe('clean', () => {
  it('drops unknown keys and inherited properties', () => {
    const inherited = Object.create({ price: '100' }) as Record<string, unknown>;
    inherited.lot = 0;
    expect(clean(exampleDefinition, { price: '1', surprise: 'x', __proto__: { lot: 1 } })).toEqual({ price: '1' });
    expect(clean(exampleDefinition, inherited)).toEqual({ lot: 0 });
  });

  it('coerces each value to its kind and drops what stands for no answer', () => {
    expect(
      clean(exampleDefinition, {
        price: 250000,
        conditions: 'true',
        motivation: '2',
        family_reason: '0',
        tal: 'x',
        birth: '01/02/2003 12:00',
      }),
    ).toEqual({
      price: '250000',
      conditions: 1,
      motivation: 2,
      family_reason: 0,
      birth: '01/02/2003',
    });
  });

  it('answers an empty set for anything that is not an object', () => {
    for (const raw of [null, undefined, 'price', 42, ['1'], true]) expect(clean(exampleDefinition, raw)).toEqual({});
  });

  it('clears the answers of a hidden question or field', () => {
    expect(clean(exampleDefinition, { conditions: 0, conditions_info: 'texte' })).toEqual({ conditions: 0 });
    expect(clean(exampleDefinition, { conditions_info: 'texte' })).toEqual({});
    expect(clean(exampleDefinition, { destination: 'private', activity: 'conseil' })).toEqual({ destination: 'private' });
    expect(clean(exampleDefinition, { destination: 'mix', activity: 'conseil' })).toEqual({ destination: 'mix', activity: 'conseil' });
  });

  it('clears in cascade: a cleared parent hides its own dependants', () => {
    const filled = { lot: 1, asso: 1, president_name: 'Mme Durand', president_email: 'durand@example.fr' };
    expect(clean(exampleDefinition, filled)).toEqual(filled);
    // president_* read only asso; asso is hidden by lot = 0, so they go too.
    expect(clean(exampleDefinition, { ...filled, lot: 0 })).toEqual({ lot: 0 });
  });

  it("clears an answer whose parent's value is invalid", () => {
    expect(clean(exampleDefinition, { lot: 'peut-être', asso: 1 })).toEqual({});
  });

  it('lists answers in the order of the questionnaire', () => {
    expect(Object.keys(clean(exampleDefinition, { birth: '01/01/2000', price: '1', lot: 0 }))).toEqual(['price', 'lot', 'birth']);
  });

  it('does not change its input', () => {
    const input = { lot: 0, asso: 1 };
    clean(exampleDefinition, input);
    expect(input).toEqual({ lot: 0, asso: 1 });
  });
});

describe('reset of a question', () => {
  it('clears the fields of that question, then their dependants, and nothing else', () => {
    const answers = { price: '1', lot: 1, asso: 1, president_name: 'Mme Durand', motivation: 2, family_reason: 1 };
    expect(resetQuestion(exampleDefinition, answers, 'lot')).toEqual({ price: '1', motivation: 2, family_reason: 1 });
    expect(resetQuestion(exampleDefinition, answers, 'motivation')).toEqual({ price: '1', lot: 1, asso: 1, president_name: 'Mme Durand' });
  });

  it('changes nothing for an unknown question', () => {
    expect(resetQuestion(exampleDefinition, { price: '1' }, 'nope')).toEqual({ price: '1' });
  });
});

// Values a field may receive: mostly plausible ones (so that deep branches
// open), plus anything at all.
function rawValue(field: Field): fc.Arbitrary<unknown> {
  const kind = field.kind;
  const plausible =
    kind.type === 'yesNo'
      ? fc.constantFrom<unknown>(1, 0, '1', '0', true, false, 2)
      : kind.type === 'choice'
        ? fc.constantFrom<unknown>(
            ...kind.options.map((option) => option.code),
            ...kind.options.map((option) => String(option.code)),
            'inconnu',
          )
        : fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom<unknown>('', '  ', 'Française', '31/12/1999 10:00'));
  return fc.oneof({ arbitrary: plausible, weight: 5 }, { arbitrary: fc.anything(), weight: 1 });
}

function rawAnswers(definition: QuestionnaireDefinition): fc.Arbitrary<unknown> {
  const known = fc.record(Object.fromEntries(listFields(definition).map((field) => [field.name, rawValue(field)])), { requiredKeys: [] });
  const unknown = fc.dictionary(fc.string(), fc.anything(), { maxKeys: 5 });
  return fc.oneof(
    { arbitrary: fc.tuple(unknown, known).map(([extra, answers]) => ({ ...extra, ...answers })), weight: 10 },
    { arbitrary: fc.anything(), weight: 1 },
  );
}

const DEFINITIONS: Array<[string, QuestionnaireDefinition]> = [
  ['example', exampleDefinition],
  ...Object.entries(QUESTIONNAIRE_DEFINITIONS).map(([name, definition]) => [name, definition] as [string, QuestionnaireDefinition]),
];

describe.each(DEFINITIONS)('properties of clean (%s)', (_name, definition) => {
  const { fieldsByName, fields } = indexDefinition(definition);

  it('is tested on inputs that do open dependent questions (the generator is not vacuous)', () => {
    const dependants = new Set(fields.filter((e) => e.field.visibleWhen || e.question.visibleWhen).map((e) => e.field.name));
    const kept = fc.sample(rawAnswers(definition), { numRuns: 300, seed: 1 }).flatMap((raw) => Object.keys(clean(definition, raw)));
    expect(kept.some((name) => dependants.has(name))).toBe(true);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(rawAnswers(definition), (raw) => {
        const once = clean(definition, raw);
        expect(clean(definition, once)).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });

  it('never leaves an answer to a hidden question, nor an unknown key or a value foreign to its kind', () => {
    fc.assert(
      fc.property(rawAnswers(definition), (raw) => {
        const cleaned = clean(definition, raw);
        for (const [name, value] of Object.entries(cleaned)) {
          const entry = fieldsByName.get(name);
          expect(entry, name).toBeDefined();
          if (!entry) continue;
          expect(isEntryVisible(entry, cleaned), name).toBe(true);
          expect(coerceAnswer(entry.field.kind, value), name).toBe(value);
        }
      }),
      { numRuns: 300 },
    );
  });
});
