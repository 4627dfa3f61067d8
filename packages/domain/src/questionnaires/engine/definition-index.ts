import { evaluateCondition } from './conditions';
import type { Field, Question, QuestionnaireDefinition, Step } from './definition';

export interface FieldEntry {
  field: Field;
  question: Question;
  step: Step;
}

export interface QuestionEntry {
  question: Question;
  step: Step;
  /** Index of its first field in `DefinitionIndex.fields`. */
  firstField: number;
}

/** A definition flattened once for lookups, in declaration order. */
export interface DefinitionIndex {
  fields: readonly FieldEntry[];
  fieldsByName: ReadonlyMap<string, FieldEntry>;
  questions: readonly QuestionEntry[];
  questionsById: ReadonlyMap<string, QuestionEntry>;
}

// Definitions are module-level constants, cleaned against on every save: the
// flattening is done once per definition object.
const indexes = new WeakMap<QuestionnaireDefinition, DefinitionIndex>();

export function indexDefinition(definition: QuestionnaireDefinition): DefinitionIndex {
  const known = indexes.get(definition);
  if (known) return known;
  const fields: FieldEntry[] = [];
  const questions: QuestionEntry[] = [];
  for (const step of definition.steps) {
    for (const section of step.sections) {
      for (const question of section.questions) {
        questions.push({ question, step, firstField: fields.length });
        for (const field of question.fields) fields.push({ field, question, step });
      }
    }
  }
  const index: DefinitionIndex = {
    fields,
    // First declaration wins; `checkDefinition` reports duplicates.
    fieldsByName: new Map([...fields].reverse().map((entry) => [entry.field.name, entry])),
    questions,
    questionsById: new Map([...questions].reverse().map((entry) => [entry.question.id, entry])),
  };
  indexes.set(definition, index);
  return index;
}

/** Every field of the definition, in order. */
export function listFields(definition: QuestionnaireDefinition): Field[] {
  return indexDefinition(definition).fields.map((entry) => entry.field);
}

/** Every question of the definition, in order. */
export function listQuestions(definition: QuestionnaireDefinition): Question[] {
  return indexDefinition(definition).questions.map((entry) => entry.question);
}

export function findField(definition: QuestionnaireDefinition, name: string): Field | undefined {
  return indexDefinition(definition).fieldsByName.get(name)?.field;
}

/** A field shows when its question's condition and its own both hold. */
export function isEntryVisible(entry: FieldEntry, answers: Readonly<Record<string, unknown>>): boolean {
  return evaluateCondition(entry.question.visibleWhen, answers) && evaluateCondition(entry.field.visibleWhen, answers);
}
