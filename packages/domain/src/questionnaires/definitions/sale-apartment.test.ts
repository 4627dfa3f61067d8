import { describe, expect, it } from 'vitest';
import { checkDefinition } from '../engine/check-definition';
import { clean, resetQuestion } from '../engine/clean';
import { listFields } from '../engine/definition-index';
import type { Answers } from '../engine/kinds';
import { progress } from '../engine/progress';
import { fullyAnsweredSample } from '../engine/sample';
import { requiredSupportingDocuments } from '../engine/supporting-documents';
import { saleApartmentDefinition as apartment } from './sale-apartment';
import { testClearingRules, testDisplayRules, type ClearingRule, type DisplayRule } from './spec-rule-tables';

// Spec 001 for documentSaleAppt: steps (section 2), fields (section 3), display
// and clearing rules (section 4, one row each), supporting documents (section 5)
// and codes (section 9).

const names = () => listFields(apartment).map((field) => field.name);
const fieldsOfType = (type: string) =>
  listFields(apartment)
    .filter((field) => field.kind.type === type)
    .map((field) => field.name);
const codesAndLabels = (name: string) => {
  const kind = listFields(apartment).find((field) => field.name === name)?.kind;
  return kind?.type === 'choice' ? kind.options.map((option) => [option.code, option.label]) : [];
};
const documentIds = (answers: Answers) => requiredSupportingDocuments(apartment, answers).map((document) => document.id);

const PRICE = [
  'price_q0_amount',
  'price_q0b_commission',
  'price_q0e_commission_owner',
  'price_q0f_offer',
  'price_q0g_mandate',
  'price_q0c_conditions',
  'price_q0d_conditions_infos',
];
const PRESIDENT = ['copro_q3_president_first_name', 'copro_q3_president_last_name', 'copro_q3_president_email', 'copro_q3_president_phone'];
const SYNDIC = ['copro_q4_syndic_name', 'copro_q4_syndic_address'];
const Q1B = ['added_value_q1b_reuse_price', 'added_value_q1b_retired', 'added_value_q1b_works', 'added_value_q1b_paid_mutation_rights'];
const APARTMENT_FIELDS = [
  'copro_q1_division',
  'copro_q2_lotissement',
  'copro_q3_asso_syndic',
  ...PRESIDENT,
  'copro_q4_syndic',
  ...SYNDIC,
  'copro_q4_assu',
  'copro_q5_rule',
  'copro_q6_spec_diff',
  'copro_q6_spec_diff_info',
  'copro_q7_ongoing_procedure',
  'copro_q8_water_damage',
  'copro_q8_water_damage_info',
  'copro_q9_mortgage',
  'works_q1_modifications',
  'works_q1_modifications_info',
  'works_q2_change_assignment',
  'works_q3_division_assemble',
  'works_q4_authorization',
  'works_q5_saniflo',
  'works_q6_declaration',
  'diag_q1_unvisited_places',
  'loan_q1_foreclosure',
  'loan_q2_mortgage',
  'loan_q3_relay',
  'loan_q4_realty_given_as_warranty',
  'added_value_q1_main_residence',
  'added_value_q1a_main_since',
  ...Q1B,
  'pro_activity_q1',
  'pro_activity_q1_info',
  'contract_lease_q1_free_on_sale',
  'contract_lease_q2_previously_rented',
  'contract_lease_q3_first_sale',
  'contract_lease_q4_alarm',
  'fiscal_adv_q1_exists',
  'fiscal_adv_q1_info',
  'fiscal_adv_q2_engagement_over',
  'fiscal_adv_q3_other_contract_exists',
  'fiscal_adv_q4_equipment_warranty',
  'sinister_q1_exists_before',
  'sinister_q2_exists_after',
  'vat_q1_recovery',
  'vat_q2_regime',
  'deficit_q1_exists',
  'company_owned_q1_exists',
  'company_owned_q2_tax_2',
];
const MOTIVATION = ['sale_motivation', 'sale_motivation_family_reason', 'sale_motivation_other_reason'];
const OBSERVATIONS = ['sale_misc_info'];

