import { clean } from './clean';
import type { QuestionnaireDefinition } from './definition';
import { visibleQuestionEntries } from './visibility';

/**
 * How far the questionnaire is filled in: the share of visible questions
 * answered, an integer from 0 to 100 (0 when nothing is visible).
 * A question counts as answered once any of its visible fields holds an
 * answer: the spec has no required field (section 5), so we do not decide
 * which follow-up is mandatory. Rounded down, so 100 means every visible
 * question is answered.
 */
export function progress(definition: QuestionnaireDefinition, answers: unknown): number {
  const cleaned = clean(definition, answers);
  const visible = visibleQuestionEntries(definition, cleaned);
  if (visible.length === 0) return 0;
  const answered = visible.filter(({ fieldNames }) => fieldNames.some((name) => Object.hasOwn(cleaned, name))).length;
  return Math.floor((100 * answered) / visible.length);
}
