import { describe, expect, it } from 'vitest';
import { checkDefinition } from '../engine/check-definition';
import { clean, resetQuestion } from '../engine/clean';
import { findField, listFields, listQuestions } from '../engine/definition-index';
import type { Answers } from '../engine/kinds';
import { progress } from '../engine/progress';
import { fullyAnsweredSample } from '../engine/sample';
import { requiredSupportingDocuments } from '../engine/supporting-documents';
import { visibleFieldNames } from '../engine/visibility';
import { saleHouseDefinition as house } from './sale-house';
import { testClearingRules, testDisplayRules, type ClearingRule, type DisplayRule } from './spec-rule-tables';

const names = () => listFields(house).map((field) => field.name);
const fieldsOfType = (type: string) =>
  listFields(house)
    .filter((field) => field.kind.type === type)
    .map((field) => field.name);
const documentIds = (answers: Answers) => requiredSupportingDocuments(house, answers).map((document) => document.id);

const PRICE = [
  'price_q0_amount',
  'price_q0b_commission',
  'price_q0e_commission_owner',
  'price_q0f_offer',
  'price_q0g_mandate',
  'price_q0c_conditions',
  'price_q0d_conditions_infos',
];
const MOTIVATION = ['sale_motivation', 'sale_motivation_family_reason', 'sale_motivation_other_reason', 'sale_misc_info'];
/** Spec 001, section 3 "documentSaleHouse", in the spec's order, without its two "{hash}" names. */
const SPEC_HOUSE_FIELDS = [
  'situation_q1_lot',
  'situation_q1_asso',
  'situation_q1_president_first_name',
  'situation_q1_president_last_name',
  'situation_q1_president_email',
  'situation_q1_president_phone',
  'situation_q2_copro',
  'situation_q2_syndic_name',
  'situation_q2_syndic_address',
  'situation_q3_landmark',
  'situation_q4_owner',
  'pollution_q1_activities',
  'pollution_q2_before',
  'pollution_q3_neighbour',
  'pollution_q4_quarry',
  'easement_q1_exists',
  'easement_q2_wall',
  'easement_q2_incharge',
  'sanitation_q1_tal',
  'sanitation_q1_simple',
  'sanitation_street_exists',
  'sanitation_q1_last_drain',
  'sanitation_q1_public_connection',
  'sanitation_q1_paid_tax',
  'sanitation_q1_condition',
  'sanitation_q2_formal_notice',
  'sanitation_q3_distinct_plug',
  'situation_q1_construction',
  'situation_q1_warranty',
  'situation_q3_paid_taxes',
  'situation_q4_specific_conditions',
  'works_after_q1_exists',
  'declaration_q1',
  'equipments_q1_warranty',
  'lease_q1_free_when_sold',
  'lease_q2_previously_rented',
  'display_q1_contract',
  'alarm_q1_contract',
  'other_contracts_q1_exists',
  'other_contracts_q2_equipments',
  'legal_q1_exists',
  'fiscal_adv_q1_exists',
  'fiscal_adv_info',
  'heat_tank_q1_exists',
  'heat_tank_q1_city_gaz',
  'heat_tank_q1_gaz_tank',
  'heat_tank_q1_gaz_owner',
  'heat_tank_q1_gaz_renter',
  'heat_tank_q1_company',
  'rain_collect_q1_equipment',
  'rain_collect_q2_tank',
  'rain_collect_q3_distribution',
  'rain_collect_q3_signal',
  'rain_collect_q3_pad',
  'foreclosure_q1_exists',
  'foreclosure_q2_loan',
  'foreclosure_q3_relay',
  'added_value_q1_main_residence',
  'added_value_q1a_main_since',
  'added_value_q1b_reuse_price',
  'added_value_q1b_retired',
  'added_value_q1b_works',
  'added_value_q1b_paid_mutation_rights',
  'sinister_q1_before',
  'sinister_q2_after',
  'indexed_installations_q1_exists',
  'indexed_installations_q1_owner',
  'vat_q1_recovery',
  'vat_q2_regime',
  'loan_q1_deficit',
  'company_owned_q1_exists',
  'company_owned_q2_tax_2',
];
/** Our names for the spec's two "{hash}" of the building list (decisions-sale-house.md). */
const OUR_NAMES = ['situation_q1_under_10_years', 'situation_q1_under_5_years'];

