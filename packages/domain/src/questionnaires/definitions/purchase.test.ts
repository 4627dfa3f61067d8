import { describe, expect, it } from 'vitest';
import { checkDefinition } from '../engine/check-definition';
import { clean } from '../engine/clean';
import { evaluateCondition } from '../engine/conditions';
import { findField, listFields, listQuestions } from '../engine/definition-index';
import type { Answers } from '../engine/kinds';
import { progress } from '../engine/progress';
import { fullyAnsweredSample } from '../engine/sample';
import { requiredSupportingDocuments } from '../engine/supporting-documents';
import { purchaseDefinition } from './purchase';
import { testClearingRules, testDisplayRules, type ClearingRule, type DisplayRule } from './spec-rule-tables';

// Spec 001, documentBuyer: sections 2 (steps), 3 (fields), 4 (display and
// clearing rules), 5 (supporting documents) and 9 (codes).

const definition = purchaseDefinition;
const names = () => listFields(definition).map((field) => field.name);
const fieldsOfType = (type: string) =>
  listFields(definition)
    .filter((field) => field.kind.type === type)
    .map((field) => field.name);
const choices = (name: string) => {
  const kind = findField(definition, name)?.kind;
  return kind?.type === 'choice' ? kind.options.map((option) => [option.code, option.label]) : [];
};
const documentIds = (answers: Answers) => requiredSupportingDocuments(definition, answers).map((document) => document.id);
/** The notes of the company question shown for these answers, as the screen filters them. */
const companyNotes = (answers: Answers) => {
  const company = listQuestions(definition).find((question) => question.id === 'juri_q3_company');
  const cleaned = clean(definition, answers);
  return (company?.notes ?? []).filter((note) => evaluateCondition(note.visibleWhen, cleaned)).map((note) => note.text);
};

const PRICE_FIELDS = [
  'price_q0_amount',
  'price_q0b_commission',
  'price_q0e_commission_owner',
  'price_q0f_offer',
  'price_q0g_mandate',
  'price_q0c_conditions',
  'price_q0d_conditions_infos',
];
const SUBSTITUTE = [
  'juri_q2_substitute_first_name',
  'juri_q2_substitute_last_name',
  'juri_q2_substitute_email',
  'juri_q2_substitute_phone',
  'juri_q2_substitute_address',
  'juri_q2_substitute_postal_code',
  'juri_q2_substitute_city',
];
const COMPANY_DETAILS = ['juri_q4_company_exists', 'juri_q4_company_ir', 'juri_q4_company_is'];
const LOAN_1_DETAILS = ['finance_q1_p1_bank', 'finance_q1_p1_beneficiary', 'finance_q1_p1_amount'];
const LOAN_2_DETAILS = ['finance_q1_p2_bank', 'finance_q1_p2_beneficiary', 'finance_q1_p2_amount'];
const SHARES = ['finance_q3_p1_share', 'finance_q3_p2_share'];
const ACTIVITY_AND_CLIENTS = ['projects_q1_activity', 'projects_q2_clients'];
const REASON_DETAILS = ['motivation_q2_family_event', 'motivation_q2_other'];

/** The names the spec hides behind "{hash}" (buyer 1's first financing field), and its buyer-2 twin: ours. */
const OUR_NAMES = ['finance_q1_p1_loan', 'finance_q1_p2_loan'];

