import { defineQuestionnaire, question, step, textAreaField, textField, yesNoField } from '../engine/builders';
import type { Condition } from '../engine/conditions';

// Spec 001, section 3 "documentHeritageBalance": one step, 'Bilan patrimonial',
// whose index is 1 as the spec gives it.

const HAS_CHILDREN: Condition = { field: 'heritage_balance_q1_kids', equals: 1 };

export const heritageBalanceDefinition = defineQuestionnaire({
  docType: 'document_heritage_balances',
  title: 'Bilan patrimonial',
  purpose:
    "Ce bilan prépare votre rendez-vous : il aide votre notaire à comprendre votre situation familiale et vos objectifs, pour vous conseiller sur l'organisation et la transmission de votre patrimoine.",
  steps: [
    step(1, 'Bilan patrimonial', [
      // The number of children belongs to this question: changing q1 clears it (spec 001, section 4).
      question('Avez-vous des enfants ?', [
        yesNoField('heritage_balance_q1_kids'),
        textField('heritage_balance_q2_kids_number', 50, {
          label: "Combien d'enfants avez-vous ?",
          format: 'number',
          visibleWhen: HAS_CHILDREN,
        }),
      ]),
      question('Vos enfants sont-ils tous issus de votre union actuelle ?', [yesNoField('heritage_balance_q3_same_relationship')], {
        visibleWhen: HAS_CHILDREN,
        hint: "Lorsque des enfants sont nés d'unions différentes, des précautions particulières permettent de protéger le conjoint survivant.",
      }),
      question('Souhaitez-vous organiser dès à présent la transmission de votre patrimoine (donation, testament…) ?', [
        yesNoField('heritage_balance_q4_transfer'),
      ]),
      question('Quels sujets souhaitez-vous aborder avec votre notaire ?', [textAreaField('heritage_balance_q5_topic')], {
        hint: "Par exemple : protéger votre conjoint, aider un enfant à acheter un logement, préparer la vente d'une entreprise.",
      }),
    ]),
  ],
});
