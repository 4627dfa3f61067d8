import {
  answeredNo,
  answeredYes,
  choiceField,
  defineQuestionnaire,
  question,
  step,
  textAreaField,
  textField,
  yesNoField,
} from '../engine/builders';
import type { Condition } from '../engine/conditions';
import type { Field } from '../engine/definition';
import { NAME_LENGTH } from '../engine/kinds';
import { priceStep } from './shared/price';

// Spec 001, section 3 "documentBuyer": the price block, then seven steps from
// how the buyer acquires (in their name, through a company) to why. Names are
// the spec's; the one it hides ("{hash}", buyer 1's first financing field) is
// ours: finance_q1_p1_loan, and finance_q1_p2_loan for buyer 2, each a yes/no
// that shows its bank, borrower and amount (decisions note). The substitute's
// first-name input is labelled 'Prénom' and the last-name input 'Nom', by what
// they hold, although the spec's screen shows them swapped (decisions note).

/** Spec 001, section 3: 1 an existing company, 0 a company to be created. */
export const COMPANY_STATES = [
  [1, 'Une société existante'],
  [0, 'Une société à créer'],
] as const;

/** Spec 001, section 9: motivation_q1_dest. */
export const PURCHASE_DESTINATIONS = [
  ['private', 'Usage privé (habitation, résidence secondaire)'],
  ['pro', 'Usage professionnel'],
  ['mix', 'Usage mixte (privé et professionnel)'],
] as const;

/** Spec 001, section 9: motivation_q2_reason. Labels as the seller's motivations read. */
export const PURCHASE_REASONS = [
  ['pro_move', 'Mobilité professionnelle'],
  ['family_event', 'Évènement familial'],
  ['transfer', "Transfert d'épargne"],
  ['other', 'Autre cause'],
] as const;

/** Spec 001, section 9: motivation_q2_family_event. Labels as the seller's family reasons read. */
export const PURCHASE_FAMILY_EVENTS = [
  ['mariage', 'Mariage / Pacs / Divorce'],
  ['birth', 'Naissance / Décès'],
] as const;

const BUYS_IN_OWN_NAME_NO = answeredNo('juri_q1_name');
const THROUGH_A_COMPANY = answeredYes('juri_q3_company');
const EXISTING_COMPANY: Condition = { field: 'juri_q4_company_exists', equals: 1 };
const COMPANY_TO_CREATE: Condition = { field: 'juri_q4_company_exists', equals: 0 };

const LOAN_OFFER = { id: 'loan_offer', label: 'Offre de prêt ou, à défaut, accord de principe de la banque' } as const;

/** A buyer's bank loan: the yes/no the spec hides, then bank, borrower and amount when yes. */
function buyerLoanFields(prefix: 'finance_q1_p1' | 'finance_q1_p2'): Field[] {
  const borrows = answeredYes(`${prefix}_loan`);
  return [
    yesNoField(`${prefix}_loan`),
    textField(`${prefix}_bank`, NAME_LENGTH, { label: 'Banque prêteuse', visibleWhen: borrows }),
    textField(`${prefix}_beneficiary`, NAME_LENGTH, {
      label: 'Emprunteur(s) : au nom de qui le prêt est-il souscrit ?',
      visibleWhen: borrows,
    }),
    textField(`${prefix}_amount`, 50, { label: 'Montant du prêt (en euros)', format: 'amount', visibleWhen: borrows }),
  ];
}

