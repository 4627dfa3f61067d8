import { describe, expect, it } from 'vitest';
import type { QuestionnaireDocType } from '../projects/participant-documents';
import { indexDefinition } from '../questionnaires/engine/definition-index';
import { fullyAnsweredSample, sampleValues } from '../questionnaires/engine/sample';
import { QUESTIONNAIRE_DEFINITIONS } from '../questionnaires/registry';
import {
  asksForTheSamePieces,
  createUnrequestedPiece,
  derivePieceRequests,
  pieceRequestKey,
  reconcilePieceRequests,
  type PieceDerivationInput,
  type StoredPieceRequest,
} from './piece-requests';

/** A married seller of a condominium flat, and a buyer. */
const flatSale: PieceDerivationInput = {
  project: { type: 'realty', subtype: 'appt' },
  participants: [
    { id: 1, role: 'seller' },
    { id: 2, role: 'buyer' },
    { id: 3, role: 'office' },
  ],
  questionnaires: [
    {
      docType: 'document_civil_statuses',
      participantId: 1,
      answers: { marital_status: 'married', nationality: 'Française', pacs_exists: 0 },
    },
    {
      docType: 'document_sale_appts',
      participantId: 1,
      answers: {
        copro_q1_division: 1,
        copro_q2_lotissement: 0,
        copro_q4_syndic: 1,
        copro_q5_rule: 1,
        added_value_q1_main_residence: 1,
        works_q1_modifications: 0,
      },
    },
    { docType: 'document_civil_statuses', participantId: 2, answers: { marital_status: 'single' } },
    { docType: 'document_buyers', participantId: 2, answers: { finance_q1_p1_loan: 1, finance_q3_funds: 0 } },
  ],
};

const piecesOf = (input: PieceDerivationInput, participantId: number) =>
  derivePieceRequests(input)
    .filter((request) => request.participantId === participantId)
    .map((request) => request.pieceId);

describe('deriving the pieces of a file', () => {
  it('asks a married seller of a condominium flat for identity, marriage contract, title and the copropriété pieces', () => {
    expect(piecesOf(flatSale, 1)).toEqual([
      'marriage_contract',
      'copro_general_assembly_minutes',
      'copro_charges_calls',
      'copro_rules',
      'technical_diagnostics',
      'property_title',
      'main_residence_proof',
      'identity_document',
    ]);
  });

  it('asks the buyer for identity and the loan offer, and the office for nothing', () => {
    expect(piecesOf(flatSale, 2)).toEqual(['loan_offer', 'identity_document']);
    expect(piecesOf(flatSale, 3)).toEqual([]);
  });

  it('says why in French, from the definitions’ labels', () => {
    const requests = derivePieceRequests(flatSale);
    const find = (participantId: number, pieceId: string) => requests.find((r) => r.key === pieceRequestKey(participantId, pieceId));
    expect(find(1, 'marriage_contract')?.reasonText).toBe('demandé car : Quelle est votre situation matrimoniale = Marié(e)');
    expect(find(1, 'copro_rules')?.reasonText).toBe(
      'demandé car : Êtes-vous en possession du règlement de copropriété et de ses modificatifs = Oui',
    );
    expect(find(1, 'copro_general_assembly_minutes')?.reasonText).toMatch(
      /^demandé car : L'immeuble est-il soumis au régime de la copropriété .* = Oui$/,
    );
    expect(find(1, 'identity_document')?.reasonText).toBe('demandé car : Rôle dans le dossier = Vendeur');
    expect(find(2, 'loan_offer')?.label).toBe('Offre de prêt ou, à défaut, accord de principe de la banque');
  });

  it('makes one request of a piece asked twice, with both reasons', () => {
    const title = derivePieceRequests(flatSale).find((r) => r.key === '1:property_title');
    expect(title?.reasons).toHaveLength(2);
    expect(title?.reasonText).toBe(
      "demandé car : Questionnaire = Vente d'un appartement ; Rôle dans le dossier = Vendeur ; Nature du dossier = Appartement",
    );
  });

  it('names every condition of a compound trigger, and the foreign nationality typed', () => {
    const input: PieceDerivationInput = {
      ...flatSale,
      questionnaires: [
        { docType: 'document_sale_appts', participantId: 1, answers: { copro_q2_lotissement: 1, copro_q3_asso_syndic: 1 } },
        { docType: 'document_civil_statuses', participantId: 1, answers: { nationality: 'Italienne' } },
      ],
    };
    const requests = derivePieceRequests(input);
    expect(requests.find((r) => r.pieceId === 'asl_statutes')?.reasonText).toBe(
      "demandé car : L'immeuble est-il situé dans un lotissement = Oui ; Existe-t-il une association syndicale des propriétaires du lotissement (ASL) = Oui",
    );
    expect(requests.find((r) => r.pieceId === 'resident_card')?.reasonText).toBe('demandé car : Quelle est votre nationalité = Italienne');
  });

  it('does not ask for what a hidden question would have asked', () => {
    const input: PieceDerivationInput = {
      ...flatSale,
      // The ASL answer is stale: not in a lotissement, the question is hidden and its answer cleared.
      questionnaires: [{ docType: 'document_sale_appts', participantId: 1, answers: { copro_q2_lotissement: 0, copro_q3_asso_syndic: 1 } }],
    };
    expect(piecesOf(input, 1)).not.toContain('asl_statutes');
  });

  it('asks a succession for the death certificate once, of the heir who fills in the succession questionnaire', () => {
    const succession: PieceDerivationInput = {
      project: { type: 'succession', subtype: 'settlement' },
      participants: [
        { id: 10, role: 'spouse' },
        { id: 11, role: 'heir' },
        { id: 12, role: 'heir' },
      ],
      questionnaires: [
        { docType: 'document_successions', participantId: 11, answers: { succession_q4_realty: 1, succession_q8_life_insurance: 1 } },
        { docType: 'document_civil_statuses', participantId: 12, answers: { marital_status: 'divorced' } },
      ],
    };
    expect(piecesOf(succession, 10)).toEqual(['identity_document']);
    expect(piecesOf(succession, 11)).toEqual([
      'death_certificate',
      'property_titles',
      'life_insurance_contracts',
      'identity_document',
      'deceased_family_booklet',
    ]);
    expect(piecesOf(succession, 12)).toEqual(['divorce_judgment', 'identity_document']);
    const death = derivePieceRequests(succession).find((r) => r.pieceId === 'death_certificate');
    expect(death?.reasonText).toBe(
      'demandé car : Questionnaire = Succession ; Rôle dans le dossier = Héritier(ère) ; Nature du dossier = Régler une succession',
    );
  });

  it('asks the pieces of an unassigned sale questionnaire of the first seller, and of an unassigned civil status of no one', () => {
    const input: PieceDerivationInput = {
      project: { type: 'realty', subtype: 'land' },
      participants: [{ id: 5, role: 'seller' }],
      questionnaires: [
        { docType: 'document_sale_lands', participantId: null, answers: { lot_q1_exists: 1 } },
        { docType: 'document_civil_statuses', participantId: 99, answers: { marital_status: 'married' } },
      ],
    };
    expect(piecesOf(input, 5)).toEqual(['lot_regulations', 'identity_document', 'property_title', 'risk_statement']);
  });
});

