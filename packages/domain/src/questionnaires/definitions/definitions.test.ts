import { describe, expect, it } from 'vitest';
import { clean } from '../engine/clean';
import type { QuestionnaireDefinition } from '../engine/definition';
import { listFields, listQuestions } from '../engine/definition-index';
import { requiredSupportingDocuments } from '../engine/supporting-documents';
import { QUESTIONNAIRE_DOC_TYPES } from '../../projects/participant-documents';
import { QUESTIONNAIRE_DEFINITIONS } from '../registry';
import { civilStatusDefinition } from './civil-status';
import { heritageBalanceDefinition } from './heritage-balance';
import { successionDefinition } from './succession';

const names = (definition: QuestionnaireDefinition) => listFields(definition).map((field) => field.name);
const fieldsOfType = (definition: QuestionnaireDefinition, type: string) =>
  listFields(definition)
    .filter((field) => field.kind.type === type)
    .map((field) => field.name);
const steps = (definition: QuestionnaireDefinition) => definition.steps.map((step) => [step.index, step.title]);

describe.each(Object.values(QUESTIONNAIRE_DEFINITIONS).map((definition) => [definition.title, definition] as const))(
  '%s definition',
  (_name, definition) => {
    it('is plain data (no function), and frozen', () => {
      expect(JSON.parse(JSON.stringify(definition))).toEqual(definition);
      expect(Object.isFrozen(definition.steps[0]?.sections[0]?.questions[0]?.fields[0])).toBe(true);
    });

    it('has French wording on every question and no duplicate field', () => {
      for (const question of listQuestions(definition)) expect(question.label).toMatch(/\S/);
      expect(new Set(names(definition)).size).toBe(names(definition).length);
    });
  },
);

describe('the seven definitions together', () => {
  it('cover every questionnaire of the platform', () => {
    expect(Object.keys(QUESTIONNAIRE_DEFINITIONS).sort()).toEqual([...QUESTIONNAIRE_DOC_TYPES].sort());
  });

  it('give one supporting document id one label, so a person is never asked for one piece under two names', () => {
    const labels = new Map<string, Set<string>>();
    for (const definition of Object.values(QUESTIONNAIRE_DEFINITIONS)) {
      for (const question of listQuestions(definition)) {
        for (const document of question.documents ?? [])
          labels.set(document.id, (labels.get(document.id) ?? new Set()).add(document.label));
      }
    }
    const ambiguous = [...labels].filter(([, set]) => set.size > 1).map(([id, set]) => `${id}: ${[...set].join(' | ')}`);
    expect(ambiguous).toEqual([]);
  });
});

describe('civil status definition (documentCivilStatus)', () => {
  it('holds every field of spec section 3, and only those', () => {
    expect(names(civilStatusDefinition).sort()).toEqual(
      [
        'civility',
        'first_name',
        'last_name',
        'dob',
        'birth_place',
        'address',
        'postal_code',
        'city',
        'profession',
        'cell_phone',
        'home_phone',
        'work_phone',
        'email',
        'fax',
        'nationality',
        'fiscal_residency',
        'marital_status',
        'spouse_last_name',
        'spouse_first_name',
        'mariage_date',
        'mariage_postal_code',
        'mariage_city',
        'mariage_first_residence',
        'divorce_tribunal',
        'divorce_date',
        'pacs_exists',
        'pacs_status',
        'merchant_artisan',
        'bankrupt',
        'debt_commission',
      ].sort(),
    );
  });

  it('has our four steps (the spec shows none)', () => {
    expect(civilStatusDefinition.title).toBe("Questionnaire d'état civil");
    expect(steps(civilStatusDefinition)).toEqual([
      [0, 'Identité'],
      [1, 'Coordonnées'],
      [2, 'Situation familiale'],
      [3, 'Situation professionnelle et financière'],
    ]);
  });

  it('gives each field its kind: texts of size 255, dates, yes/no, choices with the spec codes', () => {
    expect(fieldsOfType(civilStatusDefinition, 'date').sort()).toEqual(['divorce_date', 'dob', 'mariage_date']);
    expect(fieldsOfType(civilStatusDefinition, 'yesNo').sort()).toEqual(['bankrupt', 'debt_commission', 'merchant_artisan', 'pacs_exists']);
    for (const field of listFields(civilStatusDefinition))
      if (field.kind.type === 'text') expect(field.kind.maxLength, field.name).toBe(255);
    expect(
      clean(civilStatusDefinition, { civility: 'MME', fiscal_residency: 0, marital_status: 'divorcing', pacs_exists: 1, pacs_status: 1 }),
    ).toEqual({
      civility: 'MME',
      fiscal_residency: 0,
      marital_status: 'divorcing',
      pacs_exists: 1,
      pacs_status: 1,
    });
    const codes = (name: string) => {
      const kind = listFields(civilStatusDefinition).find((field) => field.name === name)?.kind;
      return kind?.type === 'choice' ? kind.options.map((option) => option.code) : [];
    };
    expect(codes('civility')).toEqual(['M', 'MME']);
    expect(codes('marital_status')).toEqual(['single', 'widower', 'married', 'divorced', 'divorcing']);
    expect(codes('fiscal_residency')).toEqual([1, 0]);
    expect(codes('pacs_status')).toEqual([1, 0]);
  });

  it.for([
    [
      'a foreign national: resident card and translated birth certificate',
      { nationality: 'Italienne' },
      ['resident_card', 'translated_birth_certificate'],
    ],
    ['a French national, however written: nothing', { nationality: ' FRANCAISE ' }, []],
    ['no nationality given: nothing', {}, []],
    ['married: the marriage contract', { marital_status: 'married' }, ['marriage_contract']],
    ['divorced: the divorce judgment', { marital_status: 'divorced' }, ['divorce_judgment']],
    ['a PACS: its agreement', { pacs_exists: 1 }, ['pacs_agreement']],
    ['merchant or craftsman: the trade registration', { merchant_artisan: 1 }, ['trade_registration']],
    ['no PACS, not a merchant: nothing', { pacs_exists: 0, merchant_artisan: 0 }, []],
  ] as Array<[string, object, string[]]>)('asks for supporting documents: %s', ([, answers, expected]) => {
    expect(requiredSupportingDocuments(civilStatusDefinition, answers).map((document) => document.id)).toEqual(expected);
  });
});

