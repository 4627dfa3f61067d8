import { describe, expect, it } from 'vitest';
import { checkDefinition } from '../engine/check-definition';
import { listFields, listQuestions } from '../engine/definition-index';
import type { Answers } from '../engine/kinds';
import { progress } from '../engine/progress';
import { fullyAnsweredSample } from '../engine/sample';
import { requiredSupportingDocuments } from '../engine/supporting-documents';
import { saleLandDefinition } from './sale-land';
import { testClearingRules, testDisplayRules, type ClearingRule, type DisplayRule } from './spec-rule-tables';

// Spec 001, documentSaleLand: sections 2 (steps), 3 (fields), 4 (display and
// clearing rules) and 5 (supporting documents).

const definition = saleLandDefinition;
const names = () => listFields(definition).map((field) => field.name);
const fieldsOfType = (type: string) =>
  listFields(definition)
    .filter((field) => field.kind.type === type)
    .map((field) => field.name);
const documentIds = (answers: Answers) => requiredSupportingDocuments(definition, answers).map((document) => document.id);

const PRICE_FIELDS = [
  'price_q0_amount',
  'price_q0b_commission',
  'price_q0e_commission_owner',
  'price_q0f_offer',
  'price_q0g_mandate',
  'price_q0c_conditions',
  'price_q0d_conditions_infos',
];
const PRESIDENT = [
  'lot_q1_asl_president_first_name',
  'lot_q1_asl_president_last_name',
  'lot_q1_asl_president_email',
  'lot_q1_asl_president_phone',
];
const TAKER_AND_RENT = [
  'agricultural_land_taker_first_name',
  'agricultural_land_taker_last_name',
  'agricultural_land_taker_address',
  'agricultural_land_taker_email',
  'agricultural_land_taker_phone',
  'agricultural_land_rent_amount',
];

