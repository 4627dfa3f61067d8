// The questionnaire engine: everything derived from a definition.
export type { Condition } from './conditions';
export { evaluateCondition, conditionFields } from './conditions';
export type { Field, Note, Question, QuestionnaireDefinition, Section, Step, SupportingDocument } from './definition';
export { findField, listFields, listQuestions } from './definition-index';
export type { AnswerValue, Answers, ChoiceOption, FieldKind, FieldKindType, TextFormat, TextSize } from './kinds';
export {
  coerceAnswer,
  DATE_MAX_LENGTH,
  DATE_PLACEHOLDER,
  NAME_LENGTH,
  describeAnswer,
  NO,
  TEXT_SIZES,
  TEXTAREA_MAX_LENGTH,
  TEXTAREA_ROWS,
  YES,
} from './kinds';
export { clean, resetQuestion } from './clean';
export { answerTooLongMessage, countCharacters, findAnswersTooLong, type AnswerTooLong } from './answer-length';
export { ANSWER_WARNINGS, answerWarning } from './answer-warnings';
export { isQuestionVisible, isVisible, visibleFieldNames } from './visibility';
export { progress } from './progress';
export { requiredSupportingDocuments } from './supporting-documents';
export { fullyAnsweredSample } from './sample';
export { checkDefinition } from './check-definition';