describe('sale of house definition (documentSaleHouse)', () => {
  it('is sound, plain data (no function), and frozen', () => {
    expect(checkDefinition(house)).toEqual([]);
    expect(JSON.parse(JSON.stringify(house))).toEqual(house);
    expect(Object.isFrozen(house)).toBe(true);
    expect(Object.isFrozen(house.steps[5]?.sections[0]?.questions[1]?.fields[1])).toBe(true);
    expect(house.docType).toBe('document_sale_houses');
    expect(house.title).toBe("Vente d'une maison");
    expect(house.purpose).toMatch(/notaire/);
  });

  it('holds every field of spec section 3 with the price and motivation blocks, plus only our two names for the hidden ones', () => {
    expect(names().sort()).toEqual([...PRICE, ...SPEC_HOUSE_FIELDS, ...MOTIVATION, ...OUR_NAMES].sort());
    expect(names()).toHaveLength(85);
    // The two hidden names sit where the spec lists them: around the warranty question.
    const building = names().filter(
      (name) =>
        name.startsWith('situation_q1_') && !name.includes('president') && !['situation_q1_lot', 'situation_q1_asso'].includes(name),
    );
    expect(building).toEqual([
      'situation_q1_construction',
      'situation_q1_under_10_years',
      'situation_q1_warranty',
      'situation_q1_under_5_years',
    ]);
  });

  it('has the 19 steps of spec section 2, with the subsections of steps 5 and 6', () => {
    expect(house.steps.map((step) => [step.index, step.title])).toEqual([
      [0, 'Prix et commission'],
      [1, 'Situation du terrain'],
      [2, 'État du sous-sol - Pollution'],
      [3, 'Servitudes'],
      [4, 'Assainissement'],
      [5, 'Situation du bâtiment'],
      [6, 'Contrats existants sur le bien'],
      [7, 'Avantage fiscal'],
      [8, 'Chauffage'],
      [9, 'Récupération des eaux de pluie'],
      [10, 'Prêts - Hypotèques'],
      [11, 'Plus-values'],
      [12, 'Sinistre indemnisé'],
      [13, 'Installations classées'],
      [14, 'TVA'],
      [15, 'Déficit foncier'],
      [16, 'Bien détenu par une société civile'],
      [17, 'Motivation de la cession'],
      [18, 'Observations ou particularités'],
    ]);
    const sectionTitles = (index: number) => house.steps.find((step) => step.index === index)?.sections.map((section) => section.title);
    expect(sectionTitles(5)).toEqual(['Construction', 'Travaux postérieurs', 'Impôts locaux déclaration H', "Éléments d'équipements"]);
    expect(sectionTitles(6)).toEqual(['Bail', 'Affichage', 'Alarme', 'Autres contrats', 'Procédures']);
    const fieldsOfSection = (stepIndex: number, title: string) =>
      house.steps[stepIndex]?.sections
        .find((section) => section.title === title)
        ?.questions.flatMap((q) => q.fields.map((field) => field.name));
    expect(fieldsOfSection(5, 'Travaux postérieurs')).toEqual(['works_after_q1_exists']);
    expect(fieldsOfSection(5, 'Impôts locaux déclaration H')).toEqual(['declaration_q1']);
    expect(fieldsOfSection(5, "Éléments d'équipements")).toEqual(['equipments_q1_warranty']);
    expect(fieldsOfSection(6, 'Bail')).toEqual(['lease_q1_free_when_sold', 'lease_q2_previously_rented']);
    expect(fieldsOfSection(6, 'Procédures')).toEqual(['legal_q1_exists']);
  });

  it('gives each field its kind: texts where the spec says so, two dates, choices with the section 9 codes, yes/no otherwise', () => {
    expect(fieldsOfType('date').sort()).toEqual(['added_value_q1a_main_since', 'sanitation_q1_last_drain']);
    expect(fieldsOfType('textarea').sort()).toEqual(['fiscal_adv_info', 'price_q0d_conditions_infos', 'sale_misc_info']);
    expect(fieldsOfType('text').sort()).toEqual(
      [
        'price_q0_amount',
        'price_q0b_commission',
        'situation_q1_president_first_name',
        'situation_q1_president_last_name',
        'situation_q1_president_email',
        'situation_q1_president_phone',
        'situation_q2_syndic_name',
        'situation_q2_syndic_address',
        'easement_q2_incharge',
        'heat_tank_q1_company',
        'sale_motivation_other_reason',
      ].sort(),
    );
    const choices = Object.fromEntries(
      listFields(house).flatMap((field) =>
        field.kind.type === 'choice' ? [[field.name, field.kind.options.map((o) => [o.code, o.label])]] : [],
      ),
    );
    expect(choices).toEqual({
      price_q0e_commission_owner: [
        [1, 'Du vendeur'],
        [0, "De l'acquéreur"],
      ],
      sale_motivation: [
        [1, 'Mobilité professionnelle'],
        [2, 'Évènement familial'],
        [3, "Transfert d'épargne"],
        [4, 'Autre cause'],
      ],
      sale_motivation_family_reason: [
        [1, 'Mariage / Pacs / Divorce'],
        [0, 'Naissance / Décès'],
      ],
    });
    const others = new Set([...fieldsOfType('date'), ...fieldsOfType('textarea'), ...fieldsOfType('text'), ...Object.keys(choices)]);
    expect(fieldsOfType('yesNo')).toEqual(names().filter((name) => !others.has(name)));
    expect(fieldsOfType('yesNo')).toHaveLength(85 - others.size);
    expect(findField(house, 'situation_q1_president_email')?.kind).toEqual({ type: 'text', maxLength: 255, format: 'email' });
    expect(findField(house, 'situation_q2_syndic_address')?.kind).toEqual({ type: 'text', maxLength: 255 });
    expect(findField(house, 'sale_motivation_other_reason')?.kind).toEqual({ type: 'text', maxLength: 255 });
    expect(findField(house, 'price_q0_amount')?.kind).toEqual({ type: 'text', maxLength: 50, format: 'amount' });
  });

  it('keeps yes/no as 1 and 0 and the typed dates as text', () => {
    expect(
      clean(house, { sanitation_q1_tal: 'no', sanitation_q1_simple: true, sanitation_q1_last_drain: ' 03/2024 ', situation_q1_lot: '1' }),
    ).toEqual({
      sanitation_q1_tal: 0,
      sanitation_q1_simple: 1,
      sanitation_q1_last_drain: ' 03/2024 ',
      situation_q1_lot: 1,
    });
  });

  it('has French wording on every question', () => {
    for (const question of listQuestions(house)) expect(question.label, question.id).toMatch(/^[A-ZÀÂÉÈÊÎÔÛÇ].*\?$/u);
  });

  it('is 100 % complete when fully answered and 0 % when empty', () => {
    const sample = fullyAnsweredSample(house);
    expect(progress(house, sample)).toBe(100);
    expect(progress(house, {})).toBe(0);
    // The sample walks the deepest branches: the whole chains show.
    for (const name of [
      'situation_q1_president_phone',
      'sanitation_q1_condition',
      'situation_q1_under_5_years',
      'heat_tank_q1_company',
      'rain_collect_q3_pad',
    ]) {
      expect(sample, name).toHaveProperty(name);
    }
  });

  it('counts progress over the visible questions only', () => {
    const visibleQuestions = (answers: Answers) => {
      const visible = visibleFieldNames(house, answers);
      return listQuestions(house).filter((q) => q.fields.some((field) => visible.has(field.name))).length;
    };
    expect(visibleQuestions({ situation_q1_lot: 1 })).toBe(visibleQuestions({}) + 1);
    expect(visibleQuestions({ situation_q1_lot: 0 })).toBe(visibleQuestions({}));
    expect(visibleQuestions({ sanitation_q1_tal: 0, sanitation_q1_simple: 0 })).toBe(visibleQuestions({}) + 1);
    expect(visibleQuestions({ sanitation_q1_tal: 1, sanitation_q1_simple: 0 })).toBe(visibleQuestions({}));
    // Leaving the lotissement hides the association question: what remains is still complete.
    expect(progress(house, { ...fullyAnsweredSample(house), situation_q1_lot: 0 })).toBe(100);
  });
});