describe('sale of land definition (documentSaleLand)', () => {
  it('is sound, plain data (no function) and frozen', () => {
    expect(checkDefinition(definition)).toEqual([]);
    expect(JSON.parse(JSON.stringify(definition))).toEqual(definition);
    expect(Object.isFrozen(definition.steps[1]?.sections[0]?.questions[0]?.fields[0])).toBe(true);
    for (const question of listQuestions(definition)) expect(question.label).toMatch(/\S/);
  });

  it('is titled "Vente d\'un terrain" and saved as document_sale_lands', () => {
    expect(definition.docType).toBe('document_sale_lands');
    expect(definition.title).toBe("Vente d'un terrain");
    expect(definition.purpose).toMatch(/notaire/);
  });

  it('holds the price block and every field of spec section 3, and only those', () => {
    expect(names()).toEqual([
      ...PRICE_FIELDS,
      'lot_q1_exists',
      'land_q1_asl',
      ...PRESIDENT,
      'division_q1_exists',
      'serviced_q1_exists',
      'serviced_q1_description',
      'servitude_q1_exists',
      'urbanism_q1_exists',
      'licence_q1_exists',
      'develop_licence_q1_exists',
      'agricultural_land_q1_exists',
      'agricultural_land_q1_rented',
      ...TAKER_AND_RENT,
    ]);
  });

  it('has the four steps of spec section 2', () => {
    expect(definition.steps.map((step) => [step.index, step.title])).toEqual([
      [0, 'Prix et commission'],
      [1, 'Lotissement'],
      [2, 'Division / Viabilisation'],
      [3, 'Terrain agricole'],
    ]);
  });

  it('asks servitude, urbanism certificate, building and development permits on step 2 (our decision)', () => {
    const step2 = definition.steps[2]?.sections.flatMap((section) =>
      section.questions.flatMap((question) => question.fields.map((field) => field.name)),
    );
    expect(step2).toEqual(
      expect.arrayContaining(['servitude_q1_exists', 'urbanism_q1_exists', 'licence_q1_exists', 'develop_licence_q1_exists']),
    );
  });

  it('gives each field its kind: yes/no, amounts, contact formats, a free description', () => {
    expect(fieldsOfType('yesNo')).toEqual([
      'price_q0f_offer',
      'price_q0g_mandate',
      'price_q0c_conditions',
      'lot_q1_exists',
      'land_q1_asl',
      'division_q1_exists',
      'serviced_q1_exists',
      'servitude_q1_exists',
      'urbanism_q1_exists',
      'licence_q1_exists',
      'develop_licence_q1_exists',
      'agricultural_land_q1_exists',
      'agricultural_land_q1_rented',
    ]);
    expect(fieldsOfType('date')).toEqual([]);
    expect(fieldsOfType('textarea')).toEqual(['price_q0d_conditions_infos', 'serviced_q1_description']);
    const formats = Object.fromEntries(
      listFields(definition).flatMap((field) => (field.kind.type === 'text' && field.kind.format ? [[field.name, field.kind.format]] : [])),
    );
    expect(formats).toEqual({
      price_q0_amount: 'amount',
      price_q0b_commission: 'amount',
      lot_q1_asl_president_email: 'email',
      lot_q1_asl_president_phone: 'phone',
      agricultural_land_taker_email: 'email',
      agricultural_land_taker_phone: 'phone',
      agricultural_land_rent_amount: 'amount',
    });
    const commission = listFields(definition).find((field) => field.name === 'price_q0e_commission_owner')?.kind;
    expect(commission).toEqual({
      type: 'choice',
      options: [
        { code: 1, label: 'Du vendeur' },
        { code: 0, label: "De l'acquéreur" },
      ],
    });
  });

  it.for([
    ['nothing answered: nothing', {}, []],
    ['in a lot: its regulations', { lot_q1_exists: 1 }, ['lot_regulations']],
    [
      'with an ASL: its statutes, latest charges call and minutes of the last 3 general assemblies',
      { lot_q1_exists: 1, land_q1_asl: 1 },
      ['lot_regulations', 'asl_statutes', 'asl_charges_call', 'asl_general_assembly_minutes'],
    ],
    ['an ASL answer left from a former lot asks for nothing', { lot_q1_exists: 0, land_q1_asl: 1 }, []],
    [
      'divided, or adjoining land owned within ten years: the plan and the titles',
      { division_q1_exists: 1 },
      ['land_division_plan', 'adjoining_land_titles'],
    ],
    [
      'servitude, urbanism certificate, permits: their copies',
      { servitude_q1_exists: 1, urbanism_q1_exists: 1, licence_q1_exists: 1, develop_licence_q1_exists: 1 },
      ['easement_deeds', 'urbanism_certificate', 'building_permit', 'development_permit'],
    ],
    ['agricultural land let: the rural lease', { agricultural_land_q1_exists: 1, agricultural_land_q1_rented: 1 }, ['rural_lease']],
    ['agricultural land not let: nothing', { agricultural_land_q1_exists: 1, agricultural_land_q1_rented: 0 }, []],
    ['an accepted offer and a mandate: their copies', { price_q0f_offer: 1, price_q0g_mandate: 1 }, ['accepted_offer', 'agency_mandate']],
  ] as Array<[string, Answers, string[]]>)('asks for supporting documents: %s', ([, answers, expected]) => {
    expect(documentIds(answers)).toEqual(expected);
  });

  it('is 0 % done when empty and 100 % when fully answered', () => {
    expect(progress(definition, {})).toBe(0);
    const sample = fullyAnsweredSample(definition);
    expect(progress(definition, sample)).toBe(100);
    expect(sample).toMatchObject({ land_q1_asl: 1, agricultural_land_q1_rented: 1, agricultural_land_rent_amount: '250000' });
  });
});

