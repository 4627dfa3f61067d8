import type { Condition } from './conditions';
import type { Field, Note, Question, QuestionnaireDefinition, Section, Step, SupportingDocument } from './definition';
import { DATE_MAX_LENGTH, NO, TEXTAREA_MAX_LENGTH, YES, type AnswerValue, type TextFormat, type TextSize } from './kinds';

// Shorthands for writing definitions. Each returns plain data, so a definition
// stays data (JSON-serialisable); they only spare repeating `kind: {...}` on
// three hundred fields. Not exported from the package: only definitions use them.

interface FieldOptions {
  label?: string;
  visibleWhen?: Condition;
}

export function yesNoField(name: string, options: FieldOptions = {}): Field {
  return { name, kind: { type: 'yesNo' }, ...options };
}

export function textField(name: string, maxLength: TextSize, options: FieldOptions & { format?: TextFormat } = {}): Field {
  const { format, ...rest } = options;
  return { name, kind: format ? { type: 'text', maxLength, format } : { type: 'text', maxLength }, ...rest };
}

export function textAreaField(name: string, options: FieldOptions = {}): Field {
  return { name, kind: { type: 'textarea', maxLength: TEXTAREA_MAX_LENGTH }, ...options };
}

export function dateField(name: string, options: FieldOptions & { maxLength?: number } = {}): Field {
  const { maxLength = DATE_MAX_LENGTH, ...rest } = options;
  return { name, kind: { type: 'date', maxLength }, ...rest };
}

/** `options`: [code, French label] pairs, in the order shown. */
export function choiceField(name: string, options: ReadonlyArray<readonly [AnswerValue, string]>, fieldOptions: FieldOptions = {}): Field {
  return { name, kind: { type: 'choice', options: options.map(([code, label]) => ({ code, label })) }, ...fieldOptions };
}

/** The condition that `field` was answered yes (stored 1). */
export function answeredYes(field: string): Condition {
  return { field, equals: YES };
}

/** The condition that `field` was answered no (stored 0). */
export function answeredNo(field: string): Condition {
  return { field, equals: NO };
}

interface QuestionOptions {
  /** Defaults to the first field's name. */
  id?: string;
  hint?: string;
  documents?: readonly SupportingDocument[];
  notes?: readonly Note[];
  visibleWhen?: Condition;
  optional?: boolean;
}

export function question(label: string, fields: readonly Field[], options: QuestionOptions = {}): Question {
  const { id = fields[0]?.name ?? label, ...rest } = options;
  return { id, label, ...rest, fields };
}

export function section(title: string, questions: readonly Question[]): Section {
  return { title, questions };
}

/** A step of questions (one untitled section) or of titled subsections. */
export function step(index: number, title: string, content: readonly Question[] | readonly Section[]): Step {
  const sections = content.every((item) => 'questions' in item) ? content : [{ questions: content }];
  return { index, title, sections };
}

/**
 * Freezes a definition deeply: it is one object shared by every request and
 * every screen, so an accidental write must fail instead of leaking.
 */
export function defineQuestionnaire(definition: QuestionnaireDefinition): QuestionnaireDefinition {
  return deepFreeze(definition);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