describe('purchase definition (documentBuyer)', () => {
  it('is sound, plain data (no function) and frozen', () => {
    expect(checkDefinition(definition)).toEqual([]);
    expect(JSON.parse(JSON.stringify(definition))).toEqual(definition);
    expect(Object.isFrozen(definition.steps[1]?.sections[0]?.questions[0]?.fields[0])).toBe(true);
    for (const question of listQuestions(definition)) expect(question.label).toMatch(/\S/);
  });

  it('is titled "Acquisition" and saved as document_buyers', () => {
    expect(definition.docType).toBe('document_buyers');
    expect(definition.title).toBe('Acquisition');
    expect(definition.purpose).toMatch(/notaire/);
  });

  it('holds the price block and every field of spec section 3, plus only our names for the hidden ones', () => {
    expect(names()).toEqual([
      ...PRICE_FIELDS,
      'juri_q1_name',
      ...SUBSTITUTE,
      'juri_q3_company',
      ...COMPANY_DETAILS,
      'juri_q5_resale',
      'finance_q1_p1_loan',
      ...LOAN_1_DETAILS,
      'finance_q1_p2_loan',
      ...LOAN_2_DETAILS,
      'finance_q1b_relay',
      'finance_q2_pro_org',
      'finance_q2_pro_beneficiary',
      'finance_q2_pro_amount',
      'finance_q3_funds',
      ...SHARES,
      'projects_q1_modifications',
      ...ACTIVITY_AND_CLIENTS,
      'projects_q3_works',
      'projects_q3_works_desc',
      'fiscal_adv_q1_exists',
      'fiscal_adv_q1_info',
      'vat_q1_exists_before',
      'vat_q1_exists_after',
      'motivation_q1_dest',
      'motivation_q2_reason',
      ...REASON_DETAILS,
      'misc_info',
    ]);
    expect(names().filter((name) => OUR_NAMES.includes(name))).toEqual(OUR_NAMES);
  });

  it('has the eight steps of spec section 2', () => {
    expect(definition.steps.map((step) => [step.index, step.title])).toEqual([
      [0, 'Prix et commission'],
      [1, 'Modalités juridiques'],
      [2, 'Financement'],
      [3, 'Vos projets'],
      [4, 'Avantage fiscal'],
      [5, 'TVA'],
      [6, "Destination / Motivation de l'achat"],
      [7, 'Observations ou particularités'],
    ]);
  });

  it('gives each field its kind: yes/no, amounts and percentages, text areas', () => {
    expect(fieldsOfType('yesNo')).toEqual([
      'price_q0f_offer',
      'price_q0g_mandate',
      'price_q0c_conditions',
      'juri_q1_name',
      'juri_q3_company',
      'juri_q4_company_ir',
      'juri_q4_company_is',
      'juri_q5_resale',
      'finance_q1_p1_loan',
      'finance_q1_p2_loan',
      'finance_q1b_relay',
      'finance_q3_funds',
      'projects_q1_modifications',
      'projects_q2_clients',
      'projects_q3_works',
      'fiscal_adv_q1_exists',
      'vat_q1_exists_before',
      'vat_q1_exists_after',
    ]);
    expect(fieldsOfType('date')).toEqual([]);
    expect(fieldsOfType('textarea')).toEqual(['price_q0d_conditions_infos', 'projects_q3_works_desc', 'fiscal_adv_q1_info', 'misc_info']);
    const formats = Object.fromEntries(
      listFields(definition).flatMap((field) => (field.kind.type === 'text' && field.kind.format ? [[field.name, field.kind.format]] : [])),
    );
    expect(formats).toEqual({
      price_q0_amount: 'amount',
      price_q0b_commission: 'amount',
      juri_q2_substitute_email: 'email',
      juri_q2_substitute_phone: 'phone',
      juri_q2_substitute_postal_code: 'postalCode',
      finance_q1_p1_amount: 'amount',
      finance_q1_p2_amount: 'amount',
      finance_q2_pro_amount: 'amount',
      finance_q3_p1_share: 'percent',
      finance_q3_p2_share: 'percent',
    });
  });

  it('offers the codes of spec sections 3 and 9, with French labels', () => {
    expect(choices('price_q0e_commission_owner')).toEqual([
      [1, 'Du vendeur'],
      [0, "De l'acquéreur"],
    ]);
    expect(choices('juri_q4_company_exists')).toEqual([
      [1, 'Une société existante'],
      [0, 'Une société à créer'],
    ]);
    expect(choices('motivation_q1_dest').map(([code]) => code)).toEqual(['private', 'pro', 'mix']);
    expect(choices('motivation_q2_reason')).toEqual([
      ['pro_move', 'Mobilité professionnelle'],
      ['family_event', 'Évènement familial'],
      ['transfer', "Transfert d'épargne"],
      ['other', 'Autre cause'],
    ]);
    expect(choices('motivation_q2_family_event')).toEqual([
      ['mariage', 'Mariage / Pacs / Divorce'],
      ['birth', 'Naissance / Décès'],
    ]);
    expect(
      clean(definition, {
        motivation_q1_dest: 'mix',
        motivation_q2_reason: 'family_event',
        motivation_q2_family_event: 'birth',
        juri_q3_company: '1',
        juri_q4_company_exists: '0',
      }),
    ).toEqual({
      motivation_q1_dest: 'mix',
      motivation_q2_reason: 'family_event',
      motivation_q2_family_event: 'birth',
      juri_q3_company: 1,
      juri_q4_company_exists: 0,
    });
    expect(clean(definition, { motivation_q1_dest: 'holiday', motivation_q2_reason: 3 })).toEqual({});
  });

  it("labels the substitute's first name 'Prénom…' and last name 'Nom…', by what they hold (our decision)", () => {
    expect(findField(definition, 'juri_q2_substitute_first_name')?.label).toMatch(/^Prénom/);
    expect(findField(definition, 'juri_q2_substitute_last_name')?.label).toMatch(/^Nom/);
  });

  it.for([
    [
      'an existing company: the request for its statutes and K-bis',
      { juri_q3_company: 1, juri_q4_company_exists: 1 },
      /statuts à jour et un extrait K-bis de moins de 3 mois/,
    ],
    [
      'a company to be created: the offer of help from the office',
      { juri_q3_company: 1, juri_q4_company_exists: 0 },
      /L'office peut vous accompagner dans la création de la société/,
    ],
  ] as Array<[string, Answers, RegExp]>)('shows in the company question %s', ([, answers, text]) => {
    expect(companyNotes(answers)).toEqual([expect.stringMatching(text)]);
  });

  it('shows no company note before the company is said to exist or not, nor once the company answer is no', () => {
    expect(companyNotes({})).toEqual([]);
    expect(companyNotes({ juri_q3_company: 1 })).toEqual([]);
    expect(companyNotes({ juri_q3_company: 0, juri_q4_company_exists: 1 })).toEqual([]);
  });

  it.for([
    ['nothing answered: nothing', {}, []],
    [
      'an existing company: its statutes and a K-bis under 3 months',
      { juri_q3_company: 1, juri_q4_company_exists: 1 },
      ['buying_company_statutes', 'buying_company_kbis'],
    ],
    ['a company to be created: nothing yet', { juri_q3_company: 1, juri_q4_company_exists: 0 }, []],
    ['a bank loan: the loan offer, once even when both buyers borrow', { finance_q1_p1_loan: 1, finance_q1_p2_loan: 1 }, ['loan_offer']],
    ['only buyer 2 borrows: the loan offer', { finance_q1_p1_loan: 0, finance_q1_p2_loan: 1 }, ['loan_offer']],
    ['personal funds: proof of their origin', { finance_q3_funds: 1 }, ['funds_origin_proof']],
    ['an accepted offer and a mandate: their copies', { price_q0f_offer: 1, price_q0g_mandate: 1 }, ['accepted_offer', 'agency_mandate']],
  ] as Array<[string, Answers, string[]]>)('asks for supporting documents: %s', ([, answers, expected]) => {
    expect(documentIds(answers)).toEqual(expected);
  });

  it('is 0 % done when empty and 100 % when fully answered', () => {
    expect(progress(definition, {})).toBe(0);
    expect(progress(definition, fullyAnsweredSample(definition))).toBe(100);
  });

  it('reaches 100 % for a buyer without an agency or an employer loan who leaves those questions empty', () => {
    const notApplicable = [
      'price_q0b_commission',
      'price_q0e_commission_owner',
      'finance_q2_pro_org',
      'finance_q2_pro_beneficiary',
      'finance_q2_pro_amount',
    ];
    const answers = Object.fromEntries(Object.entries(fullyAnsweredSample(definition)).filter(([name]) => !notApplicable.includes(name)));
    expect(progress(definition, answers)).toBe(100);
    // Answered, they count like any other question: one left empty among answered ones keeps the file below 100 %.
    const withoutPrice = Object.fromEntries(Object.entries(answers).filter(([name]) => name !== 'price_q0_amount'));
    expect(progress(definition, withoutPrice)).toBeLessThan(100);
    expect(progress(definition, { price_q0b_commission: '5000' })).toBeGreaterThan(progress(definition, {}));
  });
});

