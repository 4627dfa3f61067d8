import { MESSAGES } from '@notadoo/domain';
import type { z } from 'zod';
import { badRequest } from './app-error';

/** Validates a value the route schema could not pin down alone; the first French message answers 400. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? MESSAGES.invalidRequest, 'VALIDATION_FAILED');
  return result.data;
}
