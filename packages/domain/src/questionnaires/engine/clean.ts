import type { QuestionnaireDefinition } from './definition';
import { indexDefinition, isEntryVisible } from './definition-index';
import { coerceAnswer, type Answers } from './kinds';

/**
 * The answers as they may be stored: unknown keys dropped, each value coerced
 * to its field's kind (or dropped), and every answer to a hidden question or
 * field cleared, cascading (a cleared parent hides its own dependants too).
 * This is what "changing a parent answer clears its dependent answers" (spec
 * 001, section 4) amounts to: a dependant is shown only under the parent's
 * other value, so changing the parent hides it, and hidden means cleared.
 * Accepts anything (a client's JSON, an old document); never throws.
 * Idempotent: clean(d, clean(d, x)) equals clean(d, x).
 */
export function clean(definition: QuestionnaireDefinition, answers: unknown): Answers {
  const input = isRecord(answers) ? answers : {};
  const { fields } = indexDefinition(definition);
  const result: Answers = {};
  for (const { field } of fields) {
    // Own keys only: an inherited property is no answer.
    if (!Object.hasOwn(input, field.name)) continue;
    const value = coerceAnswer(field.kind, input[field.name]);
    if (value !== undefined) result[field.name] = value;
  }
  // Conditions read earlier fields (checkDefinition enforces it), so one pass
  // in order settles everything; looping until stable keeps it right anyway.
  let cleared = true;
  while (cleared) {
    cleared = false;
    for (const entry of fields) {
      if (Object.hasOwn(result, entry.field.name) && !isEntryVisible(entry, result)) {
        delete result[entry.field.name];
        cleared = true;
      }
    }
  }
  return result;
}

/**
 * The answers after the reset icon of a question (tooltip 'Réinitialiser cette
 * question'): its fields cleared, then everything that depended on them.
 */
export function resetQuestion(definition: QuestionnaireDefinition, answers: unknown, questionId: string): Answers {
  const cleaned = clean(definition, answers);
  const entry = indexDefinition(definition).questionsById.get(questionId);
  if (!entry) return cleaned;
  for (const field of entry.question.fields) delete cleaned[field.name];
  return clean(definition, cleaned);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