describe('the pieces of a file whose sale questionnaire is shared by its sellers', () => {
  const shared: PieceDerivationInput = {
    project: { type: 'realty', subtype: 'appt' },
    participants: [
      { id: 1, role: 'seller' },
      { id: 4, role: 'seller' },
      { id: 2, role: 'buyer' },
    ],
    questionnaires: [
      // The shared one belongs to no one: its pieces go to the first seller, once.
      { docType: 'document_sale_appts', participantId: null, answers: { copro_q1_division: 1 } },
      // A copy kept from before the sharing, superseded: it asks for nothing, of anyone.
      {
        docType: 'document_sale_appts',
        participantId: 2,
        answers: { copro_q5_rule: 1, added_value_q1_main_residence: 1 },
        superseded: true,
      },
    ],
  };

  it('reads the shared questionnaire and ignores superseded copies', () => {
    expect(piecesOf(shared, 1)).toContain('copro_general_assembly_minutes');
    expect(piecesOf(shared, 1)).not.toContain('copro_rules');
    expect(piecesOf(shared, 4)).not.toContain('copro_general_assembly_minutes');
    expect(piecesOf(shared, 2)).not.toContain('main_residence_proof');
    expect(piecesOf(shared, 2)).not.toContain('copro_rules');
  });
});