describe('sale of apartment definition (documentSaleAppt)', () => {
  it('is sound, plain data (no function) and frozen', () => {
    expect(checkDefinition(apartment)).toEqual([]);
    expect(JSON.parse(JSON.stringify(apartment))).toEqual(apartment);
    expect(Object.isFrozen(apartment.steps[1]?.sections[0]?.questions[0]?.fields[0])).toBe(true);
    expect(apartment.docType).toBe('document_sale_appts');
    expect(apartment.title).toBe("Vente d'un appartement");
    expect(apartment.purpose).toMatch(/notaire/);
  });

  it('holds the price block, every field of spec section 3, the motivation block and sale_misc_info, in order, and nothing else', () => {
    expect(names()).toEqual([...PRICE, ...APARTMENT_FIELDS, ...MOTIVATION, ...OBSERVATIONS]);
    expect(names()).toHaveLength(65);
  });

  it('has the 15 steps of spec section 2, with their exact titles', () => {
    expect(apartment.steps.map((step) => [step.index, step.title])).toEqual([
      [0, 'Prix et commission'],
      [1, 'Copropriété'],
      [2, 'Travaux'],
      [3, 'Diagnostics techniques'],
      [4, 'Prêts - Hypothèques'],
      [5, 'Plus-values'],
      [6, 'Activité professionnelle'],
      [7, 'Contrats existants'],
      [8, 'Avantage fiscal'],
      [9, 'Sinistre indemnisé'],
      [10, 'TVA'],
      [11, 'Déficit foncier'],
      [12, 'Bien détenu (par une société civile)'],
      [13, 'Motivation de la cession'],
      [14, 'Observations'],
    ]);
  });

  it('puts the price block first, the motivation in step 13 and the observations alone in step 14', () => {
    const stepFields = (index: number) =>
      apartment.steps
        .find((step) => step.index === index)
        ?.sections.flatMap((section) => section.questions.flatMap((q) => q.fields.map((f) => f.name)));
    expect(stepFields(0)).toEqual(PRICE);
    expect(stepFields(13)).toEqual(MOTIVATION);
    expect(stepFields(14)).toEqual(OBSERVATIONS);
  });

  it('asks yes/no wherever the spec names no other kind', () => {
    expect(fieldsOfType('yesNo')).toEqual([
      'price_q0f_offer',
      'price_q0g_mandate',
      'price_q0c_conditions',
      'copro_q1_division',
      'copro_q2_lotissement',
      'copro_q3_asso_syndic',
      'copro_q4_syndic',
      'copro_q4_assu',
      'copro_q5_rule',
      'copro_q6_spec_diff',
      'copro_q7_ongoing_procedure',
      'copro_q8_water_damage',
      'copro_q9_mortgage',
      'works_q1_modifications',
      'works_q2_change_assignment',
      'works_q3_division_assemble',
      'works_q4_authorization',
      'works_q5_saniflo',
      'works_q6_declaration',
      'diag_q1_unvisited_places',
      'loan_q1_foreclosure',
      'loan_q2_mortgage',
      'loan_q3_relay',
      'loan_q4_realty_given_as_warranty',
      'added_value_q1_main_residence',
      ...Q1B,
      'pro_activity_q1',
      'contract_lease_q1_free_on_sale',
      'contract_lease_q2_previously_rented',
      'contract_lease_q3_first_sale',
      'contract_lease_q4_alarm',
      'fiscal_adv_q1_exists',
      'fiscal_adv_q2_engagement_over',
      'fiscal_adv_q3_other_contract_exists',
      'fiscal_adv_q4_equipment_warranty',
      'sinister_q1_exists_before',
      'sinister_q2_exists_after',
      'vat_q1_recovery',
      'vat_q2_regime',
      'deficit_q1_exists',
      'company_owned_q1_exists',
      'company_owned_q2_tax_2',
    ]);
  });

  it('types the since date as a date, the explanations as text areas, names at size 255 (a name is never cut) and contact details with their format', () => {
    expect(fieldsOfType('date')).toEqual(['added_value_q1a_main_since']);
    expect(fieldsOfType('textarea')).toEqual([
      'price_q0d_conditions_infos',
      'copro_q6_spec_diff_info',
      'copro_q8_water_damage_info',
      'works_q1_modifications_info',
      'pro_activity_q1_info',
      'fiscal_adv_q1_info',
      'sale_misc_info',
    ]);
    const kinds = Object.fromEntries(listFields(apartment).map((field) => [field.name, field.kind]));
    expect(kinds.copro_q3_president_first_name).toEqual({ type: 'text', maxLength: 255 });
    expect(kinds.copro_q3_president_last_name).toEqual({ type: 'text', maxLength: 255 });
    expect(kinds.copro_q3_president_email).toEqual({ type: 'text', maxLength: 255, format: 'email' });
    expect(kinds.copro_q3_president_phone).toEqual({ type: 'text', maxLength: 50, format: 'phone' });
    expect(kinds.copro_q4_syndic_name).toEqual({ type: 'text', maxLength: 255 });
    expect(kinds.copro_q4_syndic_address).toEqual({ type: 'text', maxLength: 255 });
    expect(kinds.sale_motivation_other_reason).toEqual({ type: 'text', maxLength: 255 });
    expect(kinds.price_q0_amount).toEqual({ type: 'text', maxLength: 50, format: 'amount' });
  });

  it('offers the codes and labels of spec section 9', () => {
    expect(codesAndLabels('price_q0e_commission_owner')).toEqual([
      [1, 'Du vendeur'],
      [0, "De l'acquéreur"],
    ]);
    expect(codesAndLabels('sale_motivation')).toEqual([
      [1, 'Mobilité professionnelle'],
      [2, 'Évènement familial'],
      [3, "Transfert d'épargne"],
      [4, 'Autre cause'],
    ]);
    expect(codesAndLabels('sale_motivation_family_reason')).toEqual([
      [1, 'Mariage / Pacs / Divorce'],
      [0, 'Naissance / Décès'],
    ]);
    // Form posts send codes as text; an unknown code is no answer.
    expect(clean(apartment, { sale_motivation: '2', sale_motivation_family_reason: '0', price_q0e_commission_owner: '5' })).toEqual({
      sale_motivation: 2,
      sale_motivation_family_reason: 0,
    });
  });

  it('is 0% done when empty and 100% when every visible question is answered', () => {
    expect(progress(apartment, {})).toBe(0);
    expect(progress(apartment, fullyAnsweredSample(apartment))).toBe(100);
  });
});