// Spec 001, section 4 "Sale of house": one row per display rule.
const PRESIDENT = [
  'situation_q1_president_first_name',
  'situation_q1_president_last_name',
  'situation_q1_president_email',
  'situation_q1_president_phone',
];
const SYNDIC = ['situation_q2_syndic_name', 'situation_q2_syndic_address'];
const TAL_FIELDS = ['sanitation_q1_public_connection', 'sanitation_q1_paid_tax', 'sanitation_q1_condition'];
const Q1B = ['added_value_q1b_reuse_price', 'added_value_q1b_retired', 'added_value_q1b_works', 'added_value_q1b_paid_mutation_rights'];

const row = (rule: string, fields: string[], shownWith: Answers, hiddenWith: Answers[]): DisplayRule => ({
  rule,
  definition: house,
  fields,
  shownWith,
  hiddenWith,
});

const DISPLAY_RULES: DisplayRule[] = [
  row('association question when situation_q1_lot is yes', ['situation_q1_asso'], { situation_q1_lot: 1 }, [
    {},
    { situation_q1_lot: 0 },
    { situation_q1_asso: 1 },
  ]),
  row('president fields only when lot and association are both yes', PRESIDENT, { situation_q1_lot: 1, situation_q1_asso: 1 }, [
    {},
    { situation_q1_lot: 1 },
    { situation_q1_lot: 1, situation_q1_asso: 0 },
    { situation_q1_lot: 0, situation_q1_asso: 1 },
    { situation_q1_asso: 1 },
  ]),
  row('syndic fields when situation_q2_copro is yes', SYNDIC, { situation_q2_copro: 1 }, [{}, { situation_q2_copro: 0 }]),
  row('wall upkeep (easement_q2_incharge) when easement_q2_wall is yes', ['easement_q2_incharge'], { easement_q2_wall: 1 }, [
    {},
    { easement_q2_wall: 0 },
    { easement_q1_exists: 1 },
  ]),
  row(
    'sanitation street-exists when tal and simple are both no',
    ['sanitation_street_exists'],
    { sanitation_q1_tal: 0, sanitation_q1_simple: 0 },
    [
      {},
      { sanitation_q1_tal: 0 },
      { sanitation_q1_simple: 0 },
      { sanitation_q1_tal: 1, sanitation_q1_simple: 0 },
      { sanitation_q1_tal: 0, sanitation_q1_simple: 1 },
      { sanitation_q1_tal: 1, sanitation_q1_simple: 1 },
    ],
  ),
  row('last-drain date when simple is yes', ['sanitation_q1_last_drain'], { sanitation_q1_simple: 1 }, [{}, { sanitation_q1_simple: 0 }]),
  row('public connection, paid tax, condition when tal is yes', TAL_FIELDS, { sanitation_q1_tal: 1 }, [
    {},
    { sanitation_q1_tal: 0 },
    { sanitation_q1_simple: 1 },
  ]),
  row('warranty question when works finished under 10 years is yes', ['situation_q1_warranty'], { situation_q1_under_10_years: 1 }, [
    {},
    { situation_q1_under_10_years: 0 },
    { situation_q1_construction: 1 },
  ]),
  row('lease previously-rented when free-at-sale is yes', ['lease_q2_previously_rented'], { lease_q1_free_when_sold: 1 }, [
    {},
    { lease_q1_free_when_sold: 0 },
  ]),
  row('fiscal_adv_info when fiscal_adv_q1_exists is yes', ['fiscal_adv_info'], { fiscal_adv_q1_exists: 1 }, [
    {},
    { fiscal_adv_q1_exists: 0 },
  ]),
  row('gas owner and renter when gas tank is yes', ['heat_tank_q1_gaz_owner', 'heat_tank_q1_gaz_renter'], { heat_tank_q1_gaz_tank: 1 }, [
    {},
    { heat_tank_q1_gaz_tank: 0 },
    { heat_tank_q1_exists: 1, heat_tank_q1_city_gaz: 1 },
  ]),
  row('gas company when tank and renter are yes', ['heat_tank_q1_company'], { heat_tank_q1_gaz_tank: 1, heat_tank_q1_gaz_renter: 1 }, [
    {},
    { heat_tank_q1_gaz_tank: 1 },
    { heat_tank_q1_gaz_tank: 1, heat_tank_q1_gaz_renter: 0, heat_tank_q1_gaz_owner: 1 },
    { heat_tank_q1_gaz_tank: 0, heat_tank_q1_gaz_renter: 1 },
    { heat_tank_q1_gaz_renter: 1 },
  ]),
  row(
    'rain signal and pad when distribution is yes',
    ['rain_collect_q3_signal', 'rain_collect_q3_pad'],
    { rain_collect_q3_distribution: 1 },
    [{}, { rain_collect_q3_distribution: 0 }, { rain_collect_q1_equipment: 1, rain_collect_q2_tank: 1 }],
  ),
  row('main-since date when main residence is yes', ['added_value_q1a_main_since'], { added_value_q1_main_residence: 1 }, [
    {},
    { added_value_q1_main_residence: 0 },
  ]),
  row('reuse price, retired, works, mutation rights when main residence is no', Q1B, { added_value_q1_main_residence: 0 }, [
    {},
    { added_value_q1_main_residence: 1 },
  ]),
  row(
    'installation operator when classified installation is yes',
    ['indexed_installations_q1_owner'],
    { indexed_installations_q1_exists: 1 },
    [{}, { indexed_installations_q1_exists: 0 }],
  ),
  row('company tax when company-owned is yes', ['company_owned_q2_tax_2'], { company_owned_q1_exists: 1 }, [
    {},
    { company_owned_q1_exists: 0 },
  ]),
  row('conditions info when price conditions is yes (price block)', ['price_q0d_conditions_infos'], { price_q0c_conditions: 1 }, [
    {},
    { price_q0c_conditions: 0 },
  ]),
  row('family reason when sale_motivation is 2 (motivation block)', ['sale_motivation_family_reason'], { sale_motivation: 2 }, [
    {},
    { sale_motivation: 1 },
    { sale_motivation: 3 },
    { sale_motivation: 4 },
  ]),
  row('other reason when sale_motivation is 4 (motivation block)', ['sale_motivation_other_reason'], { sale_motivation: 4 }, [
    {},
    { sale_motivation: 1 },
    { sale_motivation: 2 },
    { sale_motivation: 3 },
  ]),
  // Ours (decisions-sale-house.md): under 5 years only makes sense under 10 years.
  row(
    'under-5-years question when works finished under 10 years is yes (ours)',
    ['situation_q1_under_5_years'],
    { situation_q1_under_10_years: 1 },
    [{}, { situation_q1_under_10_years: 0 }],
  ),
  // Always shown: the parents themselves and the questions the spec gives no rule for.
  row(
    'parents and unconditioned questions always show',
    [
      'situation_q1_lot',
      'situation_q2_copro',
      'easement_q2_wall',
      'sanitation_q1_tal',
      'sanitation_q1_simple',
      'situation_q1_construction',
      'situation_q1_under_10_years',
      'lease_q1_free_when_sold',
      'heat_tank_q1_gaz_tank',
      'rain_collect_q1_equipment',
      'rain_collect_q2_tank',
      'rain_collect_q3_distribution',
      'added_value_q1_main_residence',
      'sale_misc_info',
    ],
    {},
    [],
  ),
];