describe('succession definition (documentSuccession)', () => {
  it('holds every field of spec section 3, plus our name for the hidden one', () => {
    expect(names(successionDefinition)).toEqual([
      'deceased_q1_last_name',
      'deceased_q1_first_name',
      'deceased_q2_birthdate',
      'deceased_q3_birth_place',
      'deceased_q4_death_date',
      'deceased_q5_death_place',
      'deceased_q6_address',
      'deceased_q7_postal_code',
      'deceased_q8_city',
      'deceased_q9_nationality',
      'deceased_q10_ephad',
      'deceased_q11_pro',
      'deceased_q12_bankrupt',
      'deceased_q12_bankrupt_ongoing',
      'succession_q1_spouse',
      'succession_q2_will',
      'succession_q2_will_notary_name',
      'succession_q2_will_notary_email',
      'succession_q2_will_notary_phone',
      'succession_q3_investment',
      'succession_q4_realty',
      'succession_q5_syndic',
      'succession_q6_vehicule',
      'succession_q8_life_insurance',
      'succession_q9_location',
      'succession_q10_companies',
      'succession_q11_coop',
      'succession_q12_ifi',
      'succession_q13_loan',
      'succession_q14_social_aid',
      'succession_q15_charity_given',
      'succession_q16_charity_received',
    ]);
  });

  it('has the spec steps', () => {
    expect(steps(successionDefinition)).toEqual([
      [0, 'État civil du défunt'],
      [1, 'Succession'],
    ]);
  });

  it('asks yes/no where the spec says so', () => {
    expect(fieldsOfType(successionDefinition, 'yesNo')).toEqual([
      'deceased_q10_ephad',
      'deceased_q11_pro',
      'deceased_q12_bankrupt',
      'deceased_q12_bankrupt_ongoing',
      'succession_q1_spouse',
      'succession_q2_will',
      'succession_q3_investment',
      'succession_q4_realty',
      'succession_q5_syndic',
      'succession_q6_vehicule',
      'succession_q8_life_insurance',
      'succession_q9_location',
      'succession_q10_companies',
      'succession_q11_coop',
      'succession_q12_ifi',
      'succession_q13_loan',
      'succession_q14_social_aid',
      'succession_q15_charity_given',
      'succession_q16_charity_received',
    ]);
  });

  it('trims its two dates to 10 characters (JJ/MM/AAAA) and keeps them as text', () => {
    expect(fieldsOfType(successionDefinition, 'date')).toEqual(['deceased_q2_birthdate', 'deceased_q4_death_date']);
    expect(clean(successionDefinition, { deceased_q2_birthdate: '01/02/1930T00:00:00', deceased_q4_death_date: '03/04/2024 ' })).toEqual({
      deceased_q2_birthdate: '01/02/1930',
      deceased_q4_death_date: '03/04/2024',
    });
  });

  it('always asks for the death certificate, and the rest as the answers call for it', () => {
    const ids = (answers: object) => requiredSupportingDocuments(successionDefinition, answers).map((document) => document.id);
    expect(ids({})).toEqual(['death_certificate']);
    expect(ids({ succession_q4_realty: 1, succession_q13_loan: 1, succession_q6_vehicule: 0 })).toEqual([
      'death_certificate',
      'property_titles',
      'loan_schedules',
    ]);
  });
});

describe('heritage balance definition (documentHeritageBalance)', () => {
  it('holds every field of spec section 3', () => {
    expect(names(heritageBalanceDefinition)).toEqual([
      'heritage_balance_q1_kids',
      'heritage_balance_q2_kids_number',
      'heritage_balance_q3_same_relationship',
      'heritage_balance_q4_transfer',
      'heritage_balance_q5_topic',
    ]);
    expect(fieldsOfType(heritageBalanceDefinition, 'yesNo')).toEqual([
      'heritage_balance_q1_kids',
      'heritage_balance_q3_same_relationship',
      'heritage_balance_q4_transfer',
    ]);
  });

  it('has a single step, "Bilan patrimonial", at index 1', () => {
    expect(steps(heritageBalanceDefinition)).toEqual([[1, 'Bilan patrimonial']]);
  });
});
