import { describe, expect, it } from 'vitest';
import { testViewer } from './testing/viewer';
import type { ParticipantRole } from './project';
import { questionnairesFor, sharedQuestionnaireFor, sharedRoleOfQuestionnaire } from './participant-documents';
import {
  canEditDocumentOf,
  canEditProjectDocument,
  canFillOnBehalfOf,
  canViewDocumentOf,
  canViewProjectDocument,
  questionnaireOwners,
  type PersonForAccess,
  type ProjectForAccess,
} from './permissions';
import { isTransferableDocument, type ProjectDocument } from './project-document';

const OFFICE = { id: 7 };
const viewer = testViewer;

let nextId = 1;
function person(role: ParticipantRole, userId: number | null, extra: Partial<PersonForAccess> = {}): PersonForAccess {
  return { id: nextId++, role, user: userId === null ? null : { id: userId }, joined: userId !== null, role_confirmed: true, ...extra };
}
const file = (participants: PersonForAccess[], status = 2): ProjectForAccess => ({
  status,
  creator: 1,
  notary_office: OFFICE,
  participants,
});
const sharedSale = { participant: null, shared_role: 'seller' as const };
const sharedPurchase = { participant: null, shared_role: 'buyer' as const };

describe('one questionnaire per role in a realty file', () => {
  it('gives sellers and buyers of a realty file only their civil status; the sale and the purchase are the file’s', () => {
    const none = { hasSuccession: false, hasBalance: false };
    expect(questionnairesFor({ type: 'realty', subtype: 'house' }, 'seller', none)).toEqual(['document_civil_statuses']);
    expect(questionnairesFor({ type: 'realty', subtype: 'appt' }, 'buyer', none)).toEqual(['document_civil_statuses']);
    expect(sharedQuestionnaireFor({ type: 'realty', subtype: 'house' }, 'seller')).toBe('document_sale_houses');
    expect(sharedQuestionnaireFor({ type: 'realty', subtype: 'land' }, 'seller')).toBe('document_sale_lands');
    expect(sharedQuestionnaireFor({ type: 'realty', subtype: 'appt' }, 'buyer')).toBe('document_buyers');
    expect(sharedQuestionnaireFor({ type: 'realty', subtype: 'appt' }, 'intermediary')).toBeNull();
    expect(sharedQuestionnaireFor({ type: 'succession', subtype: 'settlement' }, 'heir')).toBeNull();
    expect(sharedRoleOfQuestionnaire({ type: 'realty', subtype: 'house' }, 'document_sale_houses')).toBe('seller');
    // An apartment sale in a house file is nobody's shared questionnaire.
    expect(sharedRoleOfQuestionnaire({ type: 'realty', subtype: 'house' }, 'document_sale_appts')).toBeNull();
    expect(sharedRoleOfQuestionnaire({ type: 'realty', subtype: 'house' }, 'document_civil_statuses')).toBeNull();
  });

  it('opens the shared sale questionnaire to every seller, the office and admins, before and after signature as the spec says', () => {
    const first = person('seller', 10);
    const second = person('seller', 11);
    const buyer = person('buyer', 20);
    const project = file([first, second, buyer]);
    for (const seller of [10, 11]) {
      expect(canViewProjectDocument(viewer(seller), project, sharedSale)).toBe(true);
      expect(canEditProjectDocument(viewer(seller), project, sharedSale)).toBe(true);
      expect(canEditProjectDocument(viewer(seller), project, sharedPurchase)).toBe(false);
    }
    expect(canViewProjectDocument(viewer(20), project, sharedSale)).toBe(false);
    expect(canEditProjectDocument(viewer(20), project, sharedPurchase)).toBe(true);
    expect(canEditProjectDocument(viewer(99, { notary_office: OFFICE }), project, sharedSale)).toBe(true);
    expect(canEditProjectDocument(viewer(98, { roles: ['ROLE_USER', 'ROLE_ADMIN'] }), project, sharedSale)).toBe(true);
    expect(canViewProjectDocument(viewer(97, { notary_office: { id: 8 } }), project, sharedSale)).toBe(false);

    const signed = file([first, second, buyer], 5);
    expect(canViewProjectDocument(viewer(11), signed, sharedSale)).toBe(true);
    expect(canEditProjectDocument(viewer(11), signed, sharedSale)).toBe(false);
    expect(canEditProjectDocument(viewer(99, { notary_office: OFFICE }), signed, sharedSale)).toBe(true);
  });

  it('keeps a seller given by someone outside the role away from the other sellers’ answers, but lets a lone one fill them in', () => {
    const real = person('seller', 10);
    const planted = person('seller', 30, { role_confirmed: false });
    expect(canViewProjectDocument(viewer(30), file([real, planted, person('buyer', 20)]), sharedSale)).toBe(false);
    // Invited by the buyer and alone in the role: nobody else's answers to read.
    const alone = person('seller', 31, { role_confirmed: false });
    expect(canEditProjectDocument(viewer(31), file([alone, person('buyer', 20)]), sharedSale)).toBe(true);
    // A second unconfirmed seller appears: both wait for a confirmation.
    const second = person('seller', 32, { role_confirmed: false });
    expect(canViewProjectDocument(viewer(31), file([alone, second]), sharedSale)).toBe(false);
    // An intermediary without isPro is not an intermediary.
    expect(canViewProjectDocument(viewer(40), file([real, person('intermediary', 40)]), sharedSale)).toBe(false);
    expect(canViewProjectDocument(viewer(41, { isPro: true }), file([real, person('intermediary', 41)]), sharedSale)).toBe(true);
  });

  it('makes a superseded copy read only for everyone, its owner and the office still reading it', () => {
    const owner = person('seller', 10);
    const project = file([owner]);
    const copy = { participant: { id: owner.id }, superseded: true };
    expect(canViewProjectDocument(viewer(10), project, copy)).toBe(true);
    expect(canEditProjectDocument(viewer(10), project, copy)).toBe(false);
    expect(canViewProjectDocument(viewer(99, { notary_office: OFFICE }), project, copy)).toBe(true);
    expect(canEditProjectDocument(viewer(99, { notary_office: OFFICE }), project, copy)).toBe(false);
  });
});