const DISPLAY_RULES: DisplayRule[] = [
  {
    rule: 'Purchase: juri_q1_name no shows the substitute person fields',
    definition,
    fields: SUBSTITUTE,
    shownWith: { juri_q1_name: 0 },
    hiddenWith: [{}, { juri_q1_name: 1 }],
  },
  {
    rule: 'Purchase: juri_q3_company yes shows exists, IR and IS',
    definition,
    fields: COMPANY_DETAILS,
    shownWith: { juri_q3_company: 1 },
    hiddenWith: [{}, { juri_q3_company: 0 }],
  },
  {
    rule: 'Purchase: finance_q3_funds yes shows the two shares',
    definition,
    fields: SHARES,
    shownWith: { finance_q3_funds: 1 },
    hiddenWith: [{}, { finance_q3_funds: 0 }],
  },
  {
    rule: 'Purchase: projects_q1_modifications yes shows activity and clients',
    definition,
    fields: ACTIVITY_AND_CLIENTS,
    shownWith: { projects_q1_modifications: 1 },
    hiddenWith: [{}, { projects_q1_modifications: 0 }],
  },
  {
    rule: 'Purchase: projects_q3_works yes shows the description',
    definition,
    fields: ['projects_q3_works_desc'],
    shownWith: { projects_q3_works: 1 },
    hiddenWith: [{}, { projects_q3_works: 0 }],
  },
  {
    rule: 'Purchase: fiscal_adv_q1_exists yes shows the info',
    definition,
    fields: ['fiscal_adv_q1_info'],
    shownWith: { fiscal_adv_q1_exists: 1 },
    hiddenWith: [{}, { fiscal_adv_q1_exists: 0 }],
  },
  {
    rule: 'Purchase: motivation_q2_reason family_event shows the family-event choice',
    definition,
    fields: ['motivation_q2_family_event'],
    shownWith: { motivation_q2_reason: 'family_event' },
    hiddenWith: [{}, { motivation_q2_reason: 'pro_move' }, { motivation_q2_reason: 'transfer' }, { motivation_q2_reason: 'other' }],
  },
  {
    rule: 'Purchase: motivation_q2_reason other shows free text',
    definition,
    fields: ['motivation_q2_other'],
    shownWith: { motivation_q2_reason: 'other' },
    hiddenWith: [{}, { motivation_q2_reason: 'pro_move' }, { motivation_q2_reason: 'family_event' }, { motivation_q2_reason: 'transfer' }],
  },
  {
    rule: 'Purchase: price_q0c yes shows q0d',
    definition,
    fields: ['price_q0d_conditions_infos'],
    shownWith: { price_q0c_conditions: 1 },
    hiddenWith: [{}, { price_q0c_conditions: 0 }],
  },
];