const yesNoPairs = (parent: string): { yes: Answers; no: Answers } => ({ yes: { [parent]: 1 }, no: { [parent]: 0 } });
const shownOnYes = (rule: string, parent: string, fields: string[]): DisplayRule => ({
  rule,
  definition: apartment,
  fields,
  shownWith: yesNoPairs(parent).yes,
  hiddenWith: [{}, yesNoPairs(parent).no],
});

const DISPLAY_RULES: DisplayRule[] = [
  shownOnYes('price_q0d shows when price_q0c_conditions is yes', 'price_q0c_conditions', ['price_q0d_conditions_infos']),
  shownOnYes('copro_q3_asso_syndic shows when copro_q2_lotissement is yes', 'copro_q2_lotissement', ['copro_q3_asso_syndic']),
  {
    rule: 'the president fields show when lotissement and association are both yes',
    definition: apartment,
    fields: PRESIDENT,
    shownWith: { copro_q2_lotissement: 1, copro_q3_asso_syndic: 1 },
    hiddenWith: [
      {},
      { copro_q2_lotissement: 1 },
      { copro_q2_lotissement: 1, copro_q3_asso_syndic: 0 },
      { copro_q2_lotissement: 0, copro_q3_asso_syndic: 1 },
      { copro_q3_asso_syndic: 1 },
    ],
  },
  shownOnYes('syndic name and address show when copro_q4_syndic is yes', 'copro_q4_syndic', SYNDIC),
  {
    rule: 'copro_q4_assu shows when copro_q4_syndic is no',
    definition: apartment,
    fields: ['copro_q4_assu'],
    shownWith: { copro_q4_syndic: 0 },
    hiddenWith: [{}, { copro_q4_syndic: 1 }],
  },
  shownOnYes('copro_q6_spec_diff_info shows when copro_q6_spec_diff is yes', 'copro_q6_spec_diff', ['copro_q6_spec_diff_info']),
  shownOnYes('copro_q8_water_damage_info shows when copro_q8_water_damage is yes', 'copro_q8_water_damage', ['copro_q8_water_damage_info']),
  shownOnYes('works_q1_modifications_info shows when works_q1_modifications is yes', 'works_q1_modifications', [
    'works_q1_modifications_info',
  ]),
  shownOnYes('added_value_q1a_main_since shows when main residence is yes', 'added_value_q1_main_residence', [
    'added_value_q1a_main_since',
  ]),
  {
    rule: 'the four q1b fields show when main residence is no',
    definition: apartment,
    fields: Q1B,
    shownWith: { added_value_q1_main_residence: 0 },
    hiddenWith: [{}, { added_value_q1_main_residence: 1 }],
  },
  shownOnYes('pro_activity_q1_info shows when pro_activity_q1 is yes', 'pro_activity_q1', ['pro_activity_q1_info']),
  shownOnYes('contract_lease_q2_previously_rented shows when free on sale is yes', 'contract_lease_q1_free_on_sale', [
    'contract_lease_q2_previously_rented',
  ]),
  shownOnYes('fiscal_adv_q1_info shows when fiscal_adv_q1_exists is yes', 'fiscal_adv_q1_exists', ['fiscal_adv_q1_info']),
  shownOnYes('company_owned_q2_tax_2 shows when company_owned_q1_exists is yes', 'company_owned_q1_exists', ['company_owned_q2_tax_2']),
  {
    rule: 'the family reason shows when sale_motivation is 2 (Évènement familial)',
    definition: apartment,
    fields: ['sale_motivation_family_reason'],
    shownWith: { sale_motivation: 2 },
    hiddenWith: [{}, { sale_motivation: 1 }, { sale_motivation: 3 }, { sale_motivation: 4 }],
  },
  {
    rule: 'the other reason shows when sale_motivation is 4 (Autre cause)',
    definition: apartment,
    fields: ['sale_motivation_other_reason'],
    shownWith: { sale_motivation: 4 },
    hiddenWith: [{}, { sale_motivation: 1 }, { sale_motivation: 2 }, { sale_motivation: 3 }],
  },
];

