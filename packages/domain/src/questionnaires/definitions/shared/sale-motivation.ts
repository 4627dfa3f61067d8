import { choiceField, question, textAreaField, textField } from '../../engine/builders';
import type { Question } from '../../engine/definition';

// Spec 001, section 3 "Motivation block shared by apartment and house sale",
// with the codes of section 9. For the apartment the display of the two
// follow-ups is cut off in the source; we read it as the house does (family
// reason when 2, other reason when 4): docs/decisions.md.

export const SALE_MOTIVATIONS = [
  [1, 'Mobilité professionnelle'],
  [2, 'Évènement familial'],
  [3, "Transfert d'épargne"],
  [4, 'Autre cause'],
] as const;

export const FAMILY_REASONS = [
  [1, 'Mariage / Pacs / Divorce'],
  [0, 'Naissance / Décès'],
] as const;

/** The questions of the step 'Motivation de la cession'. */
export const saleMotivationQuestions: readonly Question[] = [
  question(
    'Pour quelle raison vendez-vous ce bien ?',
    [
      choiceField('sale_motivation', SALE_MOTIVATIONS),
      choiceField('sale_motivation_family_reason', FAMILY_REASONS, {
        label: "De quel évènement familial s'agit-il ?",
        visibleWhen: { field: 'sale_motivation', equals: 2 },
      }),
      textField('sale_motivation_other_reason', 255, { label: 'Précisez la cause', visibleWhen: { field: 'sale_motivation', equals: 4 } }),
    ],
    {
      hint: 'Votre notaire peut ainsi vous conseiller sur la fiscalité de la vente et sur le réemploi du prix.',
    },
  ),
];

/** The step of observations that closes the apartment and house questionnaires. */
export const saleObservationsQuestion: Question = question(
  'Souhaitez-vous signaler à votre notaire une particularité de ce bien ou de cette vente ?',
  [textAreaField('sale_misc_info')],
  {
    hint: "Tout ce qui n'a pas trouvé sa place dans les questions précédentes : un voisin acquéreur prioritaire, un bien indivis, un délai à respecter…",
  },
);