// Not in the spec, which gives the financing fields no display rule: a
// buyer's bank, borrower and amount show once that buyer says they borrow
// (decisions note).
const OUR_DISPLAY_RULES: DisplayRule[] = [
  {
    rule: 'Purchase: finance_q1_p1_loan yes shows buyer 1 bank, borrower and amount',
    definition,
    fields: LOAN_1_DETAILS,
    shownWith: { finance_q1_p1_loan: 1 },
    hiddenWith: [{}, { finance_q1_p1_loan: 0 }, { finance_q1_p2_loan: 1 }],
  },
  {
    rule: 'Purchase: finance_q1_p2_loan yes shows buyer 2 bank, borrower and amount',
    definition,
    fields: LOAN_2_DETAILS,
    shownWith: { finance_q1_p2_loan: 1 },
    hiddenWith: [{}, { finance_q1_p2_loan: 0 }, { finance_q1_p1_loan: 1 }],
  },
];

describe.each([
  ['display rules of spec 001, section 4: purchase', DISPLAY_RULES],
  ['display rules of the financing (ours)', OUR_DISPLAY_RULES],
])('%s', (_title, rules) => {
  testDisplayRules(rules);
});

const SUBSTITUTED: Answers = {
  price_q0_amount: '320000',
  juri_q1_name: 0,
  juri_q2_substitute_first_name: 'Camille',
  juri_q2_substitute_last_name: 'Bernard',
  juri_q2_substitute_email: 'camille.bernard@example.fr',
  juri_q2_substitute_phone: '06 98 76 54 32',
  juri_q2_substitute_address: '12 rue Mercière',
  juri_q2_substitute_postal_code: '69002',
  juri_q2_substitute_city: 'Lyon',
  juri_q5_resale: 0,
};

const EXISTING_COMPANY: Answers = {
  juri_q3_company: 1,
  juri_q4_company_exists: 1,
  juri_q4_company_ir: 1,
  juri_q4_company_is: 0,
  juri_q5_resale: 0,
};

