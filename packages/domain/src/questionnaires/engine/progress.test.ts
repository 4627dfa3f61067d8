import { describe, expect, it } from 'vitest';
import { exampleDefinition } from './example-definition';
import { progress } from './progress';
import { fullyAnsweredSample } from './sample';

// With no answer, the example shows 9 questions: price, conditions, lot,
// motivation, destination, sanitation, no_price_reason, company, birth.

describe('questionnaire progress', () => {
  it('is 0 with no answer, or answers that mean nothing', () => {
    expect(progress(exampleDefinition, {})).toBe(0);
    expect(progress(exampleDefinition, { lot: 'peut-être', unknown: 1 })).toBe(0);
    expect(progress(exampleDefinition, null)).toBe(0);
  });

  it('is 100 for a complete answer set', () => {
    expect(progress(exampleDefinition, fullyAnsweredSample(exampleDefinition))).toBe(100);
  });

  it('is the share of visible questions answered, rounded down', () => {
    expect(progress(exampleDefinition, { conditions: 0 })).toBe(11); // 1 of 9
    expect(progress(exampleDefinition, { conditions: 0, tal: 1 })).toBe(20); // 2 of 10: last_check shows
  });

  it('counts a question answered once any of its visible fields is', () => {
    expect(progress(exampleDefinition, { simple: 0 })).toBe(progress(exampleDefinition, { tal: 0 }));
  });

  it('leaves hidden questions out of the count', () => {
    // lot = 1 shows the association question: 1 answered of 10.
    expect(progress(exampleDefinition, { lot: 1 })).toBe(10);
    // price answered hides no_price_reason: 1 of 8.
    expect(progress(exampleDefinition, { price: '100' })).toBe(12);
  });
});
