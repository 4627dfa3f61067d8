import { describe, expect, it } from 'vitest';
import { QUESTIONNAIRE_DEFINITIONS } from '../registry';
import { clean } from './clean';
import type { QuestionnaireDefinition } from './definition';
import { exampleDefinition } from './example-definition';
import { progress } from './progress';
import { fullyAnsweredSample } from './sample';
import { visibleFieldNames } from './visibility';

const DEFINITIONS: Array<[string, QuestionnaireDefinition]> = [
  ['example', exampleDefinition],
  ...Object.entries(QUESTIONNAIRE_DEFINITIONS).map(([name, definition]) => [name, definition] as [string, QuestionnaireDefinition]),
];

describe.each(DEFINITIONS)('fully answered sample (%s)', (_name, definition) => {
  const sample = fullyAnsweredSample(definition);

  it('is already clean', () => {
    expect(clean(definition, sample)).toEqual(sample);
  });

  it('answers every visible field, so progress is 100', () => {
    expect(Object.keys(sample).sort()).toEqual([...visibleFieldNames(definition, sample)].sort());
    expect(progress(definition, sample)).toBe(100);
  });

  it('is the same every time', () => {
    expect(fullyAnsweredSample(definition)).toEqual(sample);
  });
});

describe('fully answered sample of the example', () => {
  it('opens the branch showing the most fields', () => {
    const sample = fullyAnsweredSample(exampleDefinition);
    // lot and asso yes open the president; motivation 2 or 4 each show one reason, 2 comes first.
    expect(sample).toMatchObject({ lot: 1, asso: 1, motivation: 2, family_reason: 1, destination: 'pro', tal: 1 });
    expect(sample.president_name).toBeTypeOf('string');
    expect(sample.birth).toBe('15/03/2021');
  });
});
