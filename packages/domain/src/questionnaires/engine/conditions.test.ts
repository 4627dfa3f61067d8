import { describe, expect, it } from 'vitest';
import { conditionFields, evaluateCondition, type Condition } from './conditions';

describe('conditions', () => {
  const answers = { lot: 1, asso: 0, motivation: 2, nationality: ' Française ', destination: 'pro' };

  it.for([
    ['no condition', undefined, true],
    ['equals, met', { field: 'lot', equals: 1 }, true],
    ['equals, not met', { field: 'asso', equals: 1 }, false],
    ['equals on an unanswered field', { field: 'other', equals: 0 }, false],
    ['in, met', { field: 'destination', in: ['pro', 'mix'] }, true],
    ['in, not met', { field: 'motivation', in: [1, 4] }, false],
    ['answered', { field: 'lot', answered: true }, true],
    ['not answered', { field: 'other', answered: false }, true],
    [
      'all',
      {
        all: [
          { field: 'lot', equals: 1 },
          { field: 'asso', equals: 0 },
        ],
      },
      true,
    ],
    [
      'all, one fails',
      {
        all: [
          { field: 'lot', equals: 1 },
          { field: 'asso', equals: 1 },
        ],
      },
      false,
    ],
    [
      'any',
      {
        any: [
          { field: 'lot', equals: 0 },
          { field: 'asso', equals: 0 },
        ],
      },
      true,
    ],
    [
      'any, none holds',
      {
        any: [
          { field: 'lot', equals: 0 },
          { field: 'asso', equals: 1 },
        ],
      },
      false,
    ],
    ['not', { not: { field: 'lot', equals: 0 } }, true],
    ['texts ignore case, accents and surrounding spaces', { field: 'nationality', equals: 'francaise' }, true],
    ['a number never equals its text', { field: 'lot', equals: '1' }, false],
  ] as Array<[string, Condition | undefined, boolean]>)('%s', ([, condition, expected]) => {
    expect(evaluateCondition(condition, answers)).toBe(expected);
  });

  it('reads only own answers, not inherited properties', () => {
    expect(evaluateCondition({ field: 'toString', answered: true }, {})).toBe(false);
  });

  it('lists the fields a condition reads', () => {
    expect(
      conditionFields({
        all: [
          { field: 'a', equals: 1 },
          {
            not: {
              any: [
                { field: 'b', in: [1] },
                { field: 'c', answered: true },
              ],
            },
          },
        ],
      }),
    ).toEqual(['a', 'b', 'c']);
  });
});
