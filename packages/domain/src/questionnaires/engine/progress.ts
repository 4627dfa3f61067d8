import { clean } from './clean';
import type { QuestionnaireDefinition } from './definition';
import { visibleQuestionEntries } from './visibility';

/**
 * How far the questionnaire is filled in: the share of visible questions
 * answered, an integer from 0 to 100 (0 when nothing is visible).
 * A question counts as answered once any of its visible fields holds an
 * answer: the spec has no required field (section 5), so we do not decide
 * which follow-up is mandatory. An optional question (left empty when it
 * does not apply) counts only once answered. Rounded down, so 100 means every
 * visible question that applies is answered.
 */
export function progress(definition: QuestionnaireDefinition, answers: unknown): number {
  const cleaned = clean(definition, answers);
  const isAnswered = ({ fieldNames }: { fieldNames: string[] }) => fieldNames.some((name) => Object.hasOwn(cleaned, name));
  const counted = visibleQuestionEntries(definition, cleaned).filter((visible) => !visible.entry.question.optional || isAnswered(visible));
  if (counted.length === 0) return 0;
  return Math.floor((100 * counted.filter(isAnswered).length) / counted.length);
}
