import { findQuestionnaireBySaveDocType, QUESTIONNAIRE_DOC_TYPES, type QuestionnaireDocType } from '../projects/participant-documents';
import { civilStatusDefinition } from './definitions/civil-status';
import { heritageBalanceDefinition } from './definitions/heritage-balance';
import { purchaseDefinition } from './definitions/purchase';
import { saleApartmentDefinition } from './definitions/sale-apartment';
import { saleHouseDefinition } from './definitions/sale-house';
import { saleLandDefinition } from './definitions/sale-land';
import { successionDefinition } from './definitions/succession';
import type { QuestionnaireDefinition } from './engine/definition';

/** The seven questionnaires, by the array name a document carries them under. */
export const QUESTIONNAIRE_DEFINITIONS: Readonly<Record<QuestionnaireDocType, QuestionnaireDefinition>> = Object.freeze({
  document_civil_statuses: civilStatusDefinition,
  document_buyers: purchaseDefinition,
  document_successions: successionDefinition,
  document_sale_houses: saleHouseDefinition,
  document_heritage_balances: heritageBalanceDefinition,
  document_sale_lands: saleLandDefinition,
  document_sale_appts: saleApartmentDefinition,
});

/**
 * The definition of a questionnaire named either as on a project's document
 * (`document_civil_statuses`) or as the `docType` of `PATCH /document`
 * (`document_civil_status`); undefined for any other name.
 */
export function getDefinition(docType: QuestionnaireDocType): QuestionnaireDefinition;
export function getDefinition(docType: string): QuestionnaireDefinition | undefined;
export function getDefinition(docType: string): QuestionnaireDefinition | undefined {
  const key = (QUESTIONNAIRE_DOC_TYPES as readonly string[]).includes(docType)
    ? (docType as QuestionnaireDocType)
    : findQuestionnaireBySaveDocType(docType);
  return key ? QUESTIONNAIRE_DEFINITIONS[key] : undefined;
}