describe('filling in on behalf of a person without an account', () => {
  const inviter = person('seller', 10);
  // A buyer the seller added: no role mate of the seller, whose documents they would read anyway.
  const noEmail = person('buyer', null, { added_by: 10, role_confirmed: false });
  const other = person('seller', 20);
  const project = file([inviter, noEmail, other]);

  it('lets the one who added them and the office fill in their documents, nobody else', () => {
    expect(canFillOnBehalfOf(viewer(10), project, noEmail)).toBe(true);
    expect(canEditDocumentOf(viewer(10), project, noEmail)).toBe(true);
    expect(canViewDocumentOf(viewer(10), project, noEmail)).toBe(true);
    expect(canEditDocumentOf(viewer(99, { notary_office: OFFICE }), project, noEmail)).toBe(true);
    expect(canFillOnBehalfOf(viewer(20), project, noEmail)).toBe(false);
    expect(canEditDocumentOf(viewer(20), project, noEmail)).toBe(false);
    expect(canFillOnBehalfOf(viewer(10), project, other)).toBe(false);
  });

  it('ends once the person has an account, and at signature', () => {
    const linked = { ...noEmail, user: { id: 50 }, joined: true };
    expect(canEditDocumentOf(viewer(10), file([inviter, linked]), linked)).toBe(false);
    // On the wire others' accounts are not sent: having joined says it.
    const joined = { ...noEmail, joined: true };
    expect(canFillOnBehalfOf(viewer(10), file([inviter, joined]), joined)).toBe(false);
    expect(canEditDocumentOf(viewer(10), file([inviter, noEmail], 5), noEmail)).toBe(false);
    expect(canFillOnBehalfOf(viewer(10), { ...project, participants: [noEmail] }, noEmail)).toBe(false);
  });
});

describe('whose answers a questionnaire holds (marks and summary mails of the office)', () => {
  it('is the owner of a personal one, nobody for an unassigned one, and the people a shared one is for', () => {
    const seller = person('seller', 10);
    const coSeller = person('seller', 11);
    const planted = person('seller', 12, { role_confirmed: false });
    const buyer = person('buyer', 20);
    const project = file([seller, coSeller, planted, buyer]);
    expect(questionnaireOwners(project, { participant: { id: buyer.id } })).toEqual([buyer]);
    expect(questionnaireOwners(project, { participant: null })).toEqual([]);
    // The same people `canViewSharedQuestionnaire` lets in: not the "seller" a buyer planted.
    expect(questionnaireOwners(project, sharedSale)).toEqual([seller, coSeller]);
    for (const p of [seller, coSeller, planted]) {
      expect(canViewProjectDocument(viewer(p.user!.id), project, sharedSale)).toBe(questionnaireOwners(project, sharedSale).includes(p));
    }
    // Alone in the role, unconfirmed (invited by the buyer), with or without an account yet.
    const alone = person('seller', 13, { role_confirmed: false });
    expect(questionnaireOwners(file([alone, buyer]), sharedSale)).toEqual([alone]);
    const noAccount = person('seller', null, { role_confirmed: false });
    expect(questionnaireOwners(file([noAccount, buyer]), sharedSale)).toEqual([noAccount]);
    expect(questionnaireOwners(file([noAccount, alone, buyer]), sharedSale)).toEqual([]);
  });
});

describe('what goes to the drafting software', () => {
  const base = { id: 1, participant: null, file: null, document_files: [] };
  const empty = {
    document_civil_statuses: [],
    document_buyers: [],
    document_successions: [],
    document_sale_houses: [],
    document_heritage_balances: [],
    document_sale_lands: [],
    document_sale_appts: [],
  };
  const questionnaire = (answers: Record<string, unknown>, extra: Partial<ProjectDocument> = {}): ProjectDocument => ({
    ...base,
    ...empty,
    document_sale_appts: [{ id: 1, version: 1, progress: 0, ...answers }],
    ...extra,
  });

  it('leaves out empty questionnaires and superseded copies, keeps drawers and answered questionnaires', () => {
    expect(isTransferableDocument(questionnaire({}))).toBe(false);
    expect(isTransferableDocument(questionnaire({ price_q0_amount: '1' }))).toBe(true);
    expect(isTransferableDocument(questionnaire({ price_q0_amount: '1' }, { superseded: true }))).toBe(false);
    expect(isTransferableDocument({ ...base, ...empty, document_files: [{ id: 1, doc_type: 'other', files: [] }] })).toBe(true);
  });
});