describe('display rules of spec 001, section 4, Sale of house', () => {
  testDisplayRules(DISPLAY_RULES);
});

// Consistent answer sets with the dependants filled in.
const LOT_WITH_PRESIDENT: Answers = {
  situation_q1_lot: 1,
  situation_q1_asso: 1,
  situation_q1_president_first_name: 'Jeanne',
  situation_q1_president_last_name: 'Roux',
  situation_q1_president_email: 'jeanne.roux@example.fr',
  situation_q1_president_phone: '06 11 22 33 44',
  situation_q2_copro: 0,
};
const CONNECTED: Answers = {
  sanitation_q1_tal: 1,
  sanitation_q1_public_connection: 1,
  sanitation_q1_paid_tax: 1,
  sanitation_q1_condition: 0,
  sanitation_q1_simple: 0,
  sanitation_q2_formal_notice: 0,
};
const RENTED_GAS_TANK: Answers = {
  heat_tank_q1_exists: 0,
  heat_tank_q1_gaz_tank: 1,
  heat_tank_q1_gaz_owner: 0,
  heat_tank_q1_gaz_renter: 1,
  heat_tank_q1_company: 'Antargaz',
};

const change = (rule: string, before: Answers, changed: Answers, cleared: string[]): ClearingRule => ({
  rule,
  definition: house,
  before,
  change: changed,
  cleared,
});