describe('sale of apartment: display rules of spec 001, section 4', () => {
  testDisplayRules(DISPLAY_RULES);

  it('shows every question with no rule whatever the other answers (no question is hidden by an unlisted rule)', () => {
    const governed = new Set([
      'price_q0d_conditions_infos',
      'copro_q3_asso_syndic',
      ...PRESIDENT,
      ...SYNDIC,
      'copro_q4_assu',
      'copro_q6_spec_diff_info',
      'copro_q8_water_damage_info',
      'works_q1_modifications_info',
      'added_value_q1a_main_since',
      ...Q1B,
      'pro_activity_q1_info',
      'contract_lease_q2_previously_rented',
      'fiscal_adv_q1_info',
      'company_owned_q2_tax_2',
      'sale_motivation_family_reason',
      'sale_motivation_other_reason',
    ]);
    const conditioned = listFields(apartment)
      .filter((field) => field.visibleWhen !== undefined)
      .map((field) => field.name);
    expect(new Set(conditioned)).toEqual(governed);
  });
});

const LOT_WITH_ASSOCIATION: Answers = {
  copro_q1_division: 1,
  copro_q2_lotissement: 1,
  copro_q3_asso_syndic: 1,
  copro_q3_president_first_name: 'Jeanne',
  copro_q3_president_last_name: 'Roux',
  copro_q3_president_email: 'jeanne.roux@example.fr',
  copro_q3_president_phone: '06 11 22 33 44',
  copro_q4_syndic: 1,
};

const yesToNo = (rule: string, parent: string, dependants: Answers, others: Answers = {}): ClearingRule => ({
  rule,
  definition: apartment,
  before: { ...others, [parent]: 1, ...dependants },
  change: { [parent]: 0 },
  cleared: Object.keys(dependants),
});

