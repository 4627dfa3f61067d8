import { describe, expect, it } from 'vitest';
import { QUESTIONNAIRE_DEFINITIONS } from '../registry';
import { choiceField, question, step, textField, yesNoField } from './builders';
import { checkDefinition } from './check-definition';
import type { QuestionnaireDefinition, Step } from './definition';
import { exampleDefinition } from './example-definition';

const define = (...steps: Step[]): QuestionnaireDefinition => ({ docType: 'document_buyers', title: 'T', purpose: 'P', steps });

describe('definition check', () => {
  it.for([['example', exampleDefinition], ...Object.entries(QUESTIONNAIRE_DEFINITIONS)] as Array<[string, QuestionnaireDefinition]>)(
    'finds nothing wrong in %s',
    ([, definition]) => {
      expect(checkDefinition(definition)).toEqual([]);
    },
  );

  it.for([
    [
      'a field declared twice',
      define(step(0, 'A', [question('Q', [yesNoField('a')]), question('R', [yesNoField('a')], { id: 'r' })])),
      'field "a" is declared twice',
    ],
    [
      'a question id declared twice',
      define(step(0, 'A', [question('Q', [yesNoField('a')]), question('R', [yesNoField('b')], { id: 'a' })])),
      'question "a" is declared twice',
    ],
    [
      'steps out of order',
      define(step(1, 'A', [question('Q', [yesNoField('a')])]), step(1, 'B', [question('R', [yesNoField('b')])])),
      'step "B": index 1 does not follow 1',
    ],
    ['an empty step', define(step(0, 'A', [])), 'step "A" has no question'],
    ['a question without field', define(step(0, 'A', [question('Q', [], { id: 'q' })])), 'question "q" has no field'],
    [
      'duplicate choice codes',
      define(
        step(0, 'A', [
          question('Q', [
            choiceField('c', [
              [1, 'Un'],
              ['1', 'Un bis'],
            ]),
          ]),
        ]),
      ),
      'field "c" has duplicate choice codes',
    ],
    [
      'a condition on an unknown field',
      define(step(0, 'A', [question('Q', [yesNoField('a', { visibleWhen: { field: 'ghost', equals: 1 } })])])),
      'field "a" visibleWhen reads unknown field "ghost"',
    ],
    [
      'a condition on a later field (a possible cycle)',
      define(step(0, 'A', [question('Q', [yesNoField('a', { visibleWhen: { field: 'b', equals: 1 } }), yesNoField('b')])])),
      'field "a" visibleWhen reads "b", which is not declared before it',
    ],
    [
      'a question condition on its own field',
      define(step(0, 'A', [question('Q', [yesNoField('a')], { visibleWhen: { field: 'a', equals: 1 } })])),
      'question "a" visibleWhen reads "a", which is not declared before it',
    ],
    [
      'a value the field cannot hold',
      define(step(0, 'A', [question('Q', [yesNoField('a'), textField('b', 50, { visibleWhen: { field: 'a', equals: 'oui' } })])])),
      'field "b" visibleWhen compares "a" with "oui", which it cannot hold',
    ],
    [
      'a document with two labels',
      define(
        step(0, 'A', [
          question('Q', [yesNoField('a')], { documents: [{ id: 'd', label: 'Un' }] }),
          question('R', [yesNoField('b')], { documents: [{ id: 'd', label: 'Deux' }] }),
        ]),
      ),
      'document "d" has two labels',
    ],
  ] as Array<[string, QuestionnaireDefinition, string]>)('reports %s', ([, definition, problem]) => {
    expect(checkDefinition(definition)).toContain(problem);
  });
});