const CLEARING_RULES: ClearingRule[] = [
  change('changing situation_q1_lot clears the association and, cascading, the president', LOT_WITH_PRESIDENT, { situation_q1_lot: 0 }, [
    'situation_q1_asso',
    ...PRESIDENT,
  ]),
  change('changing situation_q1_asso clears the president fields', LOT_WITH_PRESIDENT, { situation_q1_asso: 0 }, PRESIDENT),
  change(
    'changing situation_q2_copro clears the syndic fields',
    {
      situation_q2_copro: 1,
      situation_q2_syndic_name: 'Foncia Lyon',
      situation_q2_syndic_address: '3 rue de la République, 69002 Lyon',
      situation_q3_landmark: 1,
    },
    { situation_q2_copro: 0 },
    SYNDIC,
  ),
  change(
    'changing easement_q2_wall clears who upkeeps the wall',
    { easement_q1_exists: 1, easement_q2_wall: 1, easement_q2_incharge: 'Le voisin, à frais partagés' },
    { easement_q2_wall: 0 },
    ['easement_q2_incharge'],
  ),
  change('changing sanitation_q1_tal clears connection, tax and condition', CONNECTED, { sanitation_q1_tal: 0 }, TAL_FIELDS),
  change(
    'changing sanitation_q1_simple clears the last-drain date',
    { sanitation_q1_tal: 0, sanitation_q1_simple: 1, sanitation_q1_last_drain: '12/05/2023' },
    { sanitation_q1_simple: 0 },
    ['sanitation_q1_last_drain'],
  ),
  change(
    'answering tal yes clears street-exists (shown only when tal and simple are both no)',
    { sanitation_q1_tal: 0, sanitation_q1_simple: 0, sanitation_street_exists: 1 },
    { sanitation_q1_tal: 1 },
    ['sanitation_street_exists'],
  ),
  change(
    'answering simple yes clears street-exists',
    { sanitation_q1_tal: 0, sanitation_q1_simple: 0, sanitation_street_exists: 0 },
    { sanitation_q1_simple: 1 },
    ['sanitation_street_exists'],
  ),
  change(
    'changing works finished under 10 years clears the warranty (and our under-5-years question)',
    {
      situation_q1_construction: 1,
      situation_q1_under_10_years: 1,
      situation_q1_warranty: 1,
      situation_q1_under_5_years: 0,
      declaration_q1: 1,
    },
    { situation_q1_under_10_years: 0 },
    ['situation_q1_warranty', 'situation_q1_under_5_years'],
  ),
  change(
    'changing lease_q1_free_when_sold clears previously rented',
    { lease_q1_free_when_sold: 1, lease_q2_previously_rented: 1, alarm_q1_contract: 0 },
    { lease_q1_free_when_sold: 0 },
    ['lease_q2_previously_rented'],
  ),
  change(
    'changing fiscal_adv_q1_exists clears fiscal_adv_info',
    { fiscal_adv_q1_exists: 1, fiscal_adv_info: 'Dispositif Pinel depuis 2019, engagement de 9 ans.' },
    { fiscal_adv_q1_exists: 0 },
    ['fiscal_adv_info'],
  ),
  change('changing the gas tank clears owner, renter and, cascading, the company', RENTED_GAS_TANK, { heat_tank_q1_gaz_tank: 0 }, [
    'heat_tank_q1_gaz_owner',
    'heat_tank_q1_gaz_renter',
    'heat_tank_q1_company',
  ]),
  change('changing the gas renter clears the company', RENTED_GAS_TANK, { heat_tank_q1_gaz_renter: 0 }, ['heat_tank_q1_company']),
  change(
    'changing rain distribution clears signal and pad',
    {
      rain_collect_q1_equipment: 1,
      rain_collect_q2_tank: 1,
      rain_collect_q3_distribution: 1,
      rain_collect_q3_signal: 1,
      rain_collect_q3_pad: 0,
    },
    { rain_collect_q3_distribution: 0 },
    ['rain_collect_q3_signal', 'rain_collect_q3_pad'],
  ),
  change(
    'main residence yes to no clears the since date',
    { added_value_q1_main_residence: 1, added_value_q1a_main_since: '01/09/2012' },
    { added_value_q1_main_residence: 0 },
    ['added_value_q1a_main_since'],
  ),
  change(
    'main residence no to yes clears reuse price, retired, works, mutation rights',
    {
      added_value_q1_main_residence: 0,
      added_value_q1b_reuse_price: 1,
      added_value_q1b_retired: 0,
      added_value_q1b_works: 1,
      added_value_q1b_paid_mutation_rights: 0,
    },
    { added_value_q1_main_residence: 1 },
    Q1B,
  ),
  change(
    'changing indexed_installations_q1_exists clears the operator',
    { indexed_installations_q1_exists: 1, indexed_installations_q1_owner: 1 },
    { indexed_installations_q1_exists: 0 },
    ['indexed_installations_q1_owner'],
  ),
  change(
    'changing company_owned_q1_exists clears company_owned_q2_tax_2',
    { company_owned_q1_exists: 1, company_owned_q2_tax_2: 0, loan_q1_deficit: 0 },
    { company_owned_q1_exists: 0 },
    ['company_owned_q2_tax_2'],
  ),
  change(
    'changing price_q0c_conditions clears the conditions info (price block)',
    { price_q0_amount: '320000', price_q0c_conditions: 1, price_q0d_conditions_infos: 'Sous réserve de la vente de notre appartement.' },
    { price_q0c_conditions: 0 },
    ['price_q0d_conditions_infos'],
  ),
  change(
    'changing sale_motivation from 2 clears the family reason (motivation block)',
    { sale_motivation: 2, sale_motivation_family_reason: 0, sale_misc_info: 'Rien à signaler.' },
    { sale_motivation: 4 },
    ['sale_motivation_family_reason'],
  ),
  change(
    'changing sale_motivation from 4 clears the other reason (motivation block)',
    { sale_motivation: 4, sale_motivation_other_reason: 'Départ à l’étranger' },
    { sale_motivation: 1 },
    ['sale_motivation_other_reason'],
  ),
];

