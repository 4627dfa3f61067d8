import { describe, expect, it } from 'vitest';
import type { ParticipantRole, ProjectSubtype, ProjectType } from './project';
import {
  findQuestionnaireByDownloadForm,
  findQuestionnaireBySaveDocType,
  QUESTIONNAIRE_DOC_TYPES,
  QUESTIONNAIRES,
  questionnairePath,
  questionnairesFor,
  type QuestionnaireDocType,
} from './participant-documents';

const NONE_YET = { hasSuccession: false, hasBalance: false };
const BOTH_EXIST = { hasSuccession: true, hasBalance: true };

describe('questionnaires of a new participant', () => {
  it.for([
    // The sale and the purchase are the file's shared questionnaires (sharedQuestionnaireFor).
    ['realty', 'appt', 'seller', NONE_YET, ['document_civil_statuses']],
    ['realty', 'house', 'seller', NONE_YET, ['document_civil_statuses']],
    ['realty', 'land', 'seller', NONE_YET, ['document_civil_statuses']],
    ['realty', 'house', 'buyer', NONE_YET, ['document_civil_statuses']],
    ['realty', 'house', 'buyer', BOTH_EXIST, ['document_civil_statuses']],
    ['realty', 'appt', 'intermediary', NONE_YET, []],
    ['realty', 'appt', 'office', NONE_YET, []],
    ['succession', 'settlement', 'heir', NONE_YET, ['document_civil_statuses', 'document_successions']],
    ['succession', 'settlement', 'spouse', NONE_YET, ['document_civil_statuses', 'document_successions']],
    ['succession', 'settlement', 'heir', BOTH_EXIST, ['document_civil_statuses']],
    ['succession', 'settlement', 'spouse', { hasSuccession: true, hasBalance: false }, ['document_civil_statuses']],
    ['succession', 'settlement', 'office', NONE_YET, []],
    ['succession', 'balance', 'client', NONE_YET, ['document_civil_statuses', 'document_heritage_balances']],
    ['succession', 'balance', 'client', { hasSuccession: false, hasBalance: true }, ['document_civil_statuses']],
    ['succession', 'balance', 'office', NONE_YET, []],
    // Roles foreign to the project kind.
    ['realty', 'house', 'heir', NONE_YET, []],
    ['succession', 'settlement', 'client', NONE_YET, []],
    ['succession', 'balance', 'seller', NONE_YET, []],
  ] as Array<[ProjectType, ProjectSubtype, ParticipantRole, { hasSuccession: boolean; hasBalance: boolean }, QuestionnaireDocType[]]>)(
    '%s/%s, %s, %o → %o',
    ([type, subtype, role, existing, expected]) => {
      expect(questionnairesFor({ type, subtype }, role, existing)).toEqual(expected);
    },
  );
});

describe('questionnaire names', () => {
  it('maps each wire array to its download_form type, its screen and its save docType', () => {
    expect(QUESTIONNAIRES).toEqual({
      document_civil_statuses: { downloadForm: 'civil_status', route: 'civilstatus', saveDocType: 'document_civil_status' },
      document_buyers: { downloadForm: 'buyer', route: 'buyer', saveDocType: 'document_buyer' },
      document_successions: { downloadForm: 'succession', route: 'succession', saveDocType: 'document_succession' },
      document_sale_houses: { downloadForm: 'sale_house', route: 'sale/house', saveDocType: 'document_sale_house' },
      document_heritage_balances: { downloadForm: 'heritage_balance', route: 'heritagebalance', saveDocType: 'document_heritage_balance' },
      document_sale_lands: { downloadForm: 'sale_land', route: 'sale/land', saveDocType: 'document_sale_land' },
      document_sale_appts: { downloadForm: 'sale_appt', route: 'sale/appt', saveDocType: 'document_sale_appt' },
    });
    expect(Object.keys(QUESTIONNAIRES).sort()).toEqual([...QUESTIONNAIRE_DOC_TYPES].sort());
  });

  it('reads a download_form type or a save docType back, and nothing else', () => {
    for (const docType of QUESTIONNAIRE_DOC_TYPES) {
      expect(findQuestionnaireByDownloadForm(QUESTIONNAIRES[docType].downloadForm)).toBe(docType);
      expect(findQuestionnaireBySaveDocType(QUESTIONNAIRES[docType].saveDocType)).toBe(docType);
    }
    expect(findQuestionnaireByDownloadForm('document_buyers')).toBeUndefined();
    expect(findQuestionnaireBySaveDocType('buyer')).toBeUndefined();
    expect(findQuestionnaireBySaveDocType('__proto__')).toBeUndefined();
  });

  it('builds the screen path of a questionnaire', () => {
    expect(questionnairePath(42, 'document_sale_appts')).toBe('/project/42/form/sale/appt');
    expect(questionnairePath(7, 'document_heritage_balances')).toBe('/project/7/form/heritagebalance');
  });
});
