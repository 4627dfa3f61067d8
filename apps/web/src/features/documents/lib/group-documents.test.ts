import { describe, expect, it } from 'vitest';
import { createDrawerDocument, createParticipant, createProject, createQuestionnaireDocument } from '../../../testing/tab-fixtures';
import { groupDocuments } from './group-documents';

const seller = createParticipant({ id: 1, role: 'seller' });
const buyer = createParticipant({ id: 2, role: 'buyer', first_name: 'Paul' });
const notary = createParticipant({ id: 3, role: 'office', first_name: 'Nicolas' });
const agent = createParticipant({ id: 4, role: 'intermediary', first_name: 'Inès' });

describe('groupDocuments', () => {
  it('groups a realty project as sellers, buyers, notaries, intermediaries; civil status first, then drawers', () => {
    const project = createProject({
      participants: [agent, notary, buyer, seller],
      documents: [
        createQuestionnaireDocument(11, 1, 'document_sale_appts'),
        createDrawerDocument(12, 1),
        createQuestionnaireDocument(13, 1, 'document_civil_statuses'),
        createQuestionnaireDocument(14, 2, 'document_buyers'),
      ],
    });
    const { groups, unassigned } = groupDocuments(project);
    expect(groups.map((g) => g.title)).toEqual(['Vendeurs', 'Acquéreurs', 'Notaires', 'Intermédiaires immobiliers']);
    expect(groups[0]!.entries[0]!.documents.map((d) => d.id)).toEqual([13, 12, 11]);
    expect(groups[1]!.entries[0]!.documents.map((d) => d.id)).toEqual([14]);
    expect(groups[2]!.entries[0]!.documents).toEqual([]);
    expect(unassigned).toEqual([]);
  });

  it('shows the role’s shared questionnaire once under its group, not under a person nor unassigned', () => {
    const second = createParticipant({ id: 7, role: 'seller', first_name: 'Marc' });
    const sharedSale = { ...createQuestionnaireDocument(31, null, 'document_sale_houses'), shared_role: 'seller' as const };
    const sharedPurchase = { ...createQuestionnaireDocument(32, null, 'document_buyers'), shared_role: 'buyer' as const };
    const { groups, unassigned } = groupDocuments(
      createProject({ participants: [seller, second], documents: [sharedSale, sharedPurchase, createQuestionnaireDocument(33, 7)] }),
    );
    expect(groups.map((g) => [g.title, g.shared.map((d) => d.id)])).toEqual([
      ['Vendeurs', [31]],
      ['Acquéreurs', [32]],
    ]);
    expect(groups[0]!.entries.map((e) => e.documents.map((d) => d.id))).toEqual([[], [33]]);
    expect(unassigned).toEqual([]);
  });

  it('groups a succession as heirs, spouse, clients, notaries and omits roles nobody holds', () => {
    const heir = createParticipant({ id: 5, role: 'heir' });
    const spouse = createParticipant({ id: 6, role: 'spouse' });
    const { groups } = groupDocuments(createProject({ type: 'succession', subtype: 'settlement', participants: [notary, spouse, heir] }));
    expect(groups.map((g) => g.title)).toEqual(['Héritiers', 'Conjoints', 'Notaires']);
  });

  it('puts documents of nobody, or of someone gone, in the unassigned ones', () => {
    const project = createProject({
      participants: [seller],
      documents: [createDrawerDocument(21, null), createQuestionnaireDocument(22, 99), createQuestionnaireDocument(23, 1)],
    });
    expect(groupDocuments(project).unassigned.map((d) => d.id)).toEqual([22, 21]);
  });
});