const CLEARING_RULES: ClearingRule[] = [
  yesToNo(
    'price_q0c_conditions clears price_q0d_conditions_infos',
    'price_q0c_conditions',
    {
      price_q0d_conditions_infos: "Sous réserve de l'obtention d'un prêt",
    },
    { price_q0_amount: '320000' },
  ),
  {
    rule: 'copro_q2_lotissement clears copro_q3_asso_syndic',
    definition: apartment,
    before: { copro_q1_division: 1, copro_q2_lotissement: 1, copro_q3_asso_syndic: 0 },
    change: { copro_q2_lotissement: 0 },
    cleared: ['copro_q3_asso_syndic'],
  },
  {
    rule: 'copro_q2_lotissement clears the association and, cascading, the president fields',
    definition: apartment,
    before: LOT_WITH_ASSOCIATION,
    change: { copro_q2_lotissement: 0 },
    cleared: ['copro_q3_asso_syndic', ...PRESIDENT],
  },
  {
    rule: 'copro_q3_asso_syndic clears president first name, last name, e-mail, phone',
    definition: apartment,
    before: LOT_WITH_ASSOCIATION,
    change: { copro_q3_asso_syndic: 0 },
    cleared: PRESIDENT,
  },
  yesToNo(
    'copro_q4_syndic clears syndic name and address',
    'copro_q4_syndic',
    {
      copro_q4_syndic_name: 'Cabinet Girard',
      copro_q4_syndic_address: '3 rue de la République, 69002 Lyon',
    },
    { copro_q5_rule: 1 },
  ),
  yesToNo('copro_q6_spec_diff clears its info', 'copro_q6_spec_diff', { copro_q6_spec_diff_info: 'Charges de chauffage contestées' }),
  yesToNo('copro_q8_water_damage clears its info', 'copro_q8_water_damage', { copro_q8_water_damage_info: 'Fuite en 2023, réparée' }),
  yesToNo('works_q1_modifications clears its info', 'works_q1_modifications', {
    works_q1_modifications_info: "Salle d'eau refaite en 2022",
  }),
  yesToNo('pro_activity_q1 clears its info', 'pro_activity_q1', { pro_activity_q1_info: 'Cabinet de kinésithérapie' }),
  yesToNo('fiscal_adv_q1_exists clears its info', 'fiscal_adv_q1_exists', { fiscal_adv_q1_info: 'Pinel, engagement de 9 ans depuis 2016' }),
  {
    rule: 'added_value_q1_main_residence (yes to no) clears the since date',
    definition: apartment,
    before: { added_value_q1_main_residence: 1, added_value_q1a_main_since: '01/09/2012', pro_activity_q1: 0 },
    change: { added_value_q1_main_residence: 0 },
    cleared: ['added_value_q1a_main_since'],
  },
  {
    rule: 'added_value_q1_main_residence (no to yes) clears reuse price, retired, works, paid mutation rights',
    definition: apartment,
    before: {
      added_value_q1_main_residence: 0,
      added_value_q1b_reuse_price: 1,
      added_value_q1b_retired: 0,
      added_value_q1b_works: 1,
      added_value_q1b_paid_mutation_rights: 0,
    },
    change: { added_value_q1_main_residence: 1 },
    cleared: Q1B,
  },
  yesToNo(
    'contract_lease_q1_free_on_sale clears previously rented',
    'contract_lease_q1_free_on_sale',
    {
      contract_lease_q2_previously_rented: 1,
    },
    { contract_lease_q3_first_sale: 0 },
  ),
  yesToNo('company_owned_q1_exists clears company_owned_q2_tax_2', 'company_owned_q1_exists', { company_owned_q2_tax_2: 1 }),
  {
    rule: 'sale_motivation clears the family reason',
    definition: apartment,
    before: { sale_motivation: 2, sale_motivation_family_reason: 1, sale_misc_info: 'Vente urgente' },
    change: { sale_motivation: 4 },
    cleared: ['sale_motivation_family_reason'],
  },
  {
    rule: 'sale_motivation clears the other reason',
    definition: apartment,
    before: { sale_motivation: 4, sale_motivation_other_reason: 'Départ à l’étranger' },
    change: { sale_motivation: 1 },
    cleared: ['sale_motivation_other_reason'],
  },
];

// Not written in the spec's clearing list, but following from "hidden means
// cleared": copro_q4_assu is shown only when there is no syndic.
const CLEARING_BY_HIDING: ClearingRule[] = [
  {
    rule: 'copro_q4_syndic (no to yes) clears copro_q4_assu',
    definition: apartment,
    before: { copro_q4_syndic: 0, copro_q4_assu: 1 },
    change: { copro_q4_syndic: 1 },
    cleared: ['copro_q4_assu'],
  },
];

describe.each([
  ['sale of apartment: clearing rules of spec 001, section 4', CLEARING_RULES],
  ['sale of apartment: clearing that follows from hiding', CLEARING_BY_HIDING],
])('%s', (_title, rules) => {
  testClearingRules(rules);
});

describe('sale of apartment: reset icons and changing back', () => {
  it("the lotissement question's reset icon clears the association and its president", () => {
    expect(resetQuestion(apartment, LOT_WITH_ASSOCIATION, 'copro_q2_lotissement')).toEqual({ copro_q1_division: 1, copro_q4_syndic: 1 });
  });

  it('the president stays empty after the association is answered no then yes again', () => {
    const afterNo = clean(apartment, { ...LOT_WITH_ASSOCIATION, copro_q3_asso_syndic: 0 });
    expect(clean(apartment, { ...afterNo, copro_q3_asso_syndic: 1 })).toEqual({
      copro_q1_division: 1,
      copro_q2_lotissement: 1,
      copro_q3_asso_syndic: 1,
      copro_q4_syndic: 1,
    });
  });
});

