import { conditionFields, conditionValues, type Condition } from './conditions';
import type { QuestionnaireDefinition } from './definition';
import { indexDefinition } from './definition-index';
import { coerceAnswer, type FieldKind } from './kinds';

/**
 * The mistakes a definition can hold that TypeScript cannot see, as readable
 * sentences (empty when it is sound). Every registered definition is checked
 * by a test, so a new questionnaire is written as data and nothing else.
 * - names: field names and question ids unique, a document id always means one document;
 * - shapes: steps in increasing index, no empty step or question, choices with distinct codes;
 * - conditions: they read known fields, compare them with values those fields
 *   can hold, and a field's or question's condition reads only fields declared
 *   before it (no cycle; `clean` settles in one pass).
 */
export function checkDefinition(definition: QuestionnaireDefinition): string[] {
  const problems: string[] = [];
  const index = indexDefinition(definition);

  let previousIndex = -Infinity;
  for (const step of definition.steps) {
    if (step.index <= previousIndex) problems.push(`step "${step.title}": index ${step.index} does not follow ${previousIndex}`);
    previousIndex = step.index;
    if (step.sections.every((section) => section.questions.length === 0)) problems.push(`step "${step.title}" has no question`);
  }

  const fieldPosition = new Map<string, number>();
  index.fields.forEach(({ field }, position) => {
    if (fieldPosition.has(field.name)) problems.push(`field "${field.name}" is declared twice`);
    else fieldPosition.set(field.name, position);
    problems.push(...checkKind(field.name, field.kind));
  });

  const questionIds = new Set<string>();
  const documentLabels = new Map<string, string>();
  for (const { question, firstField } of index.questions) {
    const where = `question "${question.id}"`;
    if (questionIds.has(question.id)) problems.push(`${where} is declared twice`);
    questionIds.add(question.id);
    if (question.fields.length === 0) problems.push(`${where} has no field`);
    problems.push(...checkCondition(`${where} visibleWhen`, question.visibleWhen, firstField));
    question.fields.forEach((field, offset) => {
      problems.push(...checkCondition(`field "${field.name}" visibleWhen`, field.visibleWhen, firstField + offset));
    });
    for (const document of question.documents ?? []) {
      const known = documentLabels.get(document.id);
      if (known !== undefined && known !== document.label) problems.push(`document "${document.id}" has two labels`);
      documentLabels.set(document.id, document.label);
      problems.push(...checkCondition(`document "${document.id}" requiredWhen`, document.requiredWhen, Infinity));
    }
    for (const note of question.notes ?? []) problems.push(...checkCondition(`${where} note`, note.visibleWhen, Infinity));
  }
  return problems;

  /** `before`: the position the read fields must precede (Infinity: any field). */
  function checkCondition(where: string, condition: Condition | undefined, before: number): string[] {
    const found: string[] = [];
    for (const name of conditionFields(condition)) {
      const position = fieldPosition.get(name);
      if (position === undefined) found.push(`${where} reads unknown field "${name}"`);
      else if (position >= before) found.push(`${where} reads "${name}", which is not declared before it`);
    }
    for (const { field, value } of conditionValues(condition)) {
      const kind = index.fieldsByName.get(field)?.field.kind;
      if (kind && coerceAnswer(kind, value) !== value)
        found.push(`${where} compares "${field}" with ${JSON.stringify(value)}, which it cannot hold`);
    }
    return found;
  }
}

function checkKind(name: string, kind: FieldKind): string[] {
  if (kind.type === 'choice') {
    const codes = kind.options.map((option) => String(option.code));
    if (codes.length === 0) return [`field "${name}" is a choice without options`];
    if (new Set(codes).size !== codes.length) return [`field "${name}" has duplicate choice codes`];
  }
  if ((kind.type === 'textarea' || kind.type === 'date') && !(kind.maxLength > 0)) return [`field "${name}" has no positive maxLength`];
  return [];
}
