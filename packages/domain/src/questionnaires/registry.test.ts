import { describe, expect, it } from 'vitest';
import { QUESTIONNAIRE_DOC_TYPES, QUESTIONNAIRES } from '../projects/participant-documents';
import { civilStatusDefinition } from './definitions/civil-status';
import { heritageBalanceDefinition } from './definitions/heritage-balance';
import { purchaseDefinition } from './definitions/purchase';
import { saleApartmentDefinition } from './definitions/sale-apartment';
import { saleHouseDefinition } from './definitions/sale-house';
import { saleLandDefinition } from './definitions/sale-land';
import { successionDefinition } from './definitions/succession';
import { getDefinition, QUESTIONNAIRE_DEFINITIONS } from './registry';

describe('questionnaire registry', () => {
  it.for([
    ['document_civil_statuses', civilStatusDefinition],
    ['document_civil_status', civilStatusDefinition],
    ['document_successions', successionDefinition],
    ['document_succession', successionDefinition],
    ['document_heritage_balances', heritageBalanceDefinition],
    ['document_heritage_balance', heritageBalanceDefinition],
    ['document_sale_appts', saleApartmentDefinition],
    ['document_sale_appt', saleApartmentDefinition],
    ['document_sale_houses', saleHouseDefinition],
    ['document_sale_house', saleHouseDefinition],
    ['document_sale_lands', saleLandDefinition],
    ['document_sale_land', saleLandDefinition],
    ['document_buyers', purchaseDefinition],
    ['document_buyer', purchaseDefinition],
  ] as const)('finds %s', ([docType, definition]) => {
    expect(getDefinition(docType)).toBe(definition);
  });

  it.for(['', 'civil_status', 'succession', '__proto__', 'constructor', 'toString'])('knows nothing of %o', (name) => {
    expect(getDefinition(name)).toBeUndefined();
  });

  it('files each definition under its own docType', () => {
    for (const docType of QUESTIONNAIRE_DOC_TYPES) {
      const definition = QUESTIONNAIRE_DEFINITIONS[docType];
      expect(definition.docType).toBe(docType);
      expect(getDefinition(QUESTIONNAIRES[docType].saveDocType)).toBe(definition);
    }
  });
});
