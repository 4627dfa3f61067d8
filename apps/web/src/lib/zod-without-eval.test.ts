import { describe, expect, it } from 'vitest';
import { forbidZodEval } from './zod-without-eval';

describe('forbidZodEval', () => {
  it('turns on zod’s jitless setting, so no schema tries eval under the CSP', async () => {
    forbidZodEval();
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
