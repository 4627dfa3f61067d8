import { evaluateCondition } from './conditions';
import type { QuestionnaireDefinition } from './definition';
import { indexDefinition, isEntryVisible, type QuestionEntry } from './definition-index';
import { clean } from './clean';
import type { Answers } from './kinds';

// Visibility is always judged on cleaned answers: a stale answer to a hidden
// parent must not show its dependants.

/** Whether the field named `fieldName` shows for these answers (false for an unknown name). */
export function isVisible(definition: QuestionnaireDefinition, answers: unknown, fieldName: string): boolean {
  const entry = indexDefinition(definition).fieldsByName.get(fieldName);
  return entry !== undefined && isEntryVisible(entry, clean(definition, answers));
}

/**
 * Whether a question shows: its condition holds and at least one of its
 * fields shows (a question whose inputs are all hidden is an empty block).
 */
export function isQuestionVisible(definition: QuestionnaireDefinition, answers: unknown, questionId: string): boolean {
  const entry = indexDefinition(definition).questionsById.get(questionId);
  return entry !== undefined && visibleFieldsOf(entry, clean(definition, answers)).length > 0;
}

/** The names of every visible field, computed at once (what a screen renders). */
export function visibleFieldNames(definition: QuestionnaireDefinition, answers: unknown): Set<string> {
  const cleaned = clean(definition, answers);
  return new Set(
    indexDefinition(definition)
      .fields.filter((entry) => isEntryVisible(entry, cleaned))
      .map((entry) => entry.field.name),
  );
}

/** The visible questions and, for each, its visible fields; `cleaned` must come from `clean`. */
export function visibleQuestionEntries(
  definition: QuestionnaireDefinition,
  cleaned: Answers,
): Array<{ entry: QuestionEntry; fieldNames: string[] }> {
  const visible: Array<{ entry: QuestionEntry; fieldNames: string[] }> = [];
  for (const entry of indexDefinition(definition).questions) {
    const fieldNames = visibleFieldsOf(entry, cleaned);
    if (fieldNames.length > 0) visible.push({ entry, fieldNames });
  }
  return visible;
}

function visibleFieldsOf(entry: QuestionEntry, cleaned: Answers): string[] {
  if (!evaluateCondition(entry.question.visibleWhen, cleaned)) return [];
  return entry.question.fields.filter((field) => evaluateCondition(field.visibleWhen, cleaned)).map((field) => field.name);
}
