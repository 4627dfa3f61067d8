import type { QuestionnaireDefinition } from './definition';
import { indexDefinition, type FieldEntry } from './definition-index';
import { clean } from './clean';

/**
 * Text longer than its field allows is refused with a message naming the
 * field, never cut: a name cut at its 50th character reaches the deed wrong
 * and nobody notices. (`clean` still cuts, for documents stored before.)
 */
export interface AnswerTooLong {
  field: string;
  /** The field's label, or its question's wording. */
  label: string;
  maxLength: number;
  length: number;
  message: string;
}

export function answerTooLongMessage(label: string, maxLength: number, length: number): string {
  return `« ${label} » : ${maxLength} caractères au plus (votre réponse en compte ${length}). Merci de la raccourcir.`;
}

/** The label a person reads for a field: its own, or its question's. */
export function fieldLabel(entry: FieldEntry): string {
  return entry.field.label ?? entry.question.label;
}

/** Characters as a person counts them (code points: an emoji is one). */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * The texts of `raw` (a save's answers) longer than their field allows, among
 * those that would be stored (answers of hidden questions are cleared, not
 * refused). Dates are left out: the spec itself trims them (succession).
 */
export function findAnswersTooLong(definition: QuestionnaireDefinition, raw: unknown): AnswerTooLong[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const input = raw as Record<string, unknown>;
  const stored = clean(definition, raw);
  const problems: AnswerTooLong[] = [];
  for (const entry of indexDefinition(definition).fields) {
    const { kind, name } = entry.field;
    if (kind.type !== 'text' && kind.type !== 'textarea') continue;
    if (!Object.hasOwn(stored, name)) continue;
    const value = input[name];
    if (typeof value !== 'string' || value.length <= kind.maxLength) continue;
    const length = countCharacters(value);
    if (length <= kind.maxLength) continue;
    const label = fieldLabel(entry);
    problems.push({ field: name, label, maxLength: kind.maxLength, length, message: answerTooLongMessage(label, kind.maxLength, length) });
  }
  return problems;
}