describe('sale of apartment: supporting documents (spec 001, section 5)', () => {
  it.for([
    ['nothing answered: the title deed and the technical diagnostics', {}, ['technical_diagnostics', 'property_title']],
    [
      'co-ownership: minutes of the last three general meetings and charges calls',
      { copro_q1_division: 1 },
      ['copro_general_assembly_minutes', 'copro_charges_calls', 'technical_diagnostics', 'property_title'],
    ],
    [
      'an association of the lotissement: ASL statutes, latest charges call, minutes of the last 3 general assemblies',
      { copro_q2_lotissement: 1, copro_q3_asso_syndic: 1 },
      ['asl_statutes', 'asl_charges_call', 'asl_general_assembly_minutes', 'technical_diagnostics', 'property_title'],
    ],
    [
      'a lotissement without association: no ASL piece',
      { copro_q2_lotissement: 1, copro_q3_asso_syndic: 0 },
      ['technical_diagnostics', 'property_title'],
    ],
    [
      'the co-ownership rules when the seller holds them; the building insurance without syndic',
      { copro_q4_syndic: 0, copro_q4_assu: 1, copro_q5_rule: 1 },
      ['copro_building_insurance', 'copro_rules', 'technical_diagnostics', 'property_title'],
    ],
    [
      'works: insurance for works under 10 years, invoices under 5 years; authorisations',
      { works_q1_modifications: 1, works_q4_authorization: 1, works_q6_declaration: 1 },
      [
        'works_insurance_certificate',
        'works_invoices',
        'copro_works_authorization',
        'building_permit_and_completion',
        'technical_diagnostics',
        'property_title',
      ],
    ],
    [
      'loans: repayment schedules and the relay loan offer',
      { loan_q2_mortgage: 1, loan_q3_relay: 1 },
      ['technical_diagnostics', 'loan_schedules', 'relay_loan_offer', 'property_title'],
    ],
    [
      'main residence: the proof of residence',
      { added_value_q1_main_residence: 1 },
      ['technical_diagnostics', 'property_title', 'main_residence_proof'],
    ],
    [
      'not the main residence, with works: their invoices',
      { added_value_q1_main_residence: 0, added_value_q1b_works: 1 },
      ['technical_diagnostics', 'property_title', 'works_invoices'],
    ],
    [
      'works both declared and counted in the capital gain: their invoices asked once',
      { works_q1_modifications: 1, added_value_q1_main_residence: 0, added_value_q1b_works: 1 },
      ['works_insurance_certificate', 'works_invoices', 'technical_diagnostics', 'property_title'],
    ],
    ['sold rented: the lease', { contract_lease_q1_free_on_sale: 0 }, ['technical_diagnostics', 'property_title', 'lease_contract']],
    [
      'sold free after a lease: the notice given to the tenant',
      { contract_lease_q1_free_on_sale: 1, contract_lease_q2_previously_rented: 1 },
      ['technical_diagnostics', 'property_title', 'lease_termination_notice'],
    ],
    [
      'a tax scheme, guaranteed equipment, an alarm contract, a damage indemnified since the purchase',
      {
        fiscal_adv_q1_exists: 1,
        fiscal_adv_q4_equipment_warranty: 1,
        contract_lease_q4_alarm: 1,
        sinister_q1_exists_before: 1,
        sinister_q2_exists_after: 1,
      },
      [
        'technical_diagnostics',
        'property_title',
        'alarm_contract',
        'tax_benefit_commitment',
        'equipment_warranties',
        'disaster_compensation',
      ],
    ],
    [
      'owned by a company: its statutes and the partners’ decision to sell',
      { company_owned_q1_exists: 1 },
      ['technical_diagnostics', 'property_title', 'company_statutes', 'sale_authorization_minutes'],
    ],
    [
      'price block: the accepted offer and the agency mandate',
      { price_q0f_offer: 1, price_q0g_mandate: 1 },
      ['accepted_offer', 'agency_mandate', 'technical_diagnostics', 'property_title'],
    ],
  ] as Array<[string, Answers, string[]]>)('%s', ([, answers, expected]) => {
    expect(documentIds(answers)).toEqual(expected);
  });

  it('asks for no piece of a hidden question (the ASL pieces go when the lotissement is answered no)', () => {
    expect(documentIds({ ...LOT_WITH_ASSOCIATION, copro_q2_lotissement: 0 })).not.toContain('asl_statutes');
  });
});
