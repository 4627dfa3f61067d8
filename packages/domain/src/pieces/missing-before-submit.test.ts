import { describe, expect, it } from 'vitest';
import { progress } from '../questionnaires/engine/progress';
import { fullyAnsweredSample } from '../questionnaires/engine/sample';
import { QUESTIONNAIRE_DEFINITIONS } from '../questionnaires/registry';
import { COMPLETE_BEFORE_SUBMIT, listMissingBeforeSubmit } from './missing-before-submit';

const heritage = QUESTIONNAIRE_DEFINITIONS.document_heritage_balances;

describe('what is missing before "Transmettre au Notaire"', () => {
  it('lists the visible questions left unanswered, with their step, and the pieces not sent', () => {
    const missing = listMissingBeforeSubmit({
      participantId: 1,
      questionnaires: [
        {
          docType: 'document_heritage_balances',
          participantId: 1,
          answers: { heritage_balance_q1_kids: 0, heritage_balance_q4_transfer: 1 },
        },
        // Another person's questionnaire is theirs to complete.
        { docType: 'document_heritage_balances', participantId: 2, answers: {} },
      ],
      requests: [
        { id: 1, participantId: 1, label: "Copie d'une pièce d'identité", state: 'requested', noLongerRequired: false },
        { id: 2, participantId: 1, label: "Dernier avis d'impôt sur le revenu", state: 'to_correct', noLongerRequired: false },
        { id: 3, participantId: 1, label: 'Livret de famille', state: 'received', noLongerRequired: false },
        { id: 4, participantId: 2, label: "Copie d'une pièce d'identité", state: 'requested', noLongerRequired: false },
      ],
    });
    expect(missing.questions).toEqual([
      {
        questionnaire: 'document_heritage_balances',
        questionnaireTitle: 'Bilan patrimonial',
        stepIndex: 1,
        stepTitle: 'Bilan patrimonial',
        questionId: 'heritage_balance_q5_topic',
        label: 'Quels sujets souhaitez-vous aborder avec votre notaire ?',
      },
    ]);
    expect(missing.pieces.map((p) => [p.requestId, p.stateLabel])).toEqual([
      [1, 'Demandée'],
      [2, 'À corriger'],
    ]);
    expect(missing.complete).toBe(false);
    expect(missing.summary).toBe('Il reste 1 question sans réponse et 2 pièces à envoyer.');
  });

  it('agrees with the engine’s progress: a questionnaire at 100 leaves no question missing', () => {
    for (const [docType, definition] of Object.entries(QUESTIONNAIRE_DEFINITIONS)) {
      const answers = fullyAnsweredSample(definition);
      expect(progress(definition, answers), docType).toBe(100);
      const missing = listMissingBeforeSubmit({
        participantId: 1,
        questionnaires: [{ docType: docType as keyof typeof QUESTIONNAIRE_DEFINITIONS, participantId: 1, answers }],
        requests: [],
      });
      expect(missing.questions, docType).toEqual([]);
    }
  });

  it('says when everything is done', () => {
    const answers = fullyAnsweredSample(heritage);
    const missing = listMissingBeforeSubmit({
      participantId: 1,
      questionnaires: [{ docType: 'document_heritage_balances', participantId: 1, answers }],
      requests: [{ id: 1, participantId: 1, label: 'Titre', state: 'requested', noLongerRequired: true }],
    });
    expect(missing).toEqual({ questions: [], pieces: [], complete: true, summary: COMPLETE_BEFORE_SUBMIT });
  });

  it('counts in the singular and plural', () => {
    const missing = listMissingBeforeSubmit({
      participantId: 1,
      questionnaires: [{ docType: 'document_heritage_balances', participantId: 1, answers: {} }],
      requests: [{ id: 1, participantId: 1, label: 'Titre', state: 'requested', noLongerRequired: false }],
    });
    expect(missing.summary).toBe('Il reste 3 questions sans réponse et 1 pièce à envoyer.');
  });
});