const DISPLAY_RULES: DisplayRule[] = [
  {
    rule: 'Land: lot_q1_exists yes shows land_q1_asl',
    definition,
    fields: ['land_q1_asl'],
    shownWith: { lot_q1_exists: 1 },
    hiddenWith: [{}, { lot_q1_exists: 0 }],
  },
  {
    rule: 'Land: land_q1_asl yes shows the ASL president fields (only within a lot)',
    definition,
    fields: PRESIDENT,
    shownWith: { lot_q1_exists: 1, land_q1_asl: 1 },
    hiddenWith: [{}, { lot_q1_exists: 1 }, { lot_q1_exists: 1, land_q1_asl: 0 }, { lot_q1_exists: 0, land_q1_asl: 1 }],
  },
  {
    rule: 'Land: agricultural_land_q1_exists yes shows the rented question',
    definition,
    fields: ['agricultural_land_q1_rented'],
    shownWith: { agricultural_land_q1_exists: 1 },
    hiddenWith: [{}, { agricultural_land_q1_exists: 0 }],
  },
  {
    rule: 'Land: agricultural_land_q1_rented yes shows the taker fields and the rent amount',
    definition,
    fields: TAKER_AND_RENT,
    shownWith: { agricultural_land_q1_exists: 1, agricultural_land_q1_rented: 1 },
    hiddenWith: [
      {},
      { agricultural_land_q1_exists: 1 },
      { agricultural_land_q1_exists: 1, agricultural_land_q1_rented: 0 },
      { agricultural_land_q1_exists: 0, agricultural_land_q1_rented: 1 },
    ],
  },
  {
    rule: 'Land: price_q0c yes shows q0d',
    definition,
    fields: ['price_q0d_conditions_infos'],
    shownWith: { price_q0c_conditions: 1 },
    hiddenWith: [{}, { price_q0c_conditions: 0 }],
  },
  {
    rule: 'Land: serviced_q1_exists yes shows serviced_q1_description',
    definition,
    fields: ['serviced_q1_description'],
    shownWith: { serviced_q1_exists: 1 },
    hiddenWith: [{}, { serviced_q1_exists: 0 }],
  },
];

describe('display rules of spec 001, section 4: sale of land', () => {
  testDisplayRules(DISPLAY_RULES);
});

const ASL_WITH_PRESIDENT: Answers = {
  price_q0_amount: '95000',
  lot_q1_exists: 1,
  land_q1_asl: 1,
  lot_q1_asl_president_first_name: 'Jeanne',
  lot_q1_asl_president_last_name: 'Roux',
  lot_q1_asl_president_email: 'asl.les-tilleuls@example.fr',
  lot_q1_asl_president_phone: '04 78 12 34 56',
  division_q1_exists: 0,
};

const LET_TO_A_FARMER: Answers = {
  serviced_q1_exists: 0,
  agricultural_land_q1_exists: 1,
  agricultural_land_q1_rented: 1,
  agricultural_land_taker_first_name: 'Paul',
  agricultural_land_taker_last_name: 'Girard',
  agricultural_land_taker_address: 'Ferme des Chaumes, 01400 Châtillon-sur-Chalaronne',
  agricultural_land_taker_email: 'paul.girard@example.fr',
  agricultural_land_taker_phone: '06 11 22 33 44',
  agricultural_land_rent_amount: '1200',
};

const CLEARING_RULES: ClearingRule[] = [
  {
    rule: 'Land: changing lot_q1_exists clears land_q1_asl, cascading to the ASL president',
    definition,
    before: ASL_WITH_PRESIDENT,
    change: { lot_q1_exists: 0 },
    cleared: ['land_q1_asl', ...PRESIDENT],
  },
  {
    rule: 'Land: changing land_q1_asl clears the ASL president fields',
    definition,
    before: ASL_WITH_PRESIDENT,
    change: { land_q1_asl: 0 },
    cleared: PRESIDENT,
  },
  {
    rule: 'Land: changing agricultural_land_q1_exists clears rented and the taker fields',
    definition,
    before: LET_TO_A_FARMER,
    change: { agricultural_land_q1_exists: 0 },
    cleared: ['agricultural_land_q1_rented', ...TAKER_AND_RENT],
  },
  {
    rule: 'Land: changing agricultural_land_q1_rented clears the taker fields and the rent amount',
    definition,
    before: LET_TO_A_FARMER,
    change: { agricultural_land_q1_rented: 0 },
    cleared: TAKER_AND_RENT,
  },
  {
    rule: 'Land: changing price_q0c clears q0d',
    definition,
    before: {
      price_q0_amount: '95000',
      price_q0c_conditions: 1,
      price_q0d_conditions_infos: "Sous réserve de l'obtention du permis de construire",
    },
    change: { price_q0c_conditions: 0 },
    cleared: ['price_q0d_conditions_infos'],
  },
  {
    rule: 'Land: changing serviced_q1_exists clears serviced_q1_description',
    definition,
    before: {
      serviced_q1_exists: 1,
      serviced_q1_description: "Eau et électricité en limite de propriété, tout-à-l'égout sur la voie",
      servitude_q1_exists: 0,
    },
    change: { serviced_q1_exists: 0 },
    cleared: ['serviced_q1_description'],
  },
];

describe('clearing rules of spec 001, section 4: sale of land', () => {
  testClearingRules(CLEARING_RULES);
});