describe('clearing rules of spec 001, section 4, Sale of house', () => {
  testClearingRules(CLEARING_RULES);
});

describe('the reset icon of a question clears its fields and their dependants', () => {
  it('resetting the lotissement question clears the association and its president too', () => {
    expect(resetQuestion(house, { ...LOT_WITH_PRESIDENT, pollution_q1_activities: 0 }, 'situation_q1_lot')).toEqual({
      situation_q2_copro: 0,
      pollution_q1_activities: 0,
    });
  });

  it('resetting the tout-à-l’égout question clears its three follow-ups, and keeps the other sanitation answers', () => {
    expect(resetQuestion(house, CONNECTED, 'sanitation_q1_tal')).toEqual({ sanitation_q1_simple: 0, sanitation_q2_formal_notice: 0 });
  });

  it('changing a parent back does not bring the cleared answers back', () => {
    const afterNo = clean(house, { ...RENTED_GAS_TANK, heat_tank_q1_gaz_tank: 0 });
    expect(clean(house, { ...afterNo, heat_tank_q1_gaz_tank: 1 })).toEqual({ heat_tank_q1_exists: 0, heat_tank_q1_gaz_tank: 1 });
  });
});

describe('supporting documents of spec 001, section 5, asked for by the answers', () => {
  it.for([
    ['nothing answered: nothing more', {}, []],
    [
      'an individual sanitation: the inspection report under 3 years',
      { sanitation_q1_tal: 0, sanitation_q1_simple: 1 },
      ['sewage_inspection_report'],
    ],
    [
      'connected and inspected: the connection certificate',
      { sanitation_q1_tal: 1, sanitation_q1_public_connection: 1 },
      ['sewage_connection_certificate'],
    ],
    [
      'works under 10 years: decennial insurance, building permit and completion; under 5 years: the invoices',
      { situation_q1_under_10_years: 1, situation_q1_under_5_years: 1 },
      ['works_insurance_certificate', 'building_permit_and_completion', 'works_invoices'],
    ],
    ['works over 10 years: no insurance certificate', { situation_q1_under_10_years: 0 }, []],
    ['adjoining land owned within the last ten years: its titles', { situation_q4_owner: 1 }, ['adjoining_land_titles']],
    [
      'a lotissement with an ASL: statutes, latest charges call, minutes of the last 3 general assemblies',
      { situation_q1_lot: 1, situation_q1_asso: 1 },
      ['asl_statutes', 'asl_charges_call', 'asl_general_assembly_minutes'],
    ],
    ['an ASL answered without a lotissement: nothing (the question is hidden)', { situation_q1_lot: 0, situation_q1_asso: 1 }, []],
    ['a co-ownership: the minutes of its last three meetings', { situation_q2_copro: 1 }, ['copro_general_assembly_minutes']],
    ['rented at sale: the lease', { lease_q1_free_when_sold: 0 }, ['lease_contract']],
    [
      'free but rented before: the notice given to the tenant',
      { lease_q1_free_when_sold: 1, lease_q2_previously_rented: 1 },
      ['lease_termination_notice'],
    ],
    [
      'a loan still running and a relay loan: the schedules and the relay offer',
      { foreclosure_q2_loan: 1, foreclosure_q3_relay: 1 },
      ['loan_schedules', 'relay_loan_offer'],
    ],
    ['a tax advantage: the rental commitment', { fiscal_adv_q1_exists: 1 }, ['tax_benefit_commitment']],
    ['a rented gas tank: its contract', { heat_tank_q1_gaz_tank: 1, heat_tank_q1_gaz_renter: 1 }, ['gas_tank_contract']],
    [
      'works while not the main residence: the invoices',
      { added_value_q1_main_residence: 0, added_value_q1b_works: 1 },
      ['works_invoices'],
    ],
    [
      'held by a company: statutes and the partners’ authorisation',
      { company_owned_q1_exists: 1 },
      ['company_statutes', 'sale_authorization_minutes'],
    ],
    ['an accepted offer and a mandate (price block)', { price_q0f_offer: 1, price_q0g_mandate: 1 }, ['accepted_offer', 'agency_mandate']],
  ] as Array<[string, Answers, string[]]>)('%s', ([, answers, expected]) => {
    // The title deed is always asked for (below); the order is checked further down.
    expect(documentIds(answers).sort()).toEqual([...expected, 'property_title'].sort());
  });

  it('always asks for the title deed (the capital gain starts from the acquisition)', () => {
    expect(documentIds({})).toEqual(['property_title']);
  });

  it('asks for each document once, in questionnaire order, when everything is answered', () => {
    const ids = documentIds(fullyAnsweredSample(house));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('sewage_inspection_report');
    expect(ids).toContain('works_insurance_certificate');
    expect(ids.indexOf('asl_statutes')).toBeLessThan(ids.indexOf('sewage_inspection_report'));
    expect(ids.indexOf('sewage_inspection_report')).toBeLessThan(ids.indexOf('works_insurance_certificate'));
    expect(ids.indexOf('works_insurance_certificate')).toBeLessThan(ids.indexOf('property_title'));
  });

  it('mentions the 3-year limit of the sewage inspection report and the three general assemblies', () => {
    const labels = Object.fromEntries(
      requiredSupportingDocuments(house, { situation_q1_lot: 1, situation_q1_asso: 1, situation_q2_copro: 1, sanitation_q1_simple: 1 }).map(
        (d) => [d.id, d.label],
      ),
    );
    expect(labels.sewage_inspection_report).toMatch(/moins de 3 ans/);
    expect(labels.asl_general_assembly_minutes).toMatch(/trois dernières assemblées générales/);
    expect(labels.copro_general_assembly_minutes).toMatch(/trois dernières assemblées générales/);
  });
});