describe('reconciling stored requests with the derived ones', () => {
  const stored = (key: string, state: StoredPieceRequest['state'], extra: Partial<StoredPieceRequest> = {}): StoredPieceRequest => ({
    id: Number(key.length),
    key,
    origin: 'derived',
    state,
    noLongerRequired: false,
    ...extra,
  });

  it('creates what is new, keeps what is still asked', () => {
    const derived = derivePieceRequests(flatSale);
    const result = reconcilePieceRequests([stored('1:identity_document', 'accepted')], derived);
    expect(result.keep.map((k) => k.stored.key)).toEqual(['1:identity_document']);
    expect(result.create.map((c) => c.key)).toContain('1:marriage_contract');
    expect(result.create).toHaveLength(derived.length - 1);
  });

  it('withdraws a request no longer needed that was never answered, and keeps a received one marked no longer required', () => {
    // The seller is now single: the marriage contract is no longer asked.
    const single: PieceDerivationInput = {
      ...flatSale,
      questionnaires: flatSale.questionnaires.map((q) =>
        q.docType === 'document_civil_statuses' && q.participantId === 1 ? { ...q, answers: { marital_status: 'single' } } : q,
      ),
    };
    const derived = derivePieceRequests(single);
    const requested = stored('1:marriage_contract', 'requested');
    const received = stored('1:copro_rules', 'received');
    const waived = stored('2:funds_origin_proof', 'waived');
    const afterNoMoreRules = derived.filter((r) => r.key !== '1:copro_rules');
    const result = reconcilePieceRequests([requested, received, waived], afterNoMoreRules);
    expect(result.withdraw).toEqual([requested, waived]);
    expect(result.markNoLongerRequired).toEqual([received]);
  });

  it('marks a request required again when the answers call for it anew, and leaves office and unasked pieces alone', () => {
    const derived = derivePieceRequests(flatSale);
    const flagged = stored('1:marriage_contract', 'received', { noLongerRequired: true });
    const office = stored('1:power_of_attorney', 'requested', { origin: 'office' });
    const other = stored('1:other:7', 'received', { origin: 'unrequested' });
    const result = reconcilePieceRequests([flagged, office, other], derived);
    expect(result.markRequiredAgain.map((r) => r.stored)).toEqual([flagged]);
    expect(result.withdraw).toEqual([]);
    expect(result.markNoLongerRequired).toEqual([]);
  });

  it('does not mark twice a piece already flagged no longer required', () => {
    const flagged = stored('1:marriage_contract', 'accepted', { noLongerRequired: true });
    expect(reconcilePieceRequests([flagged], []).markNoLongerRequired).toEqual([]);
  });
});

describe('a piece sent without a request', () => {
  it('is filed as an "Autre document" request, received, named after its file type', () => {
    expect(createUnrequestedPiece(4)).toEqual({
      participantId: 4,
      pieceId: 'other',
      label: 'Autre document',
      origin: 'unrequested',
      state: 'received',
      fileTypes: ['other'],
    });
    expect(createUnrequestedPiece(4, 'will').label).toBe('Autre document : Testament');
  });
});

describe('whether a save changes the pieces asked', () => {
  const married = { marital_status: 'married', nationality: 'Française', pacs_exists: 0 };

  it('says an answer no piece rests on leaves the pieces as they are', () => {
    expect(asksForTheSamePieces('document_civil_statuses', married, { ...married, profession: 'Boulangère', birth_place: 'Lyon' })).toBe(
      true,
    );
    expect(asksForTheSamePieces('document_civil_statuses', {}, { profession: 'Boulangère' })).toBe(true);
  });

  it('sees a piece called for or withdrawn by the answer', () => {
    expect(asksForTheSamePieces('document_civil_statuses', { ...married, marital_status: 'single' }, married)).toBe(false);
    expect(asksForTheSamePieces('document_civil_statuses', married, { ...married, marital_status: 'single' })).toBe(false);
  });

  it('sees a changed reason of a piece still asked (its text is stored with the request)', () => {
    const before = flatSale.questionnaires[1]!.answers as Record<string, unknown>;
    const derive = (answers: unknown) =>
      derivePieceRequests({ ...flatSale, questionnaires: flatSale.questionnaires.map((q, i) => (i === 1 ? { ...q, answers } : q)) });
    const after = { ...before, copro_q2_lotissement: 1 };
    // Whatever the rules say about this answer, the comparison agrees with a full derivation.
    expect(asksForTheSamePieces('document_sale_appts', before, after)).toBe(
      JSON.stringify(derive(before)) === JSON.stringify(derive(after)),
    );
    expect(asksForTheSamePieces('document_sale_appts', before, { ...before, copro_q5_rule: 0 })).toBe(false);
  });

  it('agrees with a full derivation for every questionnaire, each answer removed or changed to each of its values', () => {
    const owner = {
      document_civil_statuses: 'seller',
      document_sale_appts: 'seller',
      document_sale_houses: 'seller',
      document_sale_lands: 'seller',
      document_buyers: 'buyer',
      document_successions: 'heir',
      document_heritage_balances: 'client',
    } as const;
    let compared = 0;
    let fastPathWrong = 0;
    for (const docType of Object.keys(owner) as QuestionnaireDocType[]) {
      const definition = QUESTIONNAIRE_DEFINITIONS[docType];
      const derive = (answers: unknown) =>
        JSON.stringify(
          derivePieceRequests({
            project: { type: 'realty', subtype: 'appt' },
            participants: [{ id: 1, role: owner[docType] }],
            questionnaires: [{ docType, participantId: 1, answers }],
          }),
        );
      const before = fullyAnsweredSample(definition);
      const expectedBefore = derive(before);
      for (const { field } of indexDefinition(definition).fields) {
        const { [field.name]: _, ...removed } = before;
        for (const after of [removed, ...sampleValues(field).map((value) => ({ ...before, [field.name]: value }))]) {
          compared += 1;
          if (asksForTheSamePieces(docType, before, after) !== (expectedBefore === derive(after))) fastPathWrong += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
    expect(fastPathWrong).toBe(0);
  });
});
