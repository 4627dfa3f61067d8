// Questionnaires written once as data (definitions/) and everything derived
// from them (engine/): cleaning, visibility, progress, supporting documents.
export * from './engine/index';
export { civilStatusDefinition } from './definitions/civil-status';
export { successionDefinition } from './definitions/succession';
export { heritageBalanceDefinition } from './definitions/heritage-balance';
export { saleApartmentDefinition } from './definitions/sale-apartment';
export { saleHouseDefinition } from './definitions/sale-house';
export { saleLandDefinition } from './definitions/sale-land';
export { purchaseDefinition } from './definitions/purchase';
export { getDefinition, QUESTIONNAIRE_DEFINITIONS } from './registry';
export {
  ANSWER_CHANGE_MAX_DELAY_MS,
  ANSWER_CHANGE_QUIET_MS,
  answerChangeAuthorRole,
  answerMarkSchema,
  describeAnswerChanges,
  describeAnswerMark,
  isAnswerChangeSummaryDue,
  isChangeByOffice,
  listChangedAnswers,
  NO_ANSWER_TEXT,
  type AnswerChangeAuthorRole,
  type AnswerChangeLine,
  type AnswerMark,
  type ChangedAnswer,
} from './answer-changes';
