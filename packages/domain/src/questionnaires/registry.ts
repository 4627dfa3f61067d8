import { findQuestionnaireBySaveDocType, QUESTIONNAIRE_DOC_TYPES, type QuestionnaireDocType } from '../projects/participant-documents';
import { civilStatusDefinition } from './definitions/civil-status';
import { heritageBalanceDefinition } from './definitions/heritage-balance';
import { successionDefinition } from './definitions/succession';
import type { QuestionnaireDefinition } from './engine/definition';

/**
 * The written definitions, by the array name a document carries them under.
 * Partial: the four realty questionnaires (sale of apartment, house, land,
 * purchase) are not written yet, and callers must handle their absence.
 */
export const QUESTIONNAIRE_DEFINITIONS: Partial<Record<QuestionnaireDocType, QuestionnaireDefinition>> = Object.freeze(
  Object.fromEntries([civilStatusDefinition, successionDefinition, heritageBalanceDefinition].map((definition) => [definition.docType, definition])),
);

/**
 * The definition of a questionnaire named either as on a project's document
 * (`document_civil_statuses`) or as the `docType` of `PATCH /document`
 * (`document_civil_status`); undefined for any other name, or one not written yet.
 */
export function getDefinition(docType: string): QuestionnaireDefinition | undefined {
  const key = (QUESTIONNAIRE_DOC_TYPES as readonly string[]).includes(docType)
    ? (docType as QuestionnaireDocType)
    : findQuestionnaireBySaveDocType(docType);
  return key ? QUESTIONNAIRE_DEFINITIONS[key] : undefined;
}