const CLEARING_RULES: ClearingRule[] = [
  {
    rule: 'Purchase: changing juri_q1_name clears the substitute person fields',
    definition,
    before: SUBSTITUTED,
    change: { juri_q1_name: 1 },
    cleared: SUBSTITUTE,
  },
  {
    rule: 'Purchase: changing juri_q3_company clears exists, IR and IS',
    definition,
    before: EXISTING_COMPANY,
    change: { juri_q3_company: 0 },
    cleared: COMPANY_DETAILS,
  },
  {
    rule: 'Purchase: changing finance_q3_funds clears the two shares',
    definition,
    before: { finance_q1b_relay: 0, finance_q3_funds: 1, finance_q3_p1_share: '60', finance_q3_p2_share: '40' },
    change: { finance_q3_funds: 0 },
    cleared: SHARES,
  },
  {
    rule: 'Purchase: changing projects_q1_modifications clears activity and clients',
    definition,
    before: {
      projects_q1_modifications: 1,
      projects_q1_activity: 'Cabinet de kinésithérapie',
      projects_q2_clients: 1,
      projects_q3_works: 0,
    },
    change: { projects_q1_modifications: 0 },
    cleared: ACTIVITY_AND_CLIENTS,
  },
  {
    rule: 'Purchase: changing projects_q3_works clears the description',
    definition,
    before: { projects_q1_modifications: 0, projects_q3_works: 1, projects_q3_works_desc: 'Ouverture de la cuisine sur le séjour' },
    change: { projects_q3_works: 0 },
    cleared: ['projects_q3_works_desc'],
  },
  {
    rule: 'Purchase: changing fiscal_adv_q1_exists clears the info',
    definition,
    before: { fiscal_adv_q1_exists: 1, fiscal_adv_q1_info: "Réduction d'impôt pour un investissement locatif ancien avec travaux" },
    change: { fiscal_adv_q1_exists: 0 },
    cleared: ['fiscal_adv_q1_info'],
  },
  {
    rule: 'Purchase: changing motivation_q2_reason from family_event clears the family event',
    definition,
    before: { motivation_q1_dest: 'private', motivation_q2_reason: 'family_event', motivation_q2_family_event: 'mariage' },
    change: { motivation_q2_reason: 'other' },
    cleared: ['motivation_q2_family_event'],
  },
  {
    rule: 'Purchase: changing motivation_q2_reason from other clears the free text',
    definition,
    before: { motivation_q1_dest: 'pro', motivation_q2_reason: 'other', motivation_q2_other: 'Rapprochement de nos parents âgés' },
    change: { motivation_q2_reason: 'transfer' },
    cleared: ['motivation_q2_other'],
  },
  {
    rule: 'Purchase: changing price_q0c clears q0d',
    definition,
    before: {
      price_q0_amount: '320000',
      price_q0c_conditions: 1,
      price_q0d_conditions_infos: "Sous réserve de l'obtention d'un prêt de 250 000 €",
    },
    change: { price_q0c_conditions: 0 },
    cleared: ['price_q0d_conditions_infos'],
  },
];

const OUR_CLEARING_RULES: ClearingRule[] = [
  {
    rule: 'Purchase: changing finance_q1_p1_loan clears buyer 1 bank, borrower and amount, and not buyer 2',
    definition,
    before: {
      finance_q1_p1_loan: 1,
      finance_q1_p1_bank: 'Banque Populaire',
      finance_q1_p1_beneficiary: 'Claire Martin',
      finance_q1_p1_amount: '180000',
      finance_q1_p2_loan: 1,
      finance_q1_p2_bank: 'Crédit Mutuel',
      finance_q1_p2_beneficiary: 'Julien Martin',
      finance_q1_p2_amount: '90000',
    },
    change: { finance_q1_p1_loan: 0 },
    cleared: LOAN_1_DETAILS,
  },
  {
    rule: 'Purchase: changing finance_q1_p2_loan clears buyer 2 bank, borrower and amount',
    definition,
    before: {
      finance_q1_p1_loan: 0,
      finance_q1_p2_loan: 1,
      finance_q1_p2_bank: 'Crédit Mutuel',
      finance_q1_p2_beneficiary: 'Julien Martin',
      finance_q1_p2_amount: '90000',
    },
    change: { finance_q1_p2_loan: 0 },
    cleared: LOAN_2_DETAILS,
  },
];

describe.each([
  ['clearing rules of spec 001, section 4: purchase', CLEARING_RULES],
  ['clearing rules of the financing (ours)', OUR_CLEARING_RULES],
])('%s', (_title, rules) => {
  testClearingRules(rules);
});

describe('changing the parent back does not bring cleared answers back', () => {
  it('Purchase: the substitute stays empty after yes then no', () => {
    const afterYes = clean(definition, { ...SUBSTITUTED, juri_q1_name: 1 });
    expect(clean(definition, { ...afterYes, juri_q1_name: 0 })).toEqual({ price_q0_amount: '320000', juri_q1_name: 0, juri_q5_resale: 0 });
  });
});
