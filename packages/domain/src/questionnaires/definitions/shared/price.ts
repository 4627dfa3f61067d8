import { answeredYes, choiceField, question, step, textAreaField, textField, yesNoField } from '../../engine/builders';
import type { Step } from '../../engine/definition';

// Spec 001, section 3 "Price block shared by sale of apartment, house, land and
// purchase": step 0 'Prix et commission' of the four realty questionnaires,
// written once. Its wording suits both sides of the sale, since the seller and
// the buyer answer the same questions about the same agreement.

/** Spec 001, section 9: 1 paid by the seller, 0 paid by the buyer. */
export const COMMISSION_PAYERS = [
  [1, 'Du vendeur'],
  [0, "De l'acquéreur"],
] as const;

export const priceStep: Step = step(0, 'Prix et commission', [
  question(
    'Quel est le prix de vente convenu ?',
    [textField('price_q0_amount', 50, { label: 'Prix de vente (en euros)', format: 'amount' })],
    {
      hint: "Indiquez le prix net vendeur, hors commission d'agence et hors frais de notaire.",
    },
  ),
  question(
    'Si une agence immobilière intervient, quel est le montant de sa commission ?',
    [textField('price_q0b_commission', 50, { label: 'Commission TTC (en euros)', format: 'amount' })],
    { hint: "Le montant toutes taxes comprises figurant au mandat. Laissez vide si aucune agence n'intervient.", optional: true },
  ),
  question("Qui prend en charge la commission d'agence ?", [choiceField('price_q0e_commission_owner', COMMISSION_PAYERS)], {
    hint: "Le mandat signé avec l'agence le précise. Cela change l'assiette des droits de mutation. Laissez vide si aucune agence n'intervient.",
    optional: true,
  }),
  question("Une offre d'achat a-t-elle été faite et acceptée par écrit ?", [yesNoField('price_q0f_offer')], {
    documents: [{ id: 'accepted_offer', label: "Copie de l'offre d'achat acceptée", requiredWhen: answeredYes('price_q0f_offer') }],
  }),
  question('Un mandat a-t-il été signé avec une agence immobilière ?', [yesNoField('price_q0g_mandate')], {
    documents: [{ id: 'agency_mandate', label: "Copie du mandat signé avec l'agence", requiredWhen: answeredYes('price_q0g_mandate') }],
  }),
  question(
    'La vente est-elle soumise à des conditions particulières ?',
    [
      yesNoField('price_q0c_conditions'),
      textAreaField('price_q0d_conditions_infos', { label: 'Précisez ces conditions', visibleWhen: answeredYes('price_q0c_conditions') }),
    ],
    {
      hint: "Par exemple : l'obtention d'un prêt, la vente préalable d'un autre bien, un délai de libération des lieux, du mobilier vendu avec le bien.",
    },
  ),
]);