export const purchaseDefinition = defineQuestionnaire({
  docType: 'document_buyers',
  title: 'Acquisition',
  purpose:
    "Votre notaire prépare l'avant-contrat puis l'acte d'achat. Il doit savoir qui achète (vous, une autre personne, une société), comment l'achat est financé et ce que vous comptez faire du bien : ces réponses déterminent les conditions suspensives à prévoir, les mentions de l'acte et les conseils fiscaux qu'il vous donnera.",
  steps: [
    priceStep,
    step(1, 'Modalités juridiques', [
      question(
        'Achèterez-vous ce bien en votre nom ?',
        [
          yesNoField('juri_q1_name'),
          textField('juri_q2_substitute_first_name', NAME_LENGTH, {
            label: 'Prénom de la personne qui achètera à votre place',
            visibleWhen: BUYS_IN_OWN_NAME_NO,
          }),
          textField('juri_q2_substitute_last_name', NAME_LENGTH, {
            label: 'Nom de la personne qui achètera à votre place',
            visibleWhen: BUYS_IN_OWN_NAME_NO,
          }),
          textField('juri_q2_substitute_email', 255, { label: 'Son adresse e-mail', format: 'email', visibleWhen: BUYS_IN_OWN_NAME_NO }),
          textField('juri_q2_substitute_phone', 50, { label: 'Son téléphone', format: 'phone', visibleWhen: BUYS_IN_OWN_NAME_NO }),
          textField('juri_q2_substitute_address', 255, { label: 'Son adresse', visibleWhen: BUYS_IN_OWN_NAME_NO }),
          textField('juri_q2_substitute_postal_code', 50, { label: 'Code postal', format: 'postalCode', visibleWhen: BUYS_IN_OWN_NAME_NO }),
          textField('juri_q2_substitute_city', NAME_LENGTH, { label: 'Ville', visibleWhen: BUYS_IN_OWN_NAME_NO }),
        ],
        {
          hint: "Répondez non si une autre personne doit acquérir à votre place (faculté de substitution) : l'avant-contrat doit le prévoir et votre notaire devra la contacter.",
        },
      ),
      question(
        "Achetez-vous par l'intermédiaire d'une société (SCI ou autre) ?",
        [
          yesNoField('juri_q3_company'),
          choiceField('juri_q4_company_exists', COMPANY_STATES, {
            label: "S'agit-il d'une société existante ou à créer ?",
            visibleWhen: THROUGH_A_COMPANY,
          }),
          yesNoField('juri_q4_company_ir', {
            label: "La société est-elle (ou sera-t-elle) soumise à l'impôt sur le revenu (IR) ?",
            visibleWhen: THROUGH_A_COMPANY,
          }),
          yesNoField('juri_q4_company_is', {
            label: "La société est-elle (ou sera-t-elle) soumise à l'impôt sur les sociétés (IS) ?",
            visibleWhen: THROUGH_A_COMPANY,
          }),
        ],
        {
          hint: "Une société civile immobilière relève en principe de l'impôt sur le revenu, sauf option pour l'impôt sur les sociétés : ce choix change l'imposition des loyers et de la revente.",
          documents: [
            { id: 'buying_company_statutes', label: 'Statuts à jour de la société', requiredWhen: EXISTING_COMPANY },
            { id: 'buying_company_kbis', label: 'Extrait K-bis de la société de moins de 3 mois', requiredWhen: EXISTING_COMPANY },
          ],
          notes: [
            {
              text: 'Votre notaire vérifiera que la société peut acheter ce bien et qui peut la représenter à la signature : joignez ses statuts à jour et un extrait K-bis de moins de 3 mois.',
              visibleWhen: EXISTING_COMPANY,
            },
            {
              text: "L'office peut vous accompagner dans la création de la société : choix de la forme et du régime fiscal, rédaction des statuts, immatriculation. Parlez-en à votre notaire avant de signer l'avant-contrat.",
              visibleWhen: COMPANY_TO_CREATE,
            },
          ],
        },
      ),
      question('Achetez-vous ce bien en vue de le revendre ?', [yesNoField('juri_q5_resale')], {
        hint: "Par exemple en qualité de marchand de biens : un professionnel qui s'engage à revendre dans les cinq ans peut bénéficier de droits de mutation réduits.",
      }),
    ]),
    step(2, 'Financement', [
      question('Financez-vous cet achat, même en partie, par un prêt ?', buyerLoanFields('finance_q1_p1'), {
        hint: 'Si vous achetez à deux, répondez ici pour le premier acquéreur ou pour votre prêt commun.',
        documents: [{ ...LOAN_OFFER, requiredWhen: answeredYes('finance_q1_p1_loan') }],
      }),
      question(
        'Si vous achetez à deux, le second acquéreur finance-t-il sa part par un prêt distinct ?',
        buyerLoanFields('finance_q1_p2'),
        {
          hint: 'Répondez non si vous achetez seul, ou si votre prêt commun est déjà indiqué ci-dessus.',
          documents: [{ ...LOAN_OFFER, requiredWhen: answeredYes('finance_q1_p2_loan') }],
        },
      ),
      question('Aurez-vous recours à un prêt relais ?', [yesNoField('finance_q1b_relay')], {
        hint: "Un prêt relais finance l'achat dans l'attente de la vente d'un bien que vous possédez déjà.",
      }),
      question(
        "Bénéficiez-vous d'un prêt d'un employeur ou d'un organisme professionnel ?",
        [
          textField('finance_q2_pro_org', NAME_LENGTH, { label: 'Organisme prêteur' }),
          textField('finance_q2_pro_beneficiary', NAME_LENGTH, { label: 'Emprunteur(s)' }),
          textField('finance_q2_pro_amount', 50, { label: 'Montant du prêt (en euros)', format: 'amount' }),
        ],
        {
          hint: "Par exemple un prêt Action Logement ou un prêt de votre entreprise. Laissez vide si ce n'est pas le cas.",
          optional: true,
        },
      ),
      question(
        'Apportez-vous des fonds personnels à cet achat ?',
        [
          yesNoField('finance_q3_funds'),
          textField('finance_q3_p1_share', 50, {
            label: 'Part de ces fonds apportée par le premier acquéreur (en %)',
            format: 'percent',
            visibleWhen: answeredYes('finance_q3_funds'),
          }),
          textField('finance_q3_p2_share', 50, {
            label: 'Part de ces fonds apportée par le second acquéreur (en %)',
            format: 'percent',
            visibleWhen: answeredYes('finance_q3_funds'),
          }),
        ],
        {
          hint: "Épargne, donation, vente d'un autre bien… Si vous achetez à deux, la part de chacun aide votre notaire à vous conseiller sur la répartition de la propriété.",
          documents: [
            {
              id: 'funds_origin_proof',
              label: "Justificatif de l'origine des fonds apportés (relevé d'épargne, acte de donation ou de vente…)",
              requiredWhen: answeredYes('finance_q3_funds'),
            },
          ],
        },
      ),
    ]),
    step(3, 'Vos projets', [
      question(
        "Envisagez-vous de changer l'usage du bien, par exemple pour y exercer une activité professionnelle ?",
        [
          yesNoField('projects_q1_modifications'),
          textField('projects_q1_activity', 255, { label: 'Quelle activité ?', visibleWhen: answeredYes('projects_q1_modifications') }),
          yesNoField('projects_q2_clients', {
            label: 'Recevrez-vous de la clientèle dans les lieux ?',
            visibleWhen: answeredYes('projects_q1_modifications'),
          }),
        ],
        {
          hint: 'Un règlement de copropriété peut interdire certaines activités, et dans certaines villes transformer un logement en local professionnel demande une autorisation de la mairie.',
        },
      ),
      question(
        'Envisagez-vous des travaux dans le bien ?',
        [
          yesNoField('projects_q3_works'),
          textAreaField('projects_q3_works_desc', {
            label: 'Décrivez les travaux envisagés',
            visibleWhen: answeredYes('projects_q3_works'),
          }),
        ],
        {
          hint: "Extension, surélévation, changement de façade, division… Certains travaux demandent une autorisation d'urbanisme ou de la copropriété, que l'avant-contrat peut prévoir.",
        },
      ),
    ]),
    step(4, 'Avantage fiscal', [
      question(
        "Souhaitez-vous bénéficier d'un avantage fiscal avec cet achat ?",
        [
          yesNoField('fiscal_adv_q1_exists'),
          textAreaField('fiscal_adv_q1_info', {
            label: 'Quel dispositif envisagez-vous ?',
            visibleWhen: answeredYes('fiscal_adv_q1_exists'),
          }),
        ],
        {
          hint: "Par exemple une réduction d'impôt pour investissement locatif, le régime Malraux ou celui des monuments historiques : leurs conditions doivent être réunies dès l'acte.",
        },
      ),
    ]),
    step(5, 'TVA', [
      question('Êtes-vous, à ce jour, assujetti à la TVA ?', [yesNoField('vat_q1_exists_before')], {
        hint: "C'est le cas si vous exercez une activité économique soumise à la TVA (entreprise, profession libérale, location meublée para-hôtelière…).",
      }),
      question('Serez-vous assujetti à la TVA du fait de cet achat ?', [yesNoField('vat_q1_exists_after')], {
        hint: "Par exemple si vous exercerez dans le bien une activité soumise à la TVA, ou le louerez avec option pour la TVA : l'acte doit en tenir compte.",
      }),
    ]),
    step(6, "Destination / Motivation de l'achat", [
      question('À quel usage destinez-vous ce bien ?', [choiceField('motivation_q1_dest', PURCHASE_DESTINATIONS)]),
      question(
        'Pour quelle raison achetez-vous ce bien ?',
        [
          choiceField('motivation_q2_reason', PURCHASE_REASONS),
          choiceField('motivation_q2_family_event', PURCHASE_FAMILY_EVENTS, {
            label: "De quel évènement familial s'agit-il ?",
            visibleWhen: { field: 'motivation_q2_reason', equals: 'family_event' },
          }),
          textField('motivation_q2_other', 255, {
            label: 'Précisez la raison',
            visibleWhen: { field: 'motivation_q2_reason', equals: 'other' },
          }),
        ],
        { hint: "Votre notaire peut ainsi vous conseiller sur la manière d'acheter (seul, à deux, en société) et sur la fiscalité." },
      ),
    ]),
    step(7, 'Observations ou particularités', [
      question('Souhaitez-vous signaler à votre notaire une particularité de cet achat ?', [textAreaField('misc_info')], {
        hint: "Tout ce qui n'a pas trouvé sa place dans les questions précédentes : un délai à respecter, un bien vendu avec du mobilier, une situation familiale particulière…",
      }),
    ]),
  ],
});
