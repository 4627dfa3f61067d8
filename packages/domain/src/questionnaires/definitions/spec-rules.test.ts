import { describe, expect, it } from 'vitest';
import { clean } from '../engine/clean';
import type { Answers } from '../engine/kinds';
import { civilStatusDefinition } from './civil-status';
import { heritageBalanceDefinition } from './heritage-balance';
import { successionDefinition } from './succession';
import { testClearingRules, testDisplayRules, type ClearingRule, type DisplayRule } from './spec-rule-tables';

// Spec 001, section 4, for the succession, heritage balance and civil status
// questionnaires: one row per display rule and per clearing rule, named after it.

const NOTARY = ['succession_q2_will_notary_name', 'succession_q2_will_notary_email', 'succession_q2_will_notary_phone'];
const SPOUSE_AND_MARRIAGE = [
  'spouse_last_name',
  'spouse_first_name',
  'mariage_date',
  'mariage_postal_code',
  'mariage_city',
  'mariage_first_residence',
];
const OTHER_STATUSES = (but: string): Answers[] =>
  ['single', 'widower', 'married', 'divorced', 'divorcing'].filter((s) => s !== but).map((s) => ({ marital_status: s }));

const DISPLAY_RULES: DisplayRule[] = [
  {
    rule: 'Succession: deceased_q12_bankrupt yes shows its follow-up ({hash})',
    definition: successionDefinition,
    fields: ['deceased_q12_bankrupt_ongoing'],
    shownWith: { deceased_q12_bankrupt: 1 },
    hiddenWith: [{}, { deceased_q12_bankrupt: 0 }],
  },
  {
    rule: 'Succession: succession_q2_will yes shows notary name, e-mail, phone',
    definition: successionDefinition,
    fields: NOTARY,
    shownWith: { succession_q2_will: 1 },
    hiddenWith: [{}, { succession_q2_will: 0 }],
  },
  {
    rule: 'Heritage balance: heritage_balance_q1_kids yes shows the number of children and the same-union question',
    definition: heritageBalanceDefinition,
    fields: ['heritage_balance_q2_kids_number', 'heritage_balance_q3_same_relationship'],
    shownWith: { heritage_balance_q1_kids: 1 },
    hiddenWith: [{}, { heritage_balance_q1_kids: 0 }],
  },
  {
    rule: 'Civil status: married shows the spouse and marriage fields',
    definition: civilStatusDefinition,
    fields: SPOUSE_AND_MARRIAGE,
    shownWith: { marital_status: 'married' },
    hiddenWith: [{}, ...OTHER_STATUSES('married')],
  },
  {
    rule: 'Civil status: divorced shows divorce tribunal and date',
    definition: civilStatusDefinition,
    fields: ['divorce_tribunal', 'divorce_date'],
    shownWith: { marital_status: 'divorced' },
    hiddenWith: [{}, ...OTHER_STATUSES('divorced')],
  },
  {
    rule: 'Civil status: the PACS status question shows only when pacs_exists is 1',
    definition: civilStatusDefinition,
    fields: ['pacs_status'],
    shownWith: { pacs_exists: 1 },
    hiddenWith: [{}, { pacs_exists: 0 }],
  },
];

describe('display rules of spec 001, section 4', () => {
  testDisplayRules(DISPLAY_RULES);
});

const WILL_WITH_NOTARY: Answers = {
  succession_q1_spouse: 1,
  succession_q2_will: 1,
  succession_q2_will_notary_name: 'Maître Lefèvre',
  succession_q2_will_notary_email: 'lefevre@notaires.fr',
  succession_q2_will_notary_phone: '04 78 00 00 00',
};

const CLEARING_RULES: ClearingRule[] = [
  {
    rule: 'Succession: changing deceased_q12_bankrupt clears its follow-up ({hash})',
    definition: successionDefinition,
    before: { deceased_q1_last_name: 'Martin', deceased_q12_bankrupt: 1, deceased_q12_bankrupt_ongoing: 1 },
    change: { deceased_q12_bankrupt: 0 },
    cleared: ['deceased_q12_bankrupt_ongoing'],
  },
  {
    rule: 'Succession: changing succession_q2_will clears notary name, e-mail, phone',
    definition: successionDefinition,
    before: WILL_WITH_NOTARY,
    change: { succession_q2_will: 0 },
    cleared: NOTARY,
  },
  {
    rule: 'Heritage balance: changing heritage_balance_q1_kids clears the number of children',
    definition: heritageBalanceDefinition,
    before: { heritage_balance_q1_kids: 1, heritage_balance_q2_kids_number: '3', heritage_balance_q4_transfer: 1 },
    change: { heritage_balance_q1_kids: 0 },
    cleared: ['heritage_balance_q2_kids_number'],
  },
  {
    rule: 'Civil status: changing pacs_exists resets pacs_status',
    definition: civilStatusDefinition,
    before: { last_name: 'Martin', pacs_exists: 1, pacs_status: 0 },
    change: { pacs_exists: 0 },
    cleared: ['pacs_status'],
  },
];

// Not written in the spec, but following from "a hidden question's answers
// are cleared" (docs/decisions.md): a dependant cannot outlive its display.
const CLEARING_BY_HIDING: ClearingRule[] = [
  {
    rule: 'Heritage balance: changing heritage_balance_q1_kids also clears the same-union answer it hides',
    definition: heritageBalanceDefinition,
    before: { heritage_balance_q1_kids: 1, heritage_balance_q3_same_relationship: 0 },
    change: { heritage_balance_q1_kids: 0 },
    cleared: ['heritage_balance_q3_same_relationship'],
  },
  {
    rule: 'Civil status: leaving "married" clears the spouse and marriage fields',
    definition: civilStatusDefinition,
    before: {
      marital_status: 'married',
      spouse_last_name: 'Durand',
      spouse_first_name: 'Anne',
      mariage_date: '12/06/2010',
      mariage_postal_code: '69001',
      mariage_city: 'Lyon',
      mariage_first_residence: 'Lyon',
      pacs_exists: 0,
    },
    change: { marital_status: 'widower' },
    cleared: SPOUSE_AND_MARRIAGE,
  },
  {
    rule: 'Civil status: leaving "divorced" clears divorce tribunal and date',
    definition: civilStatusDefinition,
    before: { marital_status: 'divorced', divorce_tribunal: 'Tribunal judiciaire de Lyon', divorce_date: '01/02/2015' },
    change: { marital_status: 'single' },
    cleared: ['divorce_tribunal', 'divorce_date'],
  },
];

describe.each([
  ['clearing rules of spec 001, section 4', CLEARING_RULES],
  ['clearing that follows from hiding', CLEARING_BY_HIDING],
])('%s', (_title, rules) => {
  testClearingRules(rules);
});

describe('changing the parent back does not bring cleared answers back', () => {
  it('Succession: the notary stays empty after no then yes', () => {
    const afterNo = clean(successionDefinition, { ...WILL_WITH_NOTARY, succession_q2_will: 0 });
    expect(clean(successionDefinition, { ...afterNo, succession_q2_will: 1 })).toEqual({ succession_q1_spouse: 1, succession_q2_will: 1 });
  });
});
